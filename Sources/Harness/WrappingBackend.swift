import Graphics
import Platform
import Rendering

/// A backend that wraps another and changes only how frames are drawn (the sampled backend, the
/// render check): everything else — size, metrics, input, PNG writing — is the wrapped one's.
@MainActor
public protocol WrappingBackend: Backend {
    var base: any Backend { get }
}

extension WrappingBackend {
    public var pointSize: Size { base.pointSize }
    public var pixelScale: Double { base.pixelScale }
    public var metrics: any ContentMetrics { base.metrics }
    public var diagnostics: Diagnostics { base.diagnostics }
    public var liveTextureCount: Int { base.liveTextureCount }
    public func resize(to size: Size) { base.resize(to: size) }
    public func pollEvents() -> [InputEvent] { base.pollEvents() }
    public func present() { base.present() }
    public func hasRoom(for size: Size) -> Bool { base.hasRoom(for: size) }
    public func setClipboardText(_ text: String) -> Bool { base.setClipboardText(text) }

    public func writePNG(
        _ image: PixelImage, to path: String, completion: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        base.writePNG(image, to: path, completion: completion)
    }

    public func waitForPendingWrites() { base.waitForPendingWrites() }
    public func waitForPendingWrites(unless stop: () -> Bool) { base.waitForPendingWrites(unless: stop) }

    public func cancelPendingWrites() { base.cancelPendingWrites() }

    public func providePicture(named name: String, encoded: [UInt8], width: Int, height: Int) {
        base.providePicture(named: name, encoded: encoded, width: width, height: height)
    }
    public func withdrawPicture(named name: String) { base.withdrawPicture(named: name) }
    public func providePicture(named name: String, pixels: PixelImage) {
        base.providePicture(named: name, pixels: pixels)
    }
    public func decodePicture(_ encoded: [UInt8]) -> PixelImage? { base.decodePicture(encoded) }

    public var rendererSummary: String { base.rendererSummary }
    public func makeOffscreenRenderer(size: Size, scale: Double) -> Result<
        any OffscreenRenderer, OffscreenRendererError
    > {
        base.makeOffscreenRenderer(size: size, scale: scale)
    }
    public var renderOptionsInForce: RenderOptions { base.renderOptionsInForce }

    public func makeRoomForWrite(ofBytes bytes: Int, evenInWindow: Bool) -> Bool {
        base.makeRoomForWrite(ofBytes: bytes, evenInWindow: evenInWindow)
    }
}
