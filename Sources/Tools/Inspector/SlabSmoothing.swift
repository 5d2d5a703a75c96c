import Graphics

/// Which turned slabs are drawn smooth (resampled) rather than in strips of whole columns. Strips
/// are exact and cheap, so a stack that turns, or a scene that moves beneath it, stays live; but
/// text on them steps a pixel at a time. A slab whose drawing has been the same for `stillFrames`
/// frames is held still: it is resampled once and then only copied, and its text reads smooth (a
/// slab that moves now and then — a room's page while its spring settles — is not resampled over
/// and over). Slabs that come to rest on the same frame are smoothed a few at a time
/// (`areaPerFrame` points² of them a frame, at least one), so no one frame pays for all of them.
struct SlabSmoothing {
    /// Frames a slab's drawing must stay the same before it is smoothed (a fifth of a second).
    static let stillFrames = 12
    /// Points² of slabs newly smoothed in one frame (a quarter of a phone screen): at 2× on the
    /// software renderer, a few milliseconds of resampling.
    static let areaPerFrame = 80_000.0
    /// Slabs newly smoothed in one frame, however small: each is a picture drawn upright and
    /// resampled, and a room's three dozen labels coming to rest together cost 60–95 ms in one
    /// frame at 1280×800@2× when their area alone was counted.
    static let slabsPerFrame = 8

    /// Each slab picture's drawing on the last frame, by picture id, for how many frames it has
    /// been the same, and whether it was smooth.
    private var last: [Int: (drawing: TransformedDrawing, still: Int, smooth: Bool)] = [:]

    /// `commands` with the slab pictures that held still drawn smooth. `stepping` false draws the
    /// same frame again (a second look): the decisions of the frame are kept, not taken again.
    mutating func apply(to commands: [DrawCommand], stepping: Bool) -> [DrawCommand] {
        var budget = Self.areaPerFrame
        var smoothedOne = false
        var smoothedNow = 0
        var next: [Int: (drawing: TransformedDrawing, still: Int, smooth: Bool)] = [:]
        let result = commands.map { command -> DrawCommand in
            // A picture of one colour is drawn as a fill: nothing on it to smooth.
            guard case .transformed(var drawing) = command, case .picture(let picture, _) = drawing.content,
                drawing.shear != nil, drawing.solidColor == nil
            else { return command }
            let previous = last[picture.id]
            var smooth = false
            var still = 0
            if let previous, previous.drawing == drawing {
                still = stepping ? previous.still + 1 : previous.still
                if previous.smooth || !stepping {
                    smooth = previous.smooth
                } else if still >= Self.stillFrames, smoothedNow < Self.slabsPerFrame {
                    let area = drawing.drawnRect.width * drawing.drawnRect.height
                    if !smoothedOne || area <= budget {
                        smooth = true
                        smoothedOne = true
                        smoothedNow += 1
                        budget -= area
                    }
                }
            }
            next[picture.id] = (drawing, still, smooth)
            drawing.resampled = smooth
            return .transformed(drawing)
        }
        if stepping { last = next }

        return result
    }
}
