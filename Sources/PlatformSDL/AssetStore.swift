import CSDL2
import Dispatch
import Foundation
import Graphics

/// Loads `Assets/<name>.png` with SDL_image, shrunk to what the window can show, and hands the
/// pixels to the renderer once. A picture's size and opacity come from its PNG header, so layout
/// never waits for (or depends on) decoding. The decoded copy is released once the renderer has
/// made its texture; if the renderer later lets the texture go, the shrunk pixels come back from
/// the disk cache (`PictureDiskCache`) in milliseconds. A missing or broken file is reported once
/// and remembered as missing.
@MainActor
final class AssetStore {
    let directory: String
    var surfaces: [String: UnsafeMutablePointer<SDL_Surface>] = [:]
    var details: [String: PNGHeader] = [:]
    var missing: Set<String> = []
    /// Pictures the renderer holds as textures (no decode needed to draw them).
    var uploaded: Set<String> = []
    /// Pictures made at run time (`provide`): their encoded bytes, by name.
    var provided: [String: [UInt8]] = [:]
    /// Pictures computed at run time (`provide(named:pixels:)`): their pixels, by name.
    var providedPixels: [String: PixelImage] = [:]
    /// Names withdrawn since the renderer last asked.
    var withdrawn: [String] = []
    private let diagnostics: Diagnostics

    /// The longest side, in pixels, that any picture is drawn at: the window's longer side (an
    /// aspect-filled picture at full window size needs its shorter side that long). Pictures are
    /// shrunk to it when decoded, which keeps a 1536 px illustration at 844 px on a phone window.
    private(set) var largestDrawnSide: Int = 4096
    /// Changes whenever pictures must be decoded again (the window grew past what was kept); the
    /// renderer drops its picture textures when it sees a new value.
    private(set) var generation = 0
    /// In a real window pictures are decoded on a background queue as soon as a view is given one
    /// (`prefetch`), so the frame that first shows it does not stall on PNG decoding; until then
    /// the picture is simply not drawn. Headless runs decode on the spot, so every replay draws
    /// the same pixels in the same frame.
    var decodesInBackground = false
    let cache: PictureDiskCache
    /// Pictures being decoded in the background, with the generation they were asked for in.
    var pending: [String: Int] = [:]
    /// Counts pictures that became ready to draw; a layer rasterized while one was still decoding
    /// is drawn again when this moves.
    private(set) var arrivals = 0

    /// `cache` has no default: every caller says where decoded pictures go (the user's cache, a
    /// test's folder, none), so no test can fall back to the user's `~/.cache`.
    init(directory: String, diagnostics: Diagnostics, cache: PictureDiskCache) {
        self.directory = directory
        self.diagnostics = diagnostics
        self.cache = cache
    }

    private func path(of name: String) -> String { directory + "/" + name + ".png" }

    /// Sets the window's longer side in pixels; growing past what shrunk pictures kept makes them
    /// decode again at the new size.
    func setLargestDrawnSide(_ side: Int) {
        let side = max(side, 1)
        guard side != largestDrawnSide else { return }
        let old = largestDrawnSide
        largestDrawnSide = side
        guard side > old, details.values.contains(where: { $0.shorterSide > old }) else { return }
        for surface in surfaces.values { SDL_FreeSurface(surface) }
        surfaces = [:]
        uploaded = []
        generation += 1
    }

    /// Starts decoding `image` in the background unless it is ready, decoding or missing, so it
    /// is ready by the time it is drawn.
    func prefetch(_ image: ImageRef) {
        let name = image.name
        guard decodesInBackground, surfaces[name] == nil, !uploaded.contains(name), pending[name] == nil,
            provided[name] == nil, providedPixels[name] == nil, header(of: name) != nil
        else {
            return
        }
        let path = path(of: name)
        let target = largestDrawnSide
        let asked = generation
        pending[name] = asked
        let inbox = self.inbox
        let cache = self.cache
        Self.decoding.async {
            inbox.post(DecodedPicture(path: path, largestSide: target, cache: cache), name: name, generation: asked)
        }
    }

    /// One decode at a time: each holds the file's pixels and a converted copy for a moment, and
    /// the frame loop needs the other core.
    private nonisolated static let decoding = DispatchQueue(label: "teardowns.picture-decoding", qos: .userInitiated)

    /// Returns once the decodes asked for so far have posted their pictures (the queue is serial).
    func waitForBackgroundDecodes() { Self.decoding.sync {} }

    /// Decoded pictures waiting for the main thread (the frame loop drains them each frame).
    private let inbox = DecodedInbox()

    /// Whether the background has decoded pictures the frame loop has not taken in yet.
    var hasDecodedWaiting: Bool { inbox.hasItems }

    /// Takes in what the background decoded since the last frame; returns the names now ready.
    @discardableResult
    func receiveDecoded() -> [String] {
        inbox.take().compactMap { name, picture, asked in receive(picture, for: name, askedIn: asked) ? name : nil }
    }

    private func receive(_ decoded: DecodedPicture, for name: String, askedIn asked: Int) -> Bool {
        guard pending[name] == asked else {
            // Asked for in an older generation and asked again since: the newer one is awaited.
            if let surface = decoded.surface { SDL_FreeSurface(surface) }
            return false
        }
        pending[name] = nil
        guard asked == generation, surfaces[name] == nil, !uploaded.contains(name), let kept = decoded.surface else {
            if let surface = decoded.surface { SDL_FreeSurface(surface) }
            return false
        }
        surfaces[name] = kept
        arrivals += 1
        return true
    }

    /// What drawing `image` can do this frame.
    enum Readiness {
        /// Decoded: make the texture from these pixels, then `didUpload`.
        case decoded(UnsafeMutablePointer<SDL_Surface>)
        /// Still decoding in the background (a real window): draw nothing yet.
        case decoding
        /// Missing or unreadable: draw the placeholder.
        case missing
    }

    /// The decoded pixels for making a texture: from the disk cache when they are there (fast
    /// enough for any frame), else decoded on the spot (headless) or in the background (a real
    /// window, which draws the picture once that is done).
    func pixels(for image: ImageRef) -> Readiness {
        let name = image.name
        if let surface = surfaces[name] { return .decoded(surface) }
        if pending[name] != nil { return .decoding }
        if let encoded = provided[name] { return decodeProvided(encoded, named: name) }
        if let image = providedPixels[name] { return surface(of: image, named: name) }
        guard header(of: name) != nil else { return .missing }
        if let cached = cache.load(path(of: name), side: largestDrawnSide) {
            surfaces[name] = cached
            return .decoded(cached)
        }
        if decodesInBackground {
            prefetch(image)
            return pending[name] != nil ? .decoding : .missing
        }
        let decoded = DecodedPicture(path: path(of: name), largestSide: largestDrawnSide, cache: cache)
        guard let surface = decoded.surface else {
            reportMissing(name, reason: String(cString: SDL_GetError()))
            return .missing
        }
        surfaces[name] = surface
        return .decoded(surface)
    }

    /// The texture has the pixels now: drop the decoded copy.
    func didUpload(_ image: ImageRef) {
        uploaded.insert(image.name)
        guard let surface = surfaces.removeValue(forKey: image.name) else { return }
        SDL_FreeSurface(surface)
    }

    /// The renderer let the texture go; the next draw (or prefetch) decodes the file again.
    func didEvict(_ image: ImageRef) {
        uploaded.remove(image.name)
    }

    /// About the bytes decoding `image` from its PNG holds for a moment beyond its texture: the
    /// file's pixels and their 32-bit copy, both at full size, before they are shrunk (0 when the
    /// pixels are decoded already or come from the disk cache, whose copy is the texture's size).
    /// The renderer makes room for them first, so that moment does not stack on pictures the
    /// screen no longer shows: at 1280×800 a room's picture holds 16 MB while it is decoded.
    func decodeWorkingBytes(of image: ImageRef) -> Int {
        guard surfaces[image.name] == nil, let header = header(of: image.name),
            !cache.holds(path(of: image.name), side: largestDrawnSide)
        else { return 0 }
        return header.width * header.height * (header.isOpaque ? 3 + 4 : 4 + 4)
    }

    /// The file's size in pixels (layout only needs its aspect); nil when it is missing.
    func size(of image: ImageRef) -> Size? {
        header(of: image.name).map { Size(width: Double($0.width), height: Double($0.height)) }
    }

    /// True when the picture has no transparency, so it can be drawn without blending.
    func isOpaque(_ image: ImageRef) -> Bool {
        header(of: image.name)?.isOpaque ?? false
    }

    private func header(of name: String) -> PNGHeader? {
        if let known = details[name] { return known }
        if missing.contains(name) { return nil }
        let path = path(of: name)
        guard let header = PNGHeader(path: path) else {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "not a readable PNG" : "no such file"
            reportMissing(name, reason: reason)
            return nil
        }
        details[name] = header
        return header
    }

    func reportMissing(_ name: String, reason: String) {
        guard missing.insert(name).inserted else { return }
        details[name] = nil
        diagnostics.say(
            "Image \(path(of: name)) could not be loaded (\(reason)): showing a placeholder. "
                + "Regenerate the assets with tools/make-assets or pass --assets DIR.")
    }

    func freeAll() {
        for surface in surfaces.values { SDL_FreeSurface(surface) }
        surfaces = [:]
        uploaded = []
    }
}
