/// Follows one element of a video frame by frame: the box drawn around it in one frame is the
/// template, and in each next frame the box (where it sits and how large it is each way) that
/// matches it best is found coarse to fine — exhaustively on an eighth-size picture around where
/// the element's last motion says it will be, then by a downhill search at each finer size, the
/// last between pixels. The element may move, grow or shrink (each way on its own) and fade.
/// The template takes a margin of what is around the box: without its edges against what lies
/// beside it, a box shrunk inside a plain element matches as well as the element itself.
package struct ElementTracker {
    /// The template at each pyramid level (full size first).
    private let matchers: [TemplateMatcher]
    /// The coarse level's matcher reads every pixel; finer ones read every other one beyond a size.
    private let levels: Int
    /// The box with its margin, as the templates are matched.
    private var outer: TrackedBox
    /// The margin each side (pixels of the first frame) and the templates' full size.
    private let margin: (left: Double, top: Double, right: Double, bottom: Double)
    private let templateSize: (width: Double, height: Double)
    private var velocity = TrackedBox(x: 0, y: 0, width: 0, height: 0)
    /// How well the last frame matched (1: perfectly).
    package private(set) var lastScore: Float = 1

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
        var template = frame.cropped(
            x: left - inset.left, y: top - inset.top, width: outerWidth, height: outerHeight)
        // Levels down to where the template's shorter side is still about 8 pixels (at most 4).
        var levels = 1
        while levels < 4, min(width, height) >> levels >= 8 { levels += 1 }
        var matchers: [TemplateMatcher] = []
        for level in 0..<levels {
            // Large templates are read every other pixel at the full size (their detail is plenty).
            let stride = template.width * template.height > 6_000 ? 2 : 1
            guard let matcher = TemplateMatcher(template: template, stride: stride) else { return nil }
            matchers.append(matcher)
            if level + 1 < levels { template = template.halved() }
        }
        self.matchers = matchers
        self.levels = levels
        margin = (Double(inset.left), Double(inset.top), Double(inset.right), Double(inset.bottom))
        templateSize = (Double(outerWidth), Double(outerHeight))
        outer = TrackedBox(
            x: Double(left - inset.left), y: Double(top - inset.top), width: Double(outerWidth),
            height: Double(outerHeight))
    }

    /// The element's box (without the margin) in the last frame tracked.
    package var box: TrackedBox {
        let sx = outer.width / templateSize.width
        let sy = outer.height / templateSize.height
        return TrackedBox(
            x: outer.x + margin.left * sx, y: outer.y + margin.top * sy,
            width: (templateSize.width - margin.left - margin.right) * sx,
            height: (templateSize.height - margin.top - margin.bottom) * sy)
    }

    /// The element's box in `frame`, the next frame of the video.
    package mutating func track(_ frame: GreyImage) -> TrackedBox {
        var pyramid = [frame]
        for _ in 1..<levels { pyramid.append(pyramid[pyramid.count - 1].halved()) }
        let predicted = TrackedBox(
            x: outer.x + velocity.x, y: outer.y + velocity.y, width: max(4, outer.width + velocity.width),
            height: max(4, outer.height + velocity.height))
        var best = coarseSearch(pyramid[levels - 1], around: predicted, level: levels - 1)
        for level in stride(from: levels - 2, through: 0, by: -1) {
            best = refine(pyramid[level], from: best, level: level)
        }
        if levels == 1 { best = refine(frame, from: best, level: 0) }
        lastScore = matchers[0].score(frame, best)
        velocity = TrackedBox(
            x: best.x - outer.x, y: best.y - outer.y, width: best.width - outer.width,
            height: best.height - outer.height)
        outer = best
        return box
    }

    /// Every whole-pixel place within reach of `predicted` at the coarsest level at the predicted
    /// size, then sizes around the few best places.
    private func coarseSearch(_ frame: GreyImage, around predicted: TrackedBox, level: Int) -> TrackedBox {
        let factor = Double(1 << level)
        let centre = predicted.scaled(by: 1 / factor)
        let matcher = matchers[level]
        // Reach: 64 full-size pixels, and more the faster it went (a spring's first frame jumps).
        let reach = Int(((64 + abs(velocity.x) + abs(velocity.y)) / factor).rounded(.up))
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
        for place in places.prefix(4) {
            for sy in [0.84, 0.92, 1.0, 1.08, 1.16] {
                for sx in [0.84, 0.92, 1.0, 1.08, 1.16] {
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
    private func refine(_ frame: GreyImage, from start: TrackedBox, level: Int) -> TrackedBox {
        let factor = Double(1 << level)
        let matcher = matchers[level]
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
