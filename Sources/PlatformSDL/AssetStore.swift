import CSDL2
import Dispatch
import Foundation
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
    /// In a real window pictures are decoded on a background queue as soon as a view asks for
    /// them (`prefetch`), so the frame that first shows one does not stall on PNG decoding; until
    /// then the picture is simply not drawn. Headless runs decode on the spot, so every replay
    /// draws the same pixels in the same frame.
    var decodesInBackground = false
    /// Pictures being decoded in the background, with the generation they were asked for in.
    private var pending: [String: Int] = [:]

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

    /// Starts decoding `image` in the background (a real window only), so it is ready by the time
    /// it is drawn.
    func prefetch(_ image: ImageRef) {
        guard decodesInBackground, surfaces[image.name] == nil, details[image.name] == nil,
            pending[image.name] == nil, !missing.contains(image.name)
        else { return }
        let path = directory + "/" + image.name + ".png"
        let target = largestDrawnSide
        let asked = generation
        pending[image.name] = asked
        let inbox = self.inbox
        let name = image.name
        DispatchQueue.global(qos: .userInitiated).async {
            inbox.post(DecodedPicture(path: path, largestSide: target), name: name, generation: asked)
        }
    }

    /// Decoded pictures waiting for the main thread (the frame loop drains them each frame).
    private let inbox = DecodedInbox()

    /// Takes in what the background decoded since the last frame.
    func receiveDecoded() {
        for (name, picture, asked) in inbox.take() { receive(picture, for: name, askedIn: asked) }
    }

    private func receive(_ decoded: DecodedPicture, for name: String, askedIn asked: Int) {
        guard pending.removeValue(forKey: name) == asked, asked == generation, surfaces[name] == nil,
            details[name] == nil, let kept = decoded.surface
        else {
            if let surface = decoded.surface { SDL_FreeSurface(surface) }
            return
        }
        details[name] = Details(
            size: Size(width: Double(kept.pointee.w), height: Double(kept.pointee.h)), isOpaque: decoded.isOpaque,
            wasShrunk: decoded.wasShrunk)
        surfaces[name] = kept
    }

    /// True while `image` is still being decoded in the background (it is not drawn yet).
    func isPending(_ image: ImageRef) -> Bool { pending[image.name] != nil }

    /// The decoded pixels for making a texture; `releaseSurface` once the texture exists.
    func surface(for image: ImageRef) -> UnsafeMutablePointer<SDL_Surface>? {
        if let surface = surfaces[image.name] { return surface }
        if missing.contains(image.name) || pending[image.name] != nil { return nil }
        let path = directory + "/" + image.name + ".png"
        guard let loaded = IMG_Load(path) else {
            missing.insert(image.name)
            diagnostics.say(
                "Image \(path) could not be loaded (\(String(cString: SDL_GetError()))): "
                    + "showing a placeholder. Regenerate the assets with tools/make-assets or pass --assets DIR.")
            return nil
        }
        let isOpaque = loaded.pointee.format.map { $0.pointee.Amask == 0 } ?? false
        let kept = Self.shrunk(loaded, isOpaque: isOpaque, largestSide: largestDrawnSide)
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
    nonisolated static func shrunk(
        _ loaded: UnsafeMutablePointer<SDL_Surface>, isOpaque: Bool, largestSide largestDrawnSide: Int
    ) -> UnsafeMutablePointer<SDL_Surface> {
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
        // Still decoding: the file's own size answers layout (only the aspect matters there).
        if pending[image.name] != nil {
            return DecodedPicture.headerSize(path: directory + "/" + image.name + ".png")
        }
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

/// A picture decoded (and shrunk) off the main thread; the surface is handed over once.
private final class DecodedPicture: @unchecked Sendable {
    let surface: UnsafeMutablePointer<SDL_Surface>?
    let isOpaque: Bool
    let wasShrunk: Bool

    init(path: String, largestSide: Int) {
        guard let loaded = IMG_Load(path) else {
            surface = nil
            isOpaque = false
            wasShrunk = false
            return
        }
        let opaque = loaded.pointee.format.map { $0.pointee.Amask == 0 } ?? false
        let kept = AssetStore.shrunk(loaded, isOpaque: opaque, largestSide: largestSide)
        surface = kept
        isOpaque = opaque
        wasShrunk = kept != loaded
    }

    /// Width and height from a PNG's header, without decoding it.
    static func headerSize(path: String) -> Size? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: 24)
        guard fread(&header, 1, 24, file) == 24 else { return nil }
        let width = header[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = header[20..<24].reduce(0) { $0 << 8 | Int($1) }
        return width > 0 && height > 0 ? Size(width: Double(width), height: Double(height)) : nil
    }
}

/// Where background decodes leave their results for the main thread.
private final class DecodedInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(String, DecodedPicture, Int)] = []

    func post(_ picture: DecodedPicture, name: String, generation: Int) {
        lock.lock()
        items.append((name, picture, generation))
        lock.unlock()
    }

    func take() -> [(String, DecodedPicture, Int)] {
        lock.lock()
        defer { lock.unlock() }
        let taken = items
        items = []
        return taken
    }
}
