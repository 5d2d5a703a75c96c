import CSDL2
import Graphics

/// Loads `Assets/<name>.png` with SDL_image, shrunk to what the window can show, and hands the
/// pixels to the renderer once: after the texture is made the decoded copy is released, so a
/// picture lives in memory once. Its size and opacity are remembered; a missing or broken file is
/// reported once and remembered as missing.
@MainActor
final class AssetStore {
    let directory: String
    private var surfaces: [String: UnsafeMutablePointer<SDL_Surface>] = [:]
    private var details: [String: Details] = [:]
    private var missing: Set<String> = []
    private let diagnostics: Diagnostics

    private struct Details {
        var size: Size
        var isOpaque: Bool
        /// True when the file is larger than what was kept (so a bigger window wants it again).
        var wasShrunk: Bool
    }

    /// The longest side, in pixels, that any picture is drawn at: the window's longer side (an
    /// aspect-filled picture at full window size needs its shorter side that long). Pictures are
    /// shrunk to it when loaded, which keeps a 1536 px illustration at 844 px on a phone window.
    private(set) var largestDrawnSide: Int = 4096
    /// Changes whenever pictures must be loaded again (the window grew past what was kept); the
    /// renderer drops its image textures when it sees a new value.
    private(set) var generation = 0

    init(directory: String, diagnostics: Diagnostics) {
        self.directory = directory
        self.diagnostics = diagnostics
    }

    /// Sets the window's longer side in pixels; growing past what shrunk pictures kept makes them
    /// load again at the new size.
    func setLargestDrawnSide(_ side: Int) {
        let side = max(side, 1)
        guard side != largestDrawnSide else { return }
        let grew = side > largestDrawnSide
        largestDrawnSide = side
        guard grew, details.values.contains(where: \.wasShrunk) else { return }
        for surface in surfaces.values { SDL_FreeSurface(surface) }
        surfaces = [:]
        details = [:]
        generation += 1
    }

    /// The decoded pixels for making a texture; `releaseSurface` once the texture exists.
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
        let isOpaque = loaded.pointee.format.map { $0.pointee.Amask == 0 } ?? false
        let kept = shrunk(loaded, isOpaque: isOpaque)
        details[image.name] = Details(
            size: Size(width: Double(kept.pointee.w), height: Double(kept.pointee.h)), isOpaque: isOpaque,
            wasShrunk: kept != loaded)
        surfaces[image.name] = kept
        return kept
    }

    /// The texture has the pixels now: drop the decoded copy (details stay).
    func releaseSurface(for image: ImageRef) {
        guard let surface = surfaces.removeValue(forKey: image.name) else { return }
        SDL_FreeSurface(surface)
    }

    /// `loaded` scaled down (linear filtering, halving first so no pixel is skipped) until its
    /// shorter side is about `largestDrawnSide`; `loaded` itself when it is small enough or cannot
    /// be scaled.
    private func shrunk(_ loaded: UnsafeMutablePointer<SDL_Surface>, isOpaque: Bool) -> UnsafeMutablePointer<
        SDL_Surface
    > {
        let width = Int(loaded.pointee.w)
        let height = Int(loaded.pointee.h)
        let shorter = min(width, height)
        guard shorter > largestDrawnSide,
            let converted = SDL_ConvertSurfaceFormat(
                loaded, isOpaque ? SDL_PIXELFORMAT_RGB888.rawValue : SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
        else { return loaded }
        var current = converted
        var currentShorter = shorter
        while currentShorter > largestDrawnSide {
            let factor = max(0.5, Double(largestDrawnSide) / Double(currentShorter))
            let newWidth = Int32(max(1, (Double(current.pointee.w) * factor).rounded()))
            let newHeight = Int32(max(1, (Double(current.pointee.h) * factor).rounded()))
            guard
                let smaller = SDL_CreateRGBSurfaceWithFormat(
                    0, newWidth, newHeight, 32, current.pointee.format.pointee.format)
            else { break }
            if SDL_SoftStretchLinear(current, nil, smaller, nil) != 0 {
                SDL_FreeSurface(smaller)
                break
            }
            SDL_FreeSurface(current)
            current = smaller
            currentShorter = Int(min(newWidth, newHeight))
        }
        if currentShorter == shorter {
            SDL_FreeSurface(current)
            return loaded
        }
        SDL_FreeSurface(loaded)
        return current
    }

    func size(of image: ImageRef) -> Size? {
        if let known = details[image.name] { return known.size }
        guard surface(for: image) != nil else { return nil }
        return details[image.name]?.size
    }

    /// True when the image has no alpha channel, so it can be drawn without blending.
    func isOpaque(_ image: ImageRef) -> Bool {
        if let known = details[image.name] { return known.isOpaque }
        guard surface(for: image) != nil else { return false }
        return details[image.name]?.isOpaque ?? false
    }

    func freeAll() {
        for surface in surfaces.values { SDL_FreeSurface(surface) }
        surfaces = [:]
    }
}
