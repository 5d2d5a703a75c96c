import CSDL2
import Rendering

/// A picture stretched (bilinear, as the drawing shows pictures and text) on a lane's rows only.
/// SDL's software renderer stretches a copy that crosses its surface's edge into a temporary
/// surface the whole destination's size before it blends it, so every band would stretch the
/// whole picture, and a band's own edge would count as a clip, which makes SDL take the source
/// rectangle again from rounded doubles. Here each lane computes, for its rows only, the pixels
/// SDL computes for the whole output: the copy's rectangles cut by the drawing's clip as SDL cuts
/// them (`clippedStretch`; not cut when the copy crosses the output's edge, as SDL does not),
/// SDL's bilinear stretch (`LinearStretch`) into a scratch surface of the source's format, and
/// SDL's blend of that scratch, as it blends its temporary surface. The whole output's lane draws
/// stretched pictures the same way, so bands and whole agree exactly.
extension DrawingLane {
    /// Draws `source` (of a readable picture) stretched onto `destination` of the output within
    /// `clip`; false when SDL's copy must draw it (not stretched).
    func copyStretched(
        _ pixels: LanePixels, source: PixelBox?, destination: FloatBox, paint: TexturePaint, clip: PixelBox?
    ) -> Bool {
        guard paint.sampling == .linear, paint.blend != .premultiplied else { return false }
        let bounds = PixelBox(x: 0, y: 0, w: pixels.width, h: pixels.height)
        guard let from = Self.intersection(source ?? bounds, bounds) else { return true }
        let to = PixelBox(
            x: Int32(destination.x), y: Int32(destination.y), w: Int32(destination.w), h: Int32(destination.h))
        guard to.w != from.w || to.h != from.h else { return false }
        guard to.w > 0, to.h > 0 else { return true }
        let output = PixelBox(x: 0, y: 0, w: outputWidth, h: outputHeight)
        var clipped = output
        if let clip {
            guard let within = Self.intersection(output, clip) else { return true }
            clipped = within
        }
        // Across the output's edge SDL stretches the whole copy and clips the blend; within it,
        // it clips the stretch, taking both rectangles again from rounded doubles.
        let crossesEdge = to.x < 0 || to.y < 0 || to.x + to.w > outputWidth || to.y + to.h > outputHeight
        guard
            let stretch = crossesEdge
                ? (from, to) : Self.clippedStretch(from: from, to: to, clip: clipped, sourceBounds: bounds),
            let shown = Self.intersection(clipped, stretch.1),
            let writable, let drawn = Self.intersection(shown, writable)
        else { return true }
        let count = Int(drawn.w) * Int(drawn.h)
        if scratch.count < count { scratch = [UInt32](repeating: 0, count: count) }
        let (sampled, onto) = stretch
        let columns = Int(drawn.x - onto.x)..<Int(drawn.x - onto.x + drawn.w)
        let rows = Int(drawn.y - onto.y)..<Int(drawn.y - onto.y + drawn.h)
        stretchLinear(pixels, from: sampled, to: onto, rows: rows, columns: columns)
        blend(drawn, format: pixels.format, paint: paint)
        return true
    }

    /// SDL's bilinear stretch (`LinearStretch`) for the destination's `rows` and `columns`.
    private func stretchLinear(
        _ pixels: LanePixels, from: PixelBox, to: PixelBox, rows: Range<Int>, columns: Range<Int>
    ) {
        let across = LinearStretch.Columns(
            LinearStretch.taps(source: Int(from.w), destination: Int(to.w), range: columns), sourceWidth: Int(from.w))
        let down = LinearStretch.taps(source: Int(from.h), destination: Int(to.h), range: rows)
        let origin = pixels.base + Int(from.y) * Int(pixels.pitch) + Int(from.x) * 4
        let width = columns.count
        scratch.withUnsafeMutableBufferPointer { out in
            guard let outBase = out.baseAddress else { return }
            for (row, tap) in down.enumerated() {
                LinearStretch.stretchRow(
                    upper: (origin + tap.first * Int(pixels.pitch)).assumingMemoryBound(to: UInt32.self),
                    lower: (origin + tap.second * Int(pixels.pitch)).assumingMemoryBound(to: UInt32.self),
                    down: tap.weight, columns: across, into: outBase + row * width)
            }
        }
    }

    /// Blends the scratch (`area` of the output, row after row) onto the lane's surface with
    /// `paint`, as SDL blends its temporary surface.
    private func blend(_ area: PixelBox, format: UInt32, paint: TexturePaint) {
        scratch.withUnsafeMutableBytes { bytes in
            guard
                let stretched = SDL_CreateRGBSurfaceWithFormatFrom(
                    bytes.baseAddress, area.w, area.h, 32, area.w * 4, format)
            else { return }
            defer { SDL_FreeSurface(stretched) }
            SDL_SetSurfaceColorMod(stretched, paint.tint.r, paint.tint.g, paint.tint.b)
            SDL_SetSurfaceAlphaMod(stretched, paint.alpha)
            SDL_SetSurfaceBlendMode(stretched, paint.blend == .replace ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            SDL_SetClipRect(drawSurface, nil)
            var at = SDL_Rect(x: area.x, y: area.y - top, w: area.w, h: area.h)
            SDL_UpperBlit(stretched, nil, drawSurface, &at)
        }
    }

    /// The source and destination SDL stretches between when `clip` cuts a copy from `from` onto
    /// `to` (`SDL_UpperBlitScaled`): the cut edges moved by the scale in doubles, each rectangle
    /// rounded again and cut to the source's bounds and the clip; nil when nothing is left.
    static func clippedStretch(from: PixelBox, to: PixelBox, clip: PixelBox, sourceBounds: PixelBox) -> (
        PixelBox, PixelBox
    )? {
        let across = cut(source: (from.x, from.w), destination: (to.x, to.w), clip: (clip.x, clip.w))
        let down = cut(source: (from.y, from.h), destination: (to.y, to.h), clip: (clip.y, clip.h))
        let rounded = PixelBox(
            x: across.source.start, y: down.source.start, w: across.source.length, h: down.source.length)
        let onto = PixelBox(
            x: across.destination.start, y: down.destination.start, w: across.destination.length,
            h: down.destination.length)
        guard let source = intersection(rounded, sourceBounds), let destination = intersection(onto, clip) else {
            return nil
        }
        return (source, destination)
    }

    /// One axis of `clippedStretch`: the destination's ends cut to the clip's, the source's moved
    /// by as much over the scale, each start and length rounded.
    private static func cut(
        source: (start: Int32, length: Int32), destination: (start: Int32, length: Int32),
        clip: (start: Int32, length: Int32)
    ) -> (source: (start: Int32, length: Int32), destination: (start: Int32, length: Int32)) {
        let scale = Double(destination.length) / Double(source.length)
        var (source0, source1) = (Double(source.start), Double(source.start + source.length))
        var (near, far) = (
            Double(destination.start - clip.start), Double(destination.start + destination.length - clip.start)
        )
        if near < 0 {
            source0 -= near / scale
            near = 0
        }
        if far > Double(clip.length) {
            source1 -= (far - Double(clip.length)) / scale
            far = Double(clip.length)
        }
        return (
            (Int32(source0.rounded()), Int32((source1 - source0).rounded())),
            (Int32((near + Double(clip.start)).rounded()), Int32((far - near).rounded()))
        )
    }

    static func intersection(_ a: PixelBox, _ b: PixelBox) -> PixelBox? {
        let left = max(a.x, b.x)
        let top = max(a.y, b.y)
        let right = min(a.x + a.w, b.x + b.w)
        let bottom = min(a.y + a.h, b.y + b.h)
        guard right > left, bottom > top else { return nil }
        return PixelBox(x: left, y: top, w: right - left, h: bottom - top)
    }
}
