import Graphics

/// Which turned slabs are drawn smooth (resampled) rather than in strips of whole columns. Strips
/// are exact and cheap, so a stack that turns, or a scene that moves beneath it, stays live; but
/// text on them steps a pixel at a time. A slab whose drawing is the same as on the frame before
/// is held still: it is resampled once and then only copied, and its text reads smooth. Slabs
/// that come to rest on the same frame are smoothed a few at a time (`areaPerFrame` points² of
/// them a frame, at least one), so the frame a stack settles on does not pay for all of them.
struct SlabSmoothing {
    /// Points² of slabs newly smoothed in one frame (about a phone screen's): at 2× on the software
    /// renderer, a few milliseconds of resampling.
    static let areaPerFrame = 300_000.0

    /// Each slab picture's drawing on the last frame, by picture id, and whether it was smooth.
    private var last: [Int: (drawing: TransformedDrawing, smooth: Bool)] = [:]

    /// `commands` with the slab pictures that held still drawn smooth. `stepping` false draws the
    /// same frame again (a second look): the decisions of the frame are kept, not taken again.
    mutating func apply(to commands: [DrawCommand], stepping: Bool) -> [DrawCommand] {
        var budget = Self.areaPerFrame
        var smoothedOne = false
        var next: [Int: (drawing: TransformedDrawing, smooth: Bool)] = [:]
        let result = commands.map { command -> DrawCommand in
            guard case .transformed(var drawing) = command, case .picture(let picture, _) = drawing.content,
                drawing.shear != nil
            else { return command }
            let previous = last[picture.id]
            var smooth = false
            if let previous, previous.drawing == drawing {
                if previous.smooth || !stepping {
                    smooth = previous.smooth
                } else {
                    let area = drawing.drawnRect.width * drawing.drawnRect.height
                    if !smoothedOne || area <= budget {
                        smooth = true
                        smoothedOne = true
                        budget -= area
                    }
                }
            }
            next[picture.id] = (drawing, smooth)
            drawing.resampled = smooth
            return .transformed(drawing)
        }
        if stepping { last = next }

        return result
    }
}
