import CSDL2
import Graphics
import Platform

/// The PNG files the backend writes (captures, recording frames) through its bounded writer.
extension SDLBackend {
    public func writePNG(
        _ image: PixelImage, to path: String, completion: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        pngWriter.write(image, to: path, completion: completion)
    }

    public func waitForPendingWrites() {
        pngWriter.waitForAll()
    }

    public func waitForPendingWrites(unless stop: () -> Bool) {
        pngWriter.waitForAll(unless: stop)
    }

    public func cancelPendingWrites() { pngWriter.cancelQueued() }

    /// PNG writes dropped by `cancelPendingWrites` (known once `waitForPendingWrites` returns).
    public var droppedWrites: Int { pngWriter.droppedCount }

    public func makeRoomForWrite(ofBytes bytes: Int, evenInWindow: Bool) -> Bool {
        if window == nil || evenInWindow {
            pngWriter.waitForRoom(for: bytes)
            return true
        }
        return pngWriter.hasRoom(for: bytes)
    }

    /// The most bytes of frames ever waiting for the PNG writer at once: bounded by its budget.
    public var peakQueuedWriteBytes: Int { pngWriter.peakQueuedBytes }

    /// Decodes a PNG file with SDL_image (for golden comparisons).
    public static func loadPNG(path: String) -> PixelImage? {
        PNGWriter.decode(path: path)
    }
}
