import Graphics
import Motion
import Views

/// The running (or last) transition's curves (G): every animation's progress — the property
/// normalised from its start value (0) to its end value (1) — against time, with the moment
/// on screen marked. A spring's overshoot shows as the line rising above 1.
@MainActor
final class CurveGraphView: View {
    /// Drawn from -0.25 to 1.35 so overshoot and undershoot stay in the frame.
    static let valueRange = -0.25...1.35
    static let samples = 120
    static let palette: [Color] = [
        Color(hex: 0x5AC8FA), Color(hex: 0xFFD60A), Color(hex: 0xFF6B9A), Color(hex: 0x30D158),
        Color(hex: 0xBF5AF2), Color(hex: 0xFF9F0A),
    ]

    /// One line of the graph: a timing shared by the properties it moves.
    struct Curve {
        var timing: any AnimationTiming
        var properties: [String]
    }

    /// The curve the scene's tuned spring will follow (dashed, white), starting with the span.
    private(set) var expected: Curve?
    private let expectedLabel = Label(font: .system(11), color: Color(white: 1, alpha: 0.8))
    private let title = Label(font: .bold(12), color: .white)
    private var legend: [Label] = []
    private(set) var curves: [Curve] = []
    private var span = MotionSpan(start: 0, duration: 1)
    private var now = 0.0
    private let padding = EdgeInsets(top: 26, left: 12, bottom: 12, right: 12)

    init() {
        super.init(frame: .zero)
        accessibilityIdentifier = "lab.graph"
        styleAsOverlayPanel()
        title.accessibilityIdentifier = "lab.graph.title"
        expectedLabel.accessibilityIdentifier = "lab.graph.expected"
        addSubview(title)
        addSubview(expectedLabel)
    }

    func show(
        _ transition: (name: String, span: MotionSpan, records: [Animator.AnimationRecord])?,
        expected: (label: String, timing: any AnimationTiming)? = nil, now: Double
    ) {
        self.now = now
        self.expected = expected.map { Curve(timing: $0.timing, properties: [$0.label]) }
        expectedLabel.text = expected?.label ?? ""
        guard let transition else {
            curves = []
            span = MotionSpan(start: now, duration: 1)
            if let expected { span.duration = max(Self.settlingTime(of: expected.timing), 0.1) }
            title.text = "No transition yet: start one to see its curves"
            layoutLegend()
            return
        }
        span = transition.span
        var grouped: [Curve] = []
        for record in transition.records {
            let name = record.property.name
            if let index = grouped.firstIndex(where: { $0.timing === record.timing }) {
                if !grouped[index].properties.contains(name) { grouped[index].properties.append(name) }
            } else {
                grouped.append(Curve(timing: record.timing, properties: [name]))
            }
        }
        curves = Array(grouped.prefix(Self.palette.count))
        title.text = String(format: "%@ · %.2f s", transition.name, transition.span.duration)
        layoutLegend()
    }

    private func layoutLegend() {
        while legend.count < curves.count {
            let label = Label(font: .system(11), color: .white)
            legend.append(label)
            addSubview(label)
        }
        for (index, label) in legend.enumerated() {
            label.isHidden = index >= curves.count
            guard index < curves.count else { continue }
            label.text = curves[index].properties.joined(separator: ", ")
            label.textColor = Self.palette[index]
        }
        setNeedsLayout()
    }

    override func layoutSubviews() {
        title.frame = Rect(x: padding.left, y: 6, width: bounds.width - padding.left - padding.right, height: 16)
        var y = padding.top
        for label in legend where !label.isHidden {
            label.frame = Rect(x: bounds.width - padding.right - 110, y: y, width: 110, height: 14)
            y += 14
        }
        expectedLabel.frame = Rect(x: bounds.width - padding.right - 110, y: y + 4, width: 110, height: 14)
    }

    /// Where a spring (or curve) timing that starts at 0 is done, for the graph's time axis.
    static func settlingTime(of timing: any AnimationTiming) -> Double {
        var time = 0.0
        while time < 10, !timing.isFinished(at: time) { time += 1.0 / 120 }
        return time
    }

    var plotRect: Rect { plot }

    private var plot: Rect {
        Rect(
            x: padding.left, y: padding.top, width: max(bounds.width - padding.left - padding.right - 116, 10),
            height: max(bounds.height - padding.top - padding.bottom, 10))
    }

    /// Where a progress value sits vertically in the plot.
    func y(for value: Double) -> Double {
        let range = Self.valueRange
        let t =
            (min(max(value, range.lowerBound), range.upperBound) - range.lowerBound)
            / (range.upperBound - range.lowerBound)
        return plot.maxY - t * plot.height
    }

    /// The curve's points in view coordinates, sampled across the transition's span.
    func points(of curve: Curve, startingAt origin: Double? = nil) -> [Point] {
        let start = origin ?? span.start
        return (0...Self.samples).map { index in
            let fraction = Double(index) / Double(Self.samples)
            let time = start + fraction * span.duration
            return Point(x: plot.minX + fraction * plot.width, y: y(for: curve.timing.progress(at: time)))
        }
    }

    override func drawContent(in context: inout DrawingContext) {
        let area = plot
        for level in [0.0, 1.0] {
            context.fill(
                Rect(x: area.minX, y: y(for: level) - 0.5, width: area.width, height: 1),
                color: Color(white: 1, alpha: 0.25))
        }
        for (index, curve) in curves.enumerated() {
            let color = Self.palette[index]
            let points = points(of: curve)
            for (a, b) in zip(points, points.dropFirst()) {
                let top = min(a.y, b.y) - 1
                context.fill(
                    Rect(x: a.x, y: top, width: max(b.x - a.x, 1), height: abs(b.y - a.y) + 2), color: color)
            }
        }
        if let expected {
            // Dashed: every other segment, so it reads as a prediction beside the real curves.
            let points = points(of: expected, startingAt: 0)
            for (index, (a, b)) in zip(points, points.dropFirst()).enumerated() where index % 4 < 2 {
                let top = min(a.y, b.y) - 1
                context.fill(
                    Rect(x: a.x, y: top, width: max(b.x - a.x, 1), height: abs(b.y - a.y) + 2),
                    color: Color(white: 1, alpha: 0.85))
            }
        }
        let marker = area.minX + span.progress(at: now) * area.width
        context.fill(Rect(x: marker - 0.75, y: area.minY, width: 1.5, height: area.height), color: .white)
    }
}
