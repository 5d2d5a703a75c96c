/// Follows an element that grows over a still page — a panel opening into a room, an icon zooming
/// to a screen, a cell expanding — by what it is not: the page. The first frame is the page with
/// the element in its box; in each later frame, whatever still looks like that page — in
/// brightness, allowing for it being dimmed or brightened as a whole as a dimming view does, and
/// in colour (a blue-grey bar can match a dimmed white page's brightness, never its greyness) —
/// is page, and the rest that joins the first box is the element. Each side is then put on the
/// strongest edge near where the page ends.
///
/// It follows what the look tracker (`ElementTracker`) loses or follows only a part of: a panel's picture
/// crops and zooms as the panel grows, so nothing in the frame looks like its first look after a
/// few frames, and edges inside it (a sheet's top) move with the same curve as its own, so neither
/// a template nor the edges alone tell its outline — the page does.
package struct RegionTracker {
    /// The first frame at half the tracking size: the page as it was, its brightness and its
    /// colour (blue and red differences, 128 for grey).
    private let page: GreyImage
    private let pageColour: (blue: GreyImage, red: GreyImage)
    /// The box drawn in the first frame (half the tracking size): the element's, taken as part of
    /// it in every frame (what the page had there is unknown).
    private let first: Box
    /// The element's box (half the tracking size) and how it moved last frame.
    private var box: Box
    private var velocity = Box(left: 0, top: 0, right: 0, bottom: 0)
    /// The page's brightness now against the first frame's: now ≈ gain × then + offset.
    private var gain: Float = 1
    private var offset: Float = 0
    /// How far the page strays from that fit where it is page (a video's noise).
    private var noise: Float = 2
    /// How the page's fit changed last frame: with too little page left to fit, it goes on
    /// changing so, by half as much each frame (a dimming view slowing as it settles).
    private var fitStep: (gain: Float, offset: Float) = (0, 0)

    /// Least difference from the page (grey levels) that is not page, whatever the noise.
    static let leastDifference: Float = 8
    /// Least difference of colour (the blue and red differences' together) that is not page.
    static let leastColourDifference: Float = 10
    /// A line across the element is part of it while at least this share of it is not page.
    static let covered: Float = 0.5
    /// The page is fitted outside the element while at least this share of the frame shows it;
    /// less, and it is fitted on the frame's outermost pixels (`ring`), the last the element covers.
    static let leastPageShare = 0.02
    /// How many of the frame's outermost pixels (half the tracking size) the page is fitted on
    /// once the element covers nearly all of it.
    static let ring = 2
    /// A page fit that moved further than this from the last (gain) is taken for the element
    /// seen through a sliver of page, and the last fit carries on (`fitStep`): a dimming view
    /// darkens by a few hundredths a frame.
    static let largestGainStep: Float = 0.2

    private struct Box {
        var left: Double
        var top: Double
        var right: Double
        var bottom: Double
        static func - (lhs: Box, rhs: Box) -> Box {
            Box(
                left: lhs.left - rhs.left, top: lhs.top - rhs.top, right: lhs.right - rhs.right,
                bottom: lhs.bottom - rhs.bottom)
        }
        static func + (lhs: Box, rhs: Box) -> Box {
            Box(
                left: lhs.left + rhs.left, top: lhs.top + rhs.top, right: lhs.right + rhs.right,
                bottom: lhs.bottom + rhs.bottom)
        }
    }

    /// Starts from `box` (pixels of `frame`, the tracking size); nil when it is under 8 pixels a side.
    package init?(frame: GreyImage, colour: (blue: GreyImage, red: GreyImage), box: TrackedBox) {
        let halved = frame.halved()
        guard box.width >= 8, box.height >= 8, colour.blue.width == halved.width,
            colour.blue.height == halved.height
        else { return nil }
        page = halved
        pageColour = colour
        first = Box(
            left: box.x / 2, top: box.y / 2, right: (box.x + box.width) / 2, bottom: (box.y + box.height) / 2)
        self.box = first
    }

    /// The element's box in `frame` (the next frame, at the tracking size).
    package mutating func track(_ frame: GreyImage, colour: (blue: GreyImage, red: GreyImage)) -> TrackedBox {
        let coarse = frame.halved()
        let predicted = box + velocity
        fitPage(coarse, outside: predicted)
        let notPage = notPageMask(coarse, colour: colour)
        let span = middleSpans(of: predicted, width: coarse.width, height: coarse.height)
        let lines = Lines(notPage: notPage, width: coarse.width, height: coarse.height, span: span)
        // How far a side may be from where its motion says: twice its last step (and 16 pixels);
        // from rest, a quarter of the frame (a spring's first frame leaps, and the page around a
        // still element holds nothing that looks like it).
        func reach(_ step: Double, _ limit: Int) -> Double {
            abs(step) < 1 ? Double(limit) / 4 : max(16, 2 * abs(step))
        }
        let reach = Box(
            left: reach(velocity.left, coarse.width), top: reach(velocity.top, coarse.height),
            right: reach(velocity.right, coarse.width), bottom: reach(velocity.bottom, coarse.height))
        var found = Box(
            left: lines.outermost(from: first.left, step: -1, vertical: true, near: predicted.left, reach: reach.left),
            top: lines.outermost(from: first.top, step: -1, vertical: false, near: predicted.top, reach: reach.top),
            right: lines.outermost(
                from: first.right - 1, step: 1, vertical: true, near: predicted.right - 1, reach: reach.right) + 1,
            bottom: lines.outermost(
                from: first.bottom - 1, step: 1, vertical: false, near: predicted.bottom - 1, reach: reach.bottom) + 1)
        found = refined(found, in: frame)
        velocity = found - box
        box = found
        return TrackedBox(
            x: box.left * 2, y: box.top * 2, width: (box.right - box.left) * 2, height: (box.bottom - box.top) * 2)
    }

    /// Fits the page's gain and offset where the frame shows it — outside `element`, or, once
    /// the element covers nearly all of the frame, the frame's outermost pixels, the last the
    /// element covers — twice, the second time without what strayed far (a status bar's clock, a
    /// toast): a least-squares line. A fit that does not hold for most of those pixels is of the
    /// element, not the page, and the last fit carries on.
    private mutating func fitPage(_ frame: GreyImage, outside element: Box) {
        var pairs: [(then: Float, now: Float)] = []
        let (left, top) = (Int(element.left.rounded(.down)), Int(element.top.rounded(.down)))
        let (right, bottom) = (Int(element.right.rounded(.up)), Int(element.bottom.rounded(.up)))
        for y in stride(from: 0, to: frame.height, by: 2) {
            for x in stride(from: 0, to: frame.width, by: 2) where !(x >= left && x < right && y >= top && y < bottom) {
                pairs.append((page.pixels[y * frame.width + x], frame.pixels[y * frame.width + x]))
            }
        }
        let fromRing = Double(pairs.count * 4) < Self.leastPageShare * Double(frame.width * frame.height)
        if fromRing {
            pairs = []
            for y in 0..<frame.height {
                for x in 0..<frame.width where min(x, y, frame.width - 1 - x, frame.height - 1 - y) < Self.ring {
                    pairs.append((page.pixels[y * frame.width + x], frame.pixels[y * frame.width + x]))
                }
            }
        }
        guard pairs.count >= 64 else { return carryOnFit() }
        let all = pairs
        var fitted = (gain: gain, offset: offset)
        for round in 0..<2 {
            if round == 1 {
                let strays = pairs.map { abs($0.now - (fitted.gain * $0.then + fitted.offset)) }.sorted()
                let limit = max(3 * strays[strays.count / 2], 2)
                pairs = pairs.filter { abs($0.now - (fitted.gain * $0.then + fitted.offset)) < limit }
                guard pairs.count >= 16 else { return carryOnFit() }
            }
            let n = Double(pairs.count)
            var (sx, sy, sxx, sxy) = (0.0, 0.0, 0.0, 0.0)
            for pair in pairs {
                let (x, y) = (Double(pair.then), Double(pair.now))
                sx += x
                sy += y
                sxx += x * x
                sxy += x * y
            }
            let spread = n * sxx - sx * sx
            // A page of one colour says only its offset.
            let fittedGain = spread > 1e-6 * n * n ? (n * sxy - sx * sy) / spread : 1
            fitted = (Float(min(max(fittedGain, 0), 2)), 0)
            fitted.offset = Float((sy - Double(fitted.gain) * sx) / n)
        }
        let strays = all.map { abs($0.now - (fitted.gain * $0.then + fitted.offset)) }.sorted()
        let typical = strays[strays.count / 2]
        guard abs(fitted.gain - gain) <= Self.largestGainStep, typical <= max(6, 3 * noise) else {
            return carryOnFit()
        }
        fitStep = (fitted.gain - gain, fitted.offset - offset)
        (gain, offset) = fitted
        // The video's noise is read where much of the page shows (a thin ring holds the
        // element's antialiased edge and its shadow, which are not noise).
        if !fromRing { noise = typical }
    }

    /// The page's fit carried on from its last change, halved.
    private mutating func carryOnFit() {
        fitStep = (fitStep.gain / 2, fitStep.offset / 2)
        gain = min(max(gain + fitStep.gain, 0), 2)
        offset += fitStep.offset
    }

    /// Whether each pixel is not page: its brightness differs from the page's (dimmed or
    /// brightened as fitted), or its colour does (a dimming view fades colour towards grey by the
    /// same gain: a blue-grey bar over a white page dimmed to its brightness is still blue), or
    /// it lies in the first box.
    private func notPageMask(_ frame: GreyImage, colour: (blue: GreyImage, red: GreyImage)) -> [Bool] {
        let threshold = max(Self.leastDifference, 4 * noise)
        var mask = [Bool](repeating: false, count: frame.pixels.count)
        let sameSize = colour.blue.pixels.count == mask.count && colour.red.pixels.count == mask.count
        for index in mask.indices {
            if abs(frame.pixels[index] - (gain * page.pixels[index] + offset)) > threshold {
                mask[index] = true
            } else if sameSize {
                let blue = (colour.blue.pixels[index] - 128) - gain * (pageColour.blue.pixels[index] - 128)
                let red = (colour.red.pixels[index] - 128) - gain * (pageColour.red.pixels[index] - 128)
                mask[index] = abs(blue) + abs(red) > Self.leastColourDifference
            }
        }
        let rows = max(0, Int(first.top.rounded(.up)))..<min(frame.height, Int(first.bottom))
        let columns = max(0, Int(first.left.rounded(.up)))..<min(frame.width, Int(first.right))
        for y in rows { for x in columns { mask[y * frame.width + x] = true } }
        return mask
    }

    /// The rows (for a vertical side) or columns a side's lines are read over: the middle four
    /// fifths of the element's other extent (its corners are round), within the frame.
    private func middleSpans(of element: Box, width: Int, height: Int) -> (rows: Range<Int>, columns: Range<Int>) {
        func middle(_ low: Double, _ high: Double, _ limit: Int) -> Range<Int> {
            let inset = (high - low) / 10
            let from = min(max(Int((low + inset).rounded()), 0), limit)
            let to = max(min(Int((high - inset).rounded()), limit), from)
            return from..<to
        }
        return (middle(element.top, element.bottom, height), middle(element.left, element.right, width))
    }

    /// The lines across the frame (half the tracking size) and how much of each is not page.
    private struct Lines {
        let notPage: [Bool]
        let width: Int
        let height: Int
        let span: (rows: Range<Int>, columns: Range<Int>)

        /// The share of column `line` (`vertical`) or row `line` that is not page, over the span.
        func cover(_ line: Int, vertical: Bool) -> Float {
            guard line >= 0, line < (vertical ? width : height) else { return 0 }
            let across = vertical ? span.rows : span.columns
            guard !across.isEmpty else { return 0 }
            var count = 0
            for position in across where notPage[vertical ? position * width + line : line * width + position] {
                count += 1
            }
            return Float(count) / Float(across.count)
        }

        /// From `start` (a line of the first box's side) outwards by `step`, the element's last
        /// line: where the lines from `start` are covered more than not by the most, among lines
        /// within `reach` of `near` (where its motion says the side is: a growing element does not
        /// shrink back by a screen in a frame where its content happens to look like the dimmed
        /// page). A few lines of it that look like the page do not end it while more lies beyond.
        /// The share of the next line covered is added as a fraction.
        func outermost(from start: Double, step: Int, vertical: Bool, near: Double, reach: Double) -> Double {
            let limit = vertical ? width : height
            let first = min(max(Int(start), 0), limit - 1)
            let window = (near - reach)...(near + reach)
            // The window's line nearest the first box's side (or the frame's edge), in case no line
            // within it scores.
            let fallback = min(max(Int(min(max(Double(first), window.lowerBound), window.upperBound)), 0), limit - 1)
            var (line, best, score) = (fallback, -Float.infinity, Float(0))
            var next = first
            while next >= 0, next < limit {
                if next != first { score += cover(next, vertical: vertical) - RegionTracker.covered }
                if window.contains(Double(next)), score > best { (line, best) = (next, score) }
                next += step
            }
            return Double(line) + Double(step) * Double(cover(line + step, vertical: vertical))
        }
    }

    /// Each side moved onto the strongest edge within three half-size pixels of where the page
    /// ends, at the tracking size (the element's own edge rather than its soft shadow), between
    /// pixels by a parabola through the peak.
    private func refined(_ coarse: Box, in frame: GreyImage) -> Box {
        let full = Box(left: coarse.left * 2, top: coarse.top * 2, right: coarse.right * 2, bottom: coarse.bottom * 2)
        let spans = middleSpans(of: full, width: frame.width, height: frame.height)
        func edge(at position: Double, vertical: Bool) -> Double {
            let limit = vertical ? frame.width : frame.height
            let across = vertical ? spans.rows : spans.columns
            guard !across.isEmpty else { return position }
            func strength(_ line: Int) -> Float {
                guard line >= 1, line < limit - 1 else { return 0 }
                var sum: Float = 0
                for other in across {
                    sum +=
                        vertical
                        ? abs(
                            frame.pixels[other * frame.width + line + 1] - frame.pixels[other * frame.width + line - 1])
                        : abs(
                            frame.pixels[(line + 1) * frame.width + other]
                                - frame.pixels[(line - 1) * frame.width + other])
                }
                return sum / Float(across.count)
            }
            // A side on the frame's edge stays there: the element may reach past it.
            guard position > 1, position < Double(limit - 1) else { return min(max(position, 0), Double(limit)) }
            let centre = Int(position.rounded())
            let candidates = (centre - 6)...(centre + 6)
            guard let best = candidates.max(by: { strength($0) < strength($1) }),
                strength(best) > 2 * Self.leastDifference
            else { return min(max(position, 0), Double(limit)) }
            let (before, peak, after) = (strength(best - 1), strength(best), strength(best + 1))
            let curve = before - 2 * peak + after
            let shift = curve < 0 ? Double(0.5 * (before - after) / curve) : 0
            // The edge lies between the pixels on either side of the steepest step: half a pixel
            // past the peak's own towards the outside is where the element ends.
            return Double(best) + min(max(shift, -0.5), 0.5) + 0.5
        }
        let refinedBox = Box(
            left: edge(at: full.left, vertical: true), top: edge(at: full.top, vertical: false),
            right: edge(at: full.right, vertical: true), bottom: edge(at: full.bottom, vertical: false))
        return Box(
            left: refinedBox.left / 2, top: refinedBox.top / 2, right: refinedBox.right / 2,
            bottom: refinedBox.bottom / 2)
    }
}
