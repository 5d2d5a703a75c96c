import CSDL2
import Rendering

/// A picture stretched (bilinear, as the drawing shows pictures and text) on a lane's rows only.
/// SDL's software renderer stretches a copy that crosses its surface's edge into a temporary
/// surface the whole destination's size before it blends it — every band would stretch the
/// whole picture — and one it clips takes its source rectangle again from rounded doubles, so a
/// band's part would sample other pixels. Here each destination pixel is what SDL's stretch
/// makes of it for the whole, unclipped copy (`LinearStretch`), only the lane's rows are
/// stretched, into a scratch surface of the source's format, and SDL blends that as it blends its
/// temporary surface. The whole output's lane draws stretched pictures the same way, so bands and
/// whole agree exactly.
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
            let drawn = Self.intersection(shown, PixelBox(x: 0, y: top, w: outputWidth, h: height))
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
        let across = LinearStretch.taps(source: Int(from.w), destination: Int(to.w), range: columns)
        let down = LinearStretch.taps(source: Int(from.h), destination: Int(to.h), range: rows)
        let origin = pixels.base + Int(from.y) * Int(pixels.pitch) + Int(from.x) * 4
        let firsts = across.map { UInt32($0.first) }
        let seconds = across.map { UInt32($0.second) }
        let weights = across.map(\.weight)
        let width = across.count
        scratch.withUnsafeMutableBufferPointer { out in
            firsts.withUnsafeBufferPointer { firsts in
                seconds.withUnsafeBufferPointer { seconds in
                    weights.withUnsafeBufferPointer { weights in
                        guard let outBase = out.baseAddress, let firsts = firsts.baseAddress,
                            let seconds = seconds.baseAddress, let weights = weights.baseAddress
                        else { return }
                        for (row, tap) in down.enumerated() {
                            let upper = (origin + tap.first * Int(pixels.pitch)).assumingMemoryBound(to: UInt32.self)
                            let lower = (origin + tap.second * Int(pixels.pitch)).assumingMemoryBound(to: UInt32.self)
                            let target = outBase + row * width
                            var column = 0
                            while column < width {
                                let first = Int(firsts[column])
                                let second = Int(seconds[column])
                                target[column] = LinearStretch.blend(
                                    upper[first], upper[second], lower[first], lower[second], down: tap.weight,
                                    right: weights[column])
                                column &+= 1
                            }
                        }
                    }
                }
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
        let scaleX = Double(to.w) / Double(from.w)
        let scaleY = Double(to.h) / Double(from.h)
        var (sourceX0, sourceX1) = (Double(from.x), Double(from.x + from.w))
        var (sourceY0, sourceY1) = (Double(from.y), Double(from.y + from.h))
        var (x0, x1) = (Double(to.x - clip.x), Double(to.x + to.w - clip.x))
        var (y0, y1) = (Double(to.y - clip.y), Double(to.y + to.h - clip.y))
        if x0 < 0 {
            sourceX0 -= x0 / scaleX
            x0 = 0
        }
        if x1 > Double(clip.w) {
            sourceX1 -= (x1 - Double(clip.w)) / scaleX
            x1 = Double(clip.w)
        }
        if y0 < 0 {
            sourceY0 -= y0 / scaleY
            y0 = 0
        }
        if y1 > Double(clip.h) {
            sourceY1 -= (y1 - Double(clip.h)) / scaleY
            y1 = Double(clip.h)
        }
        let rounded = PixelBox(
            x: Int32(sourceX0.rounded()), y: Int32(sourceY0.rounded()), w: Int32((sourceX1 - sourceX0).rounded()),
            h: Int32((sourceY1 - sourceY0).rounded()))
        let onto = PixelBox(
            x: Int32((x0 + Double(clip.x)).rounded()), y: Int32((y0 + Double(clip.y)).rounded()),
            w: Int32((x1 - x0).rounded()), h: Int32((y1 - y0).rounded()))
        guard let source = intersection(rounded, sourceBounds), let destination = intersection(onto, clip) else {
            return nil
        }
        return (source, destination)
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
