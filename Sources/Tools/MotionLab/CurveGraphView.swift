import Graphics
import Motion
import Views

/// The running (or last) transition's curves (G): every animation's progress — the property
/// normalised from its start value (0) to its end value (1) — against time in seconds, with the
/// moment on screen marked. A spring's overshoot shows as the line rising above 1. Axes carry
/// their units; the legend names each curve by its view and property (more sharing one timing:
/// "+N"); where curves overlap, each later one is drawn thinner over the earlier, so every
/// colour still shows.
@MainActor
package final class CurveGraphView: View {
    /// Drawn from -0.25 to 1.35 so overshoot and undershoot stay in the frame.
    static let valueRange = -0.25...1.35
    static let samples = 120
    /// Its height in the dock.
    static let dockHeight = 220.0
    package static let palette: [Color] = [
        Color(hex: 0x5AC8FA), Color(hex: 0xFFD60A), Color(hex: 0xFF6B9A), Color(hex: 0x30D158),
        Color(hex: 0xBF5AF2), Color(hex: 0xFF9F0A),
    ]

    /// One line of the graph: a timing shared by the properties it moves ("view property").
    package struct Curve {
        package var timing: any AnimationTiming
        package var properties: [String]
    }

    /// The axes' labels: progress 0 and 1 up the left, seconds along the bottom.
    private let axisLabels = (0..<5).map { _ in Label(font: .system(10), color: Color(white: 1, alpha: 0.7)) }

    /// The curve the scene's tuned spring will follow (dashed, white), starting with the span.
    package private(set) var expected: Curve?
    private let expectedLabel = Label(font: .system(11), color: Color(white: 1, alpha: 0.8))
    private let title = Label(font: .bold(12), color: .white)
    private var legend: [Label] = []
    package private(set) var curves: [Curve] = []
    /// Motions measured in the reference video, drawn as dots (`MeasuredMotion`).
    package private(set) var measured: [MeasuredMotion] = []
    private var measuredLegend: [Label] = []
    /// The measured motions' colours: apart from the recreation's palette.
    static let measuredColors = [Color(hex: 0xFF453A), Color(hex: 0xFFFFFF)]
    private var span = MotionSpan(start: 0, duration: 1)
    private var now = 0.0
    private let padding = EdgeInsets(top: 26, left: 26, bottom: 22, right: 12)
    /// The legend's column, right of the plot.
    private var legendWidth: Double { min(150, max(bounds.width * 0.36, 90)) }

    package init() {
        super.init(frame: .zero)
        accessibilityIdentifier = "lab.graph"
        // Nearly opaque: the curves and their labels must read over any scene.
        styleAsOverlayPanel(opacity: 0.9)
        title.accessibilityIdentifier = "lab.graph.title"
        expectedLabel.accessibilityIdentifier = "lab.graph.expected"
        addSubview(title)
        addSubview(expectedLabel)
        for label in axisLabels { addSubview(label) }
        axisLabels[0].accessibilityIdentifier = "lab.graph.axis.progress"
        axisLabels[2].accessibilityIdentifier = "lab.graph.axis.time"
    }

    package func show(
        _ transition: (name: String, span: MotionSpan?, records: [AnimationRecord])?,
        expected: (label: String, timing: any AnimationTiming)? = nil, measured: [MeasuredMotion] = [], now: Double
    ) {
        self.now = now
        self.measured = Array(measured.prefix(Self.measuredColors.count))
        self.expected = expected.map { Curve(timing: $0.timing, properties: [$0.label]) }
        expectedLabel.text = expected?.label ?? ""
        guard let transition, let transitionSpan = transition.span else {
            curves = []
            span = MotionSpan(start: now, duration: 1)
            if let expected { span.duration = max(Self.settlingTime(of: expected.timing), 0.1) }
            // A gesture drives the transition: it has no timed curve until it is let go.
            title.text =
                transition.map { "\($0.name) · following the pointer" }
                ?? "No transition yet: start one to see its curves"
            layoutLegend()
            return
        }
        span = transitionSpan
        var grouped: [Curve] = []
        for record in transition.records {
            let name = Self.legendName(target: record.targetName, property: record.property.name)
            if let index = grouped.firstIndex(where: { $0.timing === record.timing }) {
                if !grouped[index].properties.contains(name) { grouped[index].properties.append(name) }
            } else {
                grouped.append(Curve(timing: record.timing, properties: [name]))
            }
        }
        curves = Array(grouped.prefix(Self.palette.count))
        title.text = String(format: "%@ · %.2f s", transition.name, transitionSpan.duration)
        layoutLegend()
    }

    private func layoutLegend() {
        while measuredLegend.count < measured.count {
            let label = Label(font: .system(11), color: .white)
            label.accessibilityIdentifier = "lab.graph.measured.\(measuredLegend.count)"
            measuredLegend.append(label)
            addSubview(label)
        }
        for (index, label) in measuredLegend.enumerated() {
            label.isHidden = index >= measured.count
            guard index < measured.count else { continue }
            label.text = "• " + measured[index].name
            label.textColor = Self.measuredColors[index]
        }
        while legend.count < curves.count {
            let label = Label(font: .system(11), color: .white)
            legend.append(label)
            addSubview(label)
        }
        for (index, label) in legend.enumerated() {
            label.isHidden = index >= curves.count
            guard index < curves.count else { continue }
            let properties = curves[index].properties
            label.text = properties[0] + (properties.count > 1 ? " +\(properties.count - 1)" : "")
            label.textColor = Self.palette[index]
        }
        setNeedsLayout()
    }

    package override func layoutSubviews() {
        title.frame = Rect(x: 12, y: 6, width: bounds.width - 12 - padding.right, height: 16)
        let column = legendWidth
        var top = padding.top
        for label in legend where !label.isHidden {
            label.frame = Rect(x: bounds.width - padding.right - column, y: top, width: column, height: 14)
            top += 14
        }
        expectedLabel.frame = Rect(x: bounds.width - padding.right - column, y: top + 4, width: column, height: 14)
        top += expectedLabel.text.isEmpty ? 4 : 18
        for label in measuredLegend where !label.isHidden {
            label.frame = Rect(x: bounds.width - padding.right - column, y: top + 4, width: column, height: 14)
            top += 14
        }
        // Progress up the left (0 and 1), seconds along the bottom (start, middle, end).
        let area = plot
        let seconds = [0, span.duration / 2, span.duration]
        let texts = ["1", "0"] + seconds.map { Self.secondsText($0) }
        for (index, label) in axisLabels.enumerated() {
            label.text = texts[index]
            if index < 2 {
                label.textAlignment = .right
                label.frame = Rect(x: 2, y: y(for: index == 0 ? 1 : 0) - 7, width: padding.left - 6, height: 14)
            } else {
                let fraction = Double(index - 2) / 2
                label.textAlignment = index == 2 ? .left : (index == 4 ? .right : .center)
                let x = area.minX + fraction * area.width
                let width = 48.0
                let left = index == 2 ? x : (index == 4 ? x - width : x - width / 2)
                label.frame = Rect(x: left, y: area.maxY + 4, width: width, height: 14)
            }
        }
    }

    /// "0 s", "0.35 s", "1.2 s": seconds to two decimals, no trailing zeros.
    static func secondsText(_ seconds: Double) -> String {
        var text = String(format: "%.2f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " s"
    }

    /// A curve's legend entry: the view's id without its scene prefix, then the property
    /// ("detail transform" for `rooms.detail`'s transform).
    static func legendName(target: String, property: String) -> String {
        let view = target.split(separator: ".").dropFirst().joined(separator: ".")
        let name = view.isEmpty ? target : view
        return name == property ? property : "\(name) \(property)"
    }

    /// Where a spring (or curve) timing that starts at 0 is done, for the graph's time axis.
    static func settlingTime(of timing: any AnimationTiming) -> Double {
        var time = 0.0
        while time < 10, !timing.isFinished(at: time) { time += 1.0 / 120 }
        return time
    }

    package var plotRect: Rect { plot }

    private var plot: Rect {
        Rect(
            x: padding.left, y: padding.top,
            width: max(bounds.width - padding.left - padding.right - legendWidth - 6, 10),
            height: max(bounds.height - padding.top - padding.bottom, 10))
    }

    /// Where a progress value sits vertically in the plot.
    package func y(for value: Double) -> Double { y(for: value, in: plot) }

    /// The same in a plot worked out once (the points below are drawn every frame of a transition).
    private func y(for value: Double, in plot: Rect) -> Double {
        let range = Self.valueRange
        let t =
            (min(max(value, range.lowerBound), range.upperBound) - range.lowerBound)
            / (range.upperBound - range.lowerBound)
        return plot.maxY - t * plot.height
    }

    /// The curve's points in view coordinates, sampled across the transition's span.
    package func points(of curve: Curve, startingAt origin: Double? = nil) -> [Point] {
        let (start, duration, area) = (origin ?? span.start, span.duration, plot)
        return (0...Self.samples).map { index in
            let fraction = Double(index) / Double(Self.samples)
            let time = start + fraction * duration
            return Point(x: area.minX + fraction * area.width, y: y(for: curve.timing.progress(at: time), in: area))
        }
    }

    /// A measured motion's dots in view coordinates: those within the plotted span.
    package func points(of motion: MeasuredMotion) -> [Point] {
        let (duration, area) = (span.duration, plot)
        return zip(motion.times, motion.progress).compactMap { time, progress in
            guard time >= 0, time <= duration, duration > 0 else { return nil }
            return Point(x: area.minX + time / duration * area.width, y: y(for: progress, in: area))
        }
    }

    package override func drawContent(in context: inout DrawingContext) {
        let area = plot
        for level in [0.0, 1.0] {
            context.fill(
                Rect(x: area.minX, y: y(for: level) - 0.5, width: area.width, height: 1),
                color: Color(white: 1, alpha: 0.25))
        }
        context.fill(
            Rect(x: area.minX - 0.5, y: area.minY, width: 1, height: area.height), color: Color(white: 1, alpha: 0.4))
        context.fill(
            Rect(x: area.minX, y: area.maxY - 0.5, width: area.width, height: 1), color: Color(white: 1, alpha: 0.4))
        for (index, curve) in curves.enumerated() {
            let color = Self.palette[index]
            let points = points(of: curve)
            // Each later curve thinner, drawn over the earlier: overlapping lines show both colours.
            let thickness = max(3.5 - Double(index) * 0.6, 1.2)
            for (a, b) in zip(points, points.dropFirst()) {
                let top = min(a.y, b.y) - thickness / 2
                context.fill(
                    Rect(x: a.x, y: top, width: max(b.x - a.x, 1), height: abs(b.y - a.y) + thickness), color: color)
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
        // The first (the fitted side) last, over the others' dots where they meet.
        for (index, motion) in measured.enumerated().reversed() {
            for point in points(of: motion) {
                context.fill(
                    Rect(x: point.x - 2, y: point.y - 2, width: 4, height: 4), color: Self.measuredColors[index])
            }
        }
        let marker = area.minX + span.progress(at: now) * area.width
        context.fill(Rect(x: marker - 0.75, y: area.minY, width: 1.5, height: area.height), color: .white)
    }
}
