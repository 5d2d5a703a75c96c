import Graphics
import Rendering

/// What the app host needs from whatever draws and delivers input: the SDL window, SDL's headless
/// software renderer, or a test double. Declared here, below the view tree, so that the SDL backend
/// implements it without knowing about views or the harness.
@MainActor
public protocol Backend: AnyObject {
    /// The drawable size in points (window size / explicit scale).
    var pointSize: Size { get }
    /// Device pixels per point (the renderer's output size over the window size × explicit scale).
    var pixelScale: Double { get }
    /// Text and image metrics consistent with how this backend draws.
    var metrics: any ContentMetrics { get }
    /// Where this app's one-line messages to the user go (shared with the host).
    var diagnostics: Diagnostics { get }
    /// Makes the drawable area `size` points (the scene and the dock beside it; a real window is
    /// asked to follow).
    func resize(to size: Size)
    /// Input that arrived since the last call, oldest first.
    func pollEvents() -> [InputEvent]
    /// Draws a frame without showing it yet, so it can be read back by `readPixels`.
    func draw(_ list: DisplayList)
    /// Draws the tools over the frame drawn (toasts, hints), after the frame's own captures were
    /// read: what they show is never in a capture of the scene. An empty list draws nothing.
    func drawOverlay(_ list: DisplayList)
    /// The pixels of the frame last drawn, at pixel size.
    func readPixels() -> PixelImage?
    /// The pixels of `region` (points, from the window's top left) of the frame last drawn: the
    /// scene's area when tools sit beside it.
    func readPixels(in region: Rect) -> PixelImage?
    /// Puts `text` on the system clipboard; false where there is none (headless).
    func setClipboardText(_ text: String) -> Bool
    /// Whether the screen has room for a window of `size` points (a dock widening it); a backend
    /// without a screen always has.
    func hasRoom(for size: Size) -> Bool
    /// Shows the frame, waiting for the display's next refresh (or pacing to it where vsync does not wait).
    func present()
    /// Writes a PNG off the frame loop; `completion` runs on the main actor with an error message or nil.
    func writePNG(_ image: PixelImage, to path: String, completion: @escaping @MainActor @Sendable (String?) -> Void)
    /// Blocks until every PNG write started so far has finished (headless runs call it before exiting).
    func waitForPendingWrites()
    /// The same, but gives up as soon as `stop` says so (a signal asking the run to end).
    func waitForPendingWrites(unless stop: () -> Bool)
    /// Whether a PNG write of `bytes` may start now. The writes waiting to be encoded are
    /// bounded in bytes: when they are full a headless backend waits for room (its clock stands
    /// still meanwhile), a window answers false — unless `evenInWindow` (a recording, whose frames
    /// must all be kept).
    func makeRoomForWrite(ofBytes bytes: Int, evenInWindow: Bool) -> Bool
    /// Drops the PNG writes not started yet (a run ending on a signal ends now, not after them).
    func cancelPendingWrites()
    /// Which renderer draws and why, in a few words (the HUD shows it).
    var rendererSummary: String { get }
    /// A renderer of its own drawing `size` points at `scale` pixels per point into memory, or a
    /// sentence saying why there cannot be one (too large, no renderer).
    func makeOffscreenRenderer(size: Size, scale: Double) -> Result<any OffscreenRenderer, OffscreenRendererError>
    /// Textures the backend holds now: what the renderer keeps must stay bounded, so the HUD, the
    /// dump, the monkey's invariants and the leak tests all read it.
    var liveTextureCount: Int { get }
    /// The renderer's optimisations in force (`RenderOptions.all`, or `.reference`); a backend
    /// that does not draw keeps `.all` and ignores changes.
    var renderOptions: RenderOptions { get set }
    /// Those of `renderOptions` that pay on the renderer in use (its cost model): what draws.
    var renderOptionsInForce: RenderOptions { get }
    /// Draws `encoded` (a JPEG's or a PNG's bytes, `width` × `height` pixels) wherever a display
    /// list draws `ImageRef(name)`: a picture made at run time (a reference video's frame), not
    /// read from the assets. Names are never reused for other content: a new one is provided under
    /// a new name and the old one withdrawn.
    func providePicture(named name: String, encoded: [UInt8], width: Int, height: Int)
    /// Lets a provided picture go, its texture with it.
    func withdrawPicture(named name: String)
    /// Draws `pixels` wherever a list draws `ImageRef(name)` (a picture computed at run time:
    /// the difference between the scene and a reference video); as `providePicture`.
    func providePicture(named name: String, pixels: PixelImage)
    /// A JPEG's or PNG's bytes as pixels; nil when they are neither.
    func decodePicture(_ encoded: [UInt8]) -> PixelImage?
}

extension Backend {
    /// Textures the backend holds now; 0 where there are none.
    public var liveTextureCount: Int { 0 }

    public var renderOptions: RenderOptions {
        get { .all }
        set {}
    }

    public var renderOptionsInForce: RenderOptions { renderOptions }

    public func drawOverlay(_ list: DisplayList) {}

    /// A backend whose writes cannot be interrupted waits for them all.
    public func waitForPendingWrites(unless stop: () -> Bool) { waitForPendingWrites() }

    public func readPixels(in region: Rect) -> PixelImage? {
        guard let image = readPixels() else { return nil }
        let scale = pixelScale
        return image.cropped(
            x: Int((region.minX * scale).rounded()), y: Int((region.minY * scale).rounded()),
            width: Int((region.width * scale).rounded()), height: Int((region.height * scale).rounded()))
    }

    public func hasRoom(for size: Size) -> Bool { true }

    public func setClipboardText(_ text: String) -> Bool { false }

    /// A backend that writes nothing in the background always has room.
    public func makeRoomForWrite(ofBytes bytes: Int, evenInWindow: Bool) -> Bool { true }

    public func cancelPendingWrites() {}

    /// A backend that draws nothing keeps no pictures.
    public func providePicture(named name: String, encoded: [UInt8], width: Int, height: Int) {}
    public func withdrawPicture(named name: String) {}
    public func providePicture(named name: String, pixels: PixelImage) {}
    public func decodePicture(_ encoded: [UInt8]) -> PixelImage? { nil }

    public var rendererSummary: String { "none" }

    public func makeOffscreenRenderer(size: Size, scale: Double) -> Result<
        any OffscreenRenderer, OffscreenRendererError
    > {
        .failure(OffscreenRendererError(description: "this backend draws nothing"))
    }
}

/// Why an offscreen renderer could not be made, as a sentence's clause.
public struct OffscreenRendererError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
