/// A template at each size the tracker searches at (full size first, each next half as large),
/// down to where its shorter side is still about 8 pixels (at most 4 sizes).
struct TemplatePyramid {
    let matchers: [TemplateMatcher]
    /// The full-size template's size in pixels: a box of this size matches it unscaled.
    let width: Double
    let height: Double
    var levels: Int { matchers.count }

    /// `template` itself; nil when it holds one flat colour (nothing to follow).
    init?(_ template: GreyImage) {
        var levels = 1
        while levels < 4, min(template.width, template.height) >> levels >= 8 { levels += 1 }
        var matchers: [TemplateMatcher] = []
        var current = template
        for level in 0..<levels {
            // Large templates are read every other pixel (their detail is plenty).
            let stride = current.width * current.height > 6_000 ? 2 : 1
            guard let matcher = TemplateMatcher(template: current, stride: stride) else { return nil }
            matchers.append(matcher)
            if level + 1 < levels { current = current.halved() }
        }
        self.matchers = matchers
        width = Double(template.width)
        height = Double(template.height)
    }

    /// The part of `frame` under `box` as a template of the box's size rounded to whole pixels,
    /// sampled where the box says (between pixels), so a template cut again and again does not drift.
    init?(cutting box: TrackedBox, from frame: GreyImage) {
        let width = max(4, Int(box.width.rounded()))
        let height = max(4, Int(box.height.rounded()))
        let sx = box.width / Double(width)
        let sy = box.height / Double(height)
        var pixels = [Float](repeating: 0, count: width * height)
        for row in 0..<height {
            let y = box.y + (Double(row) + 0.5) * sy - 0.5
            for column in 0..<width {
                pixels[row * width + column] = frame.sample(box.x + (Double(column) + 0.5) * sx - 0.5, y)
            }
        }
        self.init(GreyImage(width: width, height: height, pixels: pixels))
    }
}
