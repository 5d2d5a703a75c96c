import CSDL2
import Rendering

/// Translucent fills on the output, blended by `BlendFill` rather than by SDL: the pixels SDL's
/// software renderer would touch for the same call (each rect at least one pixel wide and high,
/// as SDL queues it, cut to the clip, the output and the lane's rows) blended with SDL's own
/// arithmetic, so bands, the whole output and SDL's renderer agree byte for byte.
extension DrawingLane {
    /// Blends `color` over `boxes` of the output (output coordinates).
    func blendFill(_ boxes: [PixelBox], color: RGBA8) {
        var within = PixelBox(x: 0, y: top, w: outputWidth, h: height)
        if let clip {
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
                BlendFill.blend(row: row, count: Int(shown.w), color: color)
            }
        }
    }
}
