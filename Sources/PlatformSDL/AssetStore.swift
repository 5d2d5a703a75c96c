import CSDL2
import Graphics

/// Loads `Assets/<name>.png` once with SDL_image and keeps the decoded surface; textures are made
/// from it by the renderer. A missing or broken file is reported once and remembered as missing.
@MainActor
final class AssetStore {
    let directory: String
    private var surfaces: [String: UnsafeMutablePointer<SDL_Surface>] = [:]
    private var missing: Set<String> = []

    private let diagnostics: Diagnostics

    init(directory: String, diagnostics: Diagnostics) {
        self.directory = directory
        self.diagnostics = diagnostics
    }

    func surface(for image: ImageRef) -> UnsafeMutablePointer<SDL_Surface>? {
        if let surface = surfaces[image.name] { return surface }
        if missing.contains(image.name) { return nil }
        let path = directory + "/" + image.name + ".png"
        guard let loaded = IMG_Load(path) else {
            missing.insert(image.name)
            diagnostics.say(
                "Image \(path) could not be loaded (\(String(cString: SDL_GetError()))): "
                    + "showing a placeholder. Regenerate the assets with tools/make-assets or pass --assets DIR.")
            return nil
        }
        surfaces[image.name] = loaded
        return loaded
    }

    func size(of image: ImageRef) -> Size? {
        guard let surface = surface(for: image) else { return nil }
        return Size(width: Double(surface.pointee.w), height: Double(surface.pointee.h))
    }

    /// True when the image has no alpha channel, so it can be drawn without blending.
    func isOpaque(_ image: ImageRef) -> Bool {
        guard let surface = surface(for: image), let format = surface.pointee.format else { return false }
        return format.pointee.Amask == 0
    }

    func freeAll() {
        for surface in surfaces.values { SDL_FreeSurface(surface) }
        surfaces = [:]
    }
}
