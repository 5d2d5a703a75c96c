import CSDL2
import Graphics
import Platform
import Rendering

/// Reading a drawn frame back (captures, recordings, the render check): the whole window or a
/// region of it, the frame drawn first when the redraw gate skipped it.
extension SDLBackend {
    public func readPixels() -> PixelImage? { readPixels(pixelRect: nil) }

    public func readPixels(in region: Rect) -> PixelImage? {
        let width = Int32(outputSize.width)
        let height = Int32(outputSize.height)
        let left = min(max(Int32((region.minX * pixelScale).rounded()), 0), width)
        let top = min(max(Int32((region.minY * pixelScale).rounded()), 0), height)
        let right = min(max(Int32((region.maxX * pixelScale).rounded()), left), width)
        let bottom = min(max(Int32((region.maxY * pixelScale).rounded()), top), height)
        if left == 0, top == 0, right == width, bottom == height { return readPixels(pixelRect: nil) }
        return readPixels(pixelRect: SDL_Rect(x: left, y: top, w: right - left, h: bottom - top))
    }

    func readPixels(pixelRect: SDL_Rect?) -> PixelImage? {
        frames.drawUndrawn(with: displayListRenderer, output: outputSize)
        bands?.flush()
        return Self.readPixels(
            of: renderer, pixelRect: pixelRect, outputWidth: outputSize.width, outputHeight: outputSize.height,
            diagnostics: diagnostics)
    }

    /// The pixels of `pixelRect` (all of the output when nil) of what `renderer` drew, made opaque.
    static func readPixels(
        of renderer: OpaquePointer, pixelRect: SDL_Rect?, outputWidth: Int, outputHeight: Int,
        diagnostics: Diagnostics
    ) -> PixelImage? {
        let width = pixelRect.map { Int($0.w) } ?? outputWidth
        let height = pixelRect.map { Int($0.h) } ?? outputHeight
        guard width > 0, height > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        var rect = pixelRect ?? SDL_Rect()
        let status = bytes.withUnsafeMutableBytes { buffer in
            withUnsafePointer(to: &rect) { area in
                SDL_RenderReadPixels(
                    renderer, pixelRect == nil ? nil : area, SDL_PIXELFORMAT_ABGR8888.rawValue, buffer.baseAddress,
                    Int32(width * 4))
            }
        }
        guard status == 0 else {
            diagnostics.say("Reading the frame failed: \(String(cString: SDL_GetError())).")
            return nil
        }
        // The window is opaque, but blending leaves a few pixels' alpha a step or four under 255:
        // a capture keeps only what the screen shows, or viewers would let their background through.
        // Word by word through a pointer: a capture, the recorder and the render check read
        // every frame's pixels, and a debug build pays for each generic step of a byte loop.
        let opaque = UInt32(littleEndian: 0xFF00_0000)
        bytes.withUnsafeMutableBytes { buffer in
            let words = buffer.bindMemory(to: UInt32.self)
            guard let base = words.baseAddress else { return }
            var index = 0
            while index < words.count {
                base[index] |= opaque
                index += 1
            }
        }
        return PixelImage(width: width, height: height, rgba: bytes)
    }

}
