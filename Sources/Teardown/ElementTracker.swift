/// Follows one element of a video frame by frame: the box drawn around it in one frame is the
/// template, and in each next frame the box (where it sits and how large it is each way) that
/// matches it best is found coarse to fine — exhaustively on an eighth-size picture around where
/// the element's last motion says it will be, then by a downhill search at each finer size, the
/// last between pixels. The element may move, grow or shrink (each way on its own) and fade.
/// The template takes a margin of what is around the box: without its edges against what lies
/// beside it, a box shrunk inside a plain element matches as well as the element itself.
package struct ElementTracker {
    /// The element as it looked in the first frame: what it is matched with while it keeps that look.
    private let anchor: TemplatePyramid
    /// The element as it looked lately (cut again from each frame once it no longer looks as it
    /// first did: a panel's picture zooming as it opens, a label fading in): what it is matched
    /// with when that matches better.
    private var recent: TemplatePyramid?
    /// The box with its margin, as the templates are matched.
    private var outer: TrackedBox
    /// The margin each side, as shares of the box with its margin.
    private let margin: (left: Double, top: Double, right: Double, bottom: Double)
    private var velocity = TrackedBox(x: 0, y: 0, width: 0, height: 0)
    /// How well the last frame matched (1: perfectly); under `lostBelow` the element is lost.
    package private(set) var lastScore: Float = 1
    /// Below this match the element is taken as lost (nothing in the frame looks enough like it).
    package static let lostBelow: Float = 0.6
    /// Below this match with its first look the element has changed: its recent look is used too.
    static let changedBelow: Float = 0.9
    /// How much better a place found by the wide search must match to be taken.
    static let wideMargin: Float = 0.05

    /// Starts from `box` in `frame` (its pixels); nil when the box is empty, outside the frame or
    /// holds one flat colour (nothing to follow).
    package init?(frame: GreyImage, box: TrackedBox) {
        let left = Int(box.x.rounded())
        let top = Int(box.y.rounded())
        let width = Int(box.width.rounded())
        let height = Int(box.height.rounded())
        guard width >= 4, height >= 4, left >= 0, top >= 0, left + width <= frame.width, top + height <= frame.height
        else { return nil }
        // About a twelfth of the shorter side each way, at least 3 pixels, as far as the frame goes.
        let wanted = max(3, min(width, height) / 12)
        let inset = (
            left: min(wanted, left), top: min(wanted, top), right: min(wanted, frame.width - left - width),
            bottom: min(wanted, frame.height - top - height)
        )
        let outerWidth = width + inset.left + inset.right
        let outerHeight = height + inset.top + inset.bottom
        let template = frame.cropped(x: left - inset.left, y: top - inset.top, width: outerWidth, height: outerHeight)
        guard let anchor = TemplatePyramid(template) else { return nil }
        self.anchor = anchor
        let (w, h) = (Double(outerWidth), Double(outerHeight))
        margin = (Double(inset.left) / w, Double(inset.top) / h, Double(inset.right) / w, Double(inset.bottom) / h)
        outer = TrackedBox(x: Double(left - inset.left), y: Double(top - inset.top), width: w, height: h)
    }

    /// The element's box (without the margin) in the last frame tracked.
    package var box: TrackedBox {
        TrackedBox(
            x: outer.x + margin.left * outer.width, y: outer.y + margin.top * outer.height,
            width: outer.width * (1 - margin.left - margin.right),
            height: outer.height * (1 - margin.top - margin.bottom))
    }

    /// The element's box in `frame`, the next frame of the video.
    package mutating func track(_ frame: GreyImage) -> TrackedBox {
        var pyramid = [frame]
        for _ in 1..<max(anchor.levels, recent?.levels ?? 1) { pyramid.append(pyramid[pyramid.count - 1].halved()) }
        // Where its last motion says it will be, kept to sizes up to twice the frame's and places
        // where some of it shows.
        let (frameWidth, frameHeight) = (Double(frame.width), Double(frame.height))
        let width = min(max(4, outer.width + velocity.width), frameWidth * 2)
        let height = min(max(4, outer.height + velocity.height), frameHeight * 2)
        let predicted = TrackedBox(
            x: min(max(outer.x + velocity.x, -width + 4), frameWidth - 4),
            y: min(max(outer.y + velocity.y, -height + 4), frameHeight - 4), width: width, height: height)
        var best = search(pyramid, with: anchor, around: predicted)
        let changed = best.score < Self.changedBelow
        if changed, let recent {
            let again = search(pyramid, with: recent, around: predicted)
            if again.score > best.score { best = again }
        }
        // Not quite where its motion says: a spring's first frame that leaps past the usual reach,
        // or a box drawn while the element was already moving fast. Look three times as far. A
        // place found there must beat the near one by a clear margin, and look like the element
        // itself (a match of `changedBelow`) unless nothing near does (under `lostBelow`): a
        // look-alike elsewhere must not take an element that only changed its look where it is
        // (a battery icon turning white as a room's bar slides under it).
        if best.score < Self.changedBelow {
            for template in [anchor, recent].compactMap({ $0 }) {
                let wide = search(pyramid, with: template, around: predicted, wide: true)
                let plausible = wide.score >= Self.changedBelow || best.score < Self.lostBelow
                if plausible, wide.score > best.score + Self.wideMargin { best = wide }
            }
        }
        lastScore = best.score
        velocity = TrackedBox(
            x: best.box.x - outer.x, y: best.box.y - outer.y, width: best.box.width - outer.width,
            height: best.box.height - outer.height)
        outer = best.box
        if changed && best.score >= Self.lostBelow {
            recent = TemplatePyramid(cutting: outer, from: frame) ?? recent
        }
        return box
    }

    /// The box that matches `template` best: coarse, then finer.
    private func search(
        _ pyramid: [GreyImage], with template: TemplatePyramid, around predicted: TrackedBox, wide: Bool = false
    ) -> (box: TrackedBox, score: Float) {
        let levels = template.levels
        var best = coarseSearch(pyramid[levels - 1], template, around: predicted, level: levels - 1, wide: wide)
        for level in stride(from: levels - 2, through: 0, by: -1) {
            best = refine(pyramid[level], template, from: best, level: level)
        }
        if levels == 1 { best = refine(pyramid[0], template, from: best, level: 0) }
        return (best, template.matchers[0].score(pyramid[0], best))
    }

    /// Every whole-pixel place within reach of `predicted` at the coarsest level at the predicted
    /// size, then sizes around the few best places. `wide`: the reach is three times as far (at
    /// most a quarter of the frame's longer side), and the sizes range further (an element that
    /// grew while it was not followed).
    private func coarseSearch(
        _ frame: GreyImage, _ template: TemplatePyramid, around predicted: TrackedBox, level: Int, wide: Bool
    ) -> TrackedBox {
        let factor = Double(1 << level)
        let centre = predicted.scaled(by: 1 / factor)
        let matcher = template.matchers[level]
        // Reach: 64 full-size pixels, and more the faster it went (a spring's first frame jumps).
        // At most a quarter of the frame's longer side (a lost element must not make the next search
        // cover the whole frame every frame).
        let limit = Double(max(frame.width, frame.height)) / 4
        let usual = min((64 + abs(velocity.x) + abs(velocity.y)) / factor, limit)
        let reach = Int((wide ? min(usual * 3, limit) : usual).rounded(.up))
        var places: [(score: Float, box: TrackedBox)] = []
        for dy in -reach...reach {
            for dx in -reach...reach {
                var candidate = centre
                candidate.x = (centre.x + Double(dx)).rounded()
                candidate.y = (centre.y + Double(dy)).rounded()
                places.append((matcher.score(frame, candidate), candidate))
            }
        }
        places.sort { $0.score > $1.score }
        var best = places[0]
        let scales = wide ? [0.7, 0.84, 1.0, 1.2, 1.44] : [0.84, 0.92, 1.0, 1.08, 1.16]
        for place in places.prefix(wide ? 8 : 4) {
            for sy in scales {
                for sx in scales {
                    for (dx, dy) in [(0.0, 0.0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                        let candidate = TrackedBox(
                            x: place.box.x + dx, y: place.box.y + dy, width: place.box.width * sx,
                            height: place.box.height * sy)
                        let score = matcher.score(frame, candidate)
                        if score > best.score { best = (score, candidate) }
                    }
                }
            }
        }
        return best.box.scaled(by: factor)
    }

    /// A compass search from `start` at `level`: the box's place and its size each way moved by
    /// a step, and each edge on its own (the place and the size together), while any move matches
    /// better; at the full size the step then halves to an eighth of a pixel.
    private func refine(_ frame: GreyImage, _ template: TemplatePyramid, from start: TrackedBox, level: Int)
        -> TrackedBox
    {
        let factor = Double(1 << level)
        let matcher = template.matchers[level]
        var best = start.scaled(by: 1 / factor)
        var bestScore = matcher.score(frame, best)
        let steps: [Double] = level == 0 ? [1, 0.5, 0.25, 0.125] : [1]
        for step in steps {
            var rounds = 0
            var improved = true
            while improved && rounds < 12 {
                improved = false
                rounds += 1
                for move in Self.moves {
                    let candidate = TrackedBox(
                        x: best.x + move.0 * step, y: best.y + move.1 * step,
                        width: max(2, best.width + move.2 * step), height: max(2, best.height + move.3 * step))
                    let score = matcher.score(frame, candidate)
                    if score > bestScore {
                        (best, bestScore) = (candidate, score)
                        improved = true
                    }
                }
            }
        }
        return best.scaled(by: factor)
    }

    /// The compass: the place and the size each way, and each of the four edges alone.
    private static let moves: [(Double, Double, Double, Double)] = [
        (1, 0, 0, 0), (-1, 0, 0, 0), (0, 1, 0, 0), (0, -1, 0, 0),
        (0, 0, 1, 0), (0, 0, -1, 0), (0, 0, 0, 1), (0, 0, 0, -1),
        (-1, 0, 1, 0), (1, 0, -1, 0), (0, -1, 0, 1), (0, 1, 0, -1),
    ]
}
