import CSDL2
import Rendering

/// Fills and clears on the output written by us rather than by SDL: translucent ones blended by
/// `BlendFill`, opaque ones and clears as plain stores. They touch the pixels SDL's software
/// renderer would touch for the same call (each rect at least one pixel wide and high, as SDL
/// queues it, cut to the clip, the output, the lane's rows and its restriction; a clear cut to
/// the last two only) and write the bytes SDL writes, so bands, the whole output and SDL's
/// renderer agree byte for byte.
extension DrawingLane {
    /// Fills `boxes` of the target: on the output in a format we write, with our own stores and
    /// blends; else by SDL.
    func fill(_ boxes: [PixelBox], color: RGBA8, blend: ExecutorBlend, onOutput: Bool) {
        if onOutput, fillsOwnPixels, blend == .blend {
            blendFill(boxes, color: color)
        } else if onOutput, fillsOwnPixels, blend == .replace {
            opaqueFill(boxes, color: color)
        } else {
            calls.fill(boxes, color: color, blend: blend)
        }
    }

    /// Blends `color` over `boxes` of the output (output coordinates).
    func blendFill(_ boxes: [PixelBox], color: RGBA8) {
        let alphaChannel = hasAlphaChannel
        forEachRow(of: boxes) { row, count in
            BlendFill.blend(row: row, count: count, color: color, alphaChannel: alphaChannel)
        }
    }

    /// Writes `color` over `boxes` of the output, or over all of the lane's rows (a clear, which
    /// SDL does not clip), with plain stores: SDL's fill streams past the cache, and the next
    /// call reads those pixels back from memory.
    func opaqueFill(_ boxes: [PixelBox]?, color: RGBA8) {
        // As SDL_MapRGBA maps it: no alpha byte on an XRGB surface.
        let alpha = hasAlphaChannel ? UInt32(color.a) << 24 : 0
        let pixel = alpha | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        let write = { (row: UnsafeMutablePointer<UInt32>, count: Int) in row.update(repeating: pixel, count: count) }
        guard let boxes else {
            if let writable { forEachRow(of: [writable], clipped: false, write) }
            return
        }
        forEachRow(of: boxes, write)
    }

    /// The rows of `boxes` SDL's software renderer would touch, each handed to `body` as its
    /// first pixel and count.
    private func forEachRow(
        of boxes: [PixelBox], clipped: Bool = true, _ body: (UnsafeMutablePointer<UInt32>, Int) -> Void
    ) {
        guard var within = writable else { return }
        if clipped, let clip {
            guard let clipped = Self.intersection(within, clip) else { return }
            within = clipped
        }
        guard let pixels = drawSurface.pointee.pixels else { return }
        let pitch = Int(drawSurface.pointee.pitch)
        for box in boxes {
            let queued = PixelBox(x: box.x, y: box.y, w: max(box.w, 1), h: max(box.h, 1))
            guard let shown = Self.intersection(queued, within) else { continue }
            for y in shown.y..<(shown.y + shown.h) {
                let row = (pixels + Int(y - top) * pitch).assumingMemoryBound(to: UInt32.self) + Int(shown.x)
                body(row, Int(shown.w))
            }
        }
    }
}
