import Graphics
import Teardown
import Views

/// The followed element's motion under the reference in the dock: the tracked value of the side
/// that moved most at each frame (white dots), the fitted spring through them (orange) and the
/// fitted Bézier curve (light, dashed), from the frame the box was drawn in to the last followed
/// (id `lab.reference.plot`).
@MainActor
final class FitPlotView: View {
    /// What is plotted: each frame's time and value, and the two fits.
    private var samples: [(time: Double, value: Double)] = []
    private var fit: VideoFit.Result?
    static let height = 104.0
    /// Which line is which, along the top: the tracked dots, the spring, the Bézier curve.
    private let legend = [
        Label(text: "• tracked", font: .system(10), color: .white),
        Label(text: "— spring", font: .system(10), color: Color(hex: 0xFF9500)),
        Label(text: "- - Bézier", font: .system(10), color: Color(white: 1, alpha: 0.8)),
    ]
    private static let legendHeight = 14.0

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityIdentifier = "lab.reference.plot"
        backgroundColor = Color(white: 1, alpha: 0.06)
        cornerRadius = 4
        isUserInteractionEnabled = false
        for label in legend { addSubview(label) }
    }

    override func layoutSubviews() {
        var x = 6.0
        for label in legend {
            let width = label.sizeThatFits(Size(width: bounds.width, height: Self.legendHeight)).width
            label.frame = Rect(x: x, y: 2, width: width, height: Self.legendHeight)
            x += width + 10
        }
    }

    func show(_ fit: VideoFit.Result?) {
        self.fit = fit
        samples =
            fit.map { fitted in
                fitted.track.map { sample in
                    let box = sample.box
                    let value =
                        switch fitted.property {
                        case "y": box.y
                        case "width": box.width
                        case "height": box.height
                        default: box.x
                        }
                    return (sample.time, value)
                }
            } ?? []
        isHidden = fit == nil
    }

    override func drawContent(in context: inout DrawingContext) {
        guard let fit, let first = samples.first, let last = samples.last, last.time > first.time else { return }
        var area = context.bounds.insetBy(dx: 6, dy: 8)
        area.origin.y += Self.legendHeight
        area.size.height -= Self.legendHeight
        let values = samples.map(\.value) + [fit.spring.from, fit.spring.to]
        let (low, high) = (values.min() ?? 0, values.max() ?? 1)
        let span = max(high - low, 1)
        func point(_ time: Double, _ value: Double) -> Point {
            Point(
                x: area.minX + (time - first.time) / (last.time - first.time) * area.width,
                y: area.maxY - (value - low) / span * area.height)
        }
        // The fits, sampled finely: the spring whole, the Bézier curve dashed over it (where both
        // follow the dots they lie on each other, and the dashes show on the spring's line).
        let steps = 120
        let times = (0...steps).map { first.time + Double($0) / Double(steps) * (last.time - first.time) }
        for (a, b) in zip(times, times.dropFirst()) {
            segment(
                point(a, fit.spring.value(at: a)), point(b, fit.spring.value(at: b)), in: &context, width: 2,
                color: Color(hex: 0xFF9500))
        }
        for (index, (a, b)) in zip(times, times.dropFirst()).enumerated() where index % 4 < 2 {
            segment(
                point(a, fit.bezier.value(at: a)), point(b, fit.bezier.value(at: b)), in: &context, width: 1.2,
                color: Color(white: 1, alpha: 0.8))
        }
        for sample in samples {
            let at = point(sample.time, sample.value)
            context.fill(Rect(x: at.x - 1.5, y: at.y - 1.5, width: 3, height: 3), color: .white)
        }
    }

    /// A line from `a` to `b` as the lab's graph draws one: a thin box spanning the two.
    private func segment(_ a: Point, _ b: Point, in context: inout DrawingContext, width: Double, color: Color) {
        context.fill(
            Rect(
                x: min(a.x, b.x), y: min(a.y, b.y) - width / 2, width: max(abs(b.x - a.x), 1),
                height: abs(b.y - a.y) + width),
            color: color)
    }
}
