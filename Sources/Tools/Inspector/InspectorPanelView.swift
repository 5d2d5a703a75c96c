import Foundation
import Graphics
import Motion
import Views

/// The inspector's panel in the dock: how to use it, then the selected view — id, type, frame,
/// bounds, alpha, transform, corner radius, clipping — and every animation acting on it now,
/// with its timing.
@MainActor
package final class InspectorPanelView: TextPanelView {
    /// The selected view's animations drawn as G draws a transition's.
    let graph = CurveGraphView()
    static let graphHeight = 150.0
    /// Spreads the exploded slabs apart, as the wheel over the scene does (3D only).
    let spacingSlider = Slider(value: 28, range: 0...200)
    private let spacingLabel = Label(font: .system(12), color: .white)

    init() {
        super.init(font: .system(12))
        accessibilityIdentifier = "lab.inspector"
        graph.accessibilityIdentifier = "lab.inspector.graph"
        graph.isHidden = true
        graph.isUserInteractionEnabled = false
        spacingSlider.accessibilityIdentifier = "lab.inspector.spacing"
        spacingLabel.accessibilityIdentifier = "lab.inspector.spacing.value"
        for child in [graph, spacingLabel, spacingSlider] as [View] { addSubview(child) }
        // Its slider takes the pointer (a drag elsewhere on it still scrolls the dock).
        isUserInteractionEnabled = true
        isHidden = true
    }

    /// The slider and its label follow the spacing however it was set (slider, wheel, script).
    package func showSpacing(_ spacing: Double, shown: Bool) {
        spacingSlider.isHidden = !shown
        spacingLabel.isHidden = !shown
        spacingLabel.text = "spacing: \(Self.number(spacing)) pt"
        if spacingSlider.value != spacing { spacingSlider.setValue(spacing) }
    }

    /// Height of the spacing label and slider when shown.
    private var spacingHeight: Double { spacingSlider.isHidden ? 0 : 18 + Slider.height + 4 }

    /// Draws `records` (the animations acting on the selected view) as curves, from the first's
    /// start for as long as the longest runs.
    package func showCurves(_ records: [AnimationRecord], now: Double) {
        graph.isHidden = records.isEmpty
        guard let first = records.map(\.addedAt).min() else { return }
        let length =
            records.compactMap { record -> Double? in
                (record.timing as? SpringTiming)?.duration ?? (record.timing as? CurveTiming)?.duration
            }.max() ?? 0.6
        graph.show(("Acting on it", MotionSpan(start: first, duration: max(length, 0.05)), records), now: now)
        setNeedsLayout()
    }

    package override func sizeThatFits(_ size: Size) -> Size {
        var fitted = super.sizeThatFits(size)
        if !spacingSlider.isHidden {
            fitted.width = size.width
            fitted.height += spacingHeight
        }
        if !graph.isHidden {
            fitted.width = size.width
            fitted.height += Self.graphHeight + 6
        }
        return fitted
    }

    package override func layoutSubviews() {
        super.layoutSubviews()
        // Under the lines: the spacing, then the curves.
        let linesBottom = super.sizeThatFits(bounds.size).height - padding
        if !spacingSlider.isHidden {
            spacingLabel.frame = Rect(x: padding, y: linesBottom, width: bounds.width - padding * 2, height: 18)
            spacingSlider.frame = Rect(
                x: padding, y: linesBottom + 18, width: bounds.width - padding * 2, height: Slider.height)
        }
        guard !graph.isHidden else { return }
        graph.frame = Rect(
            x: 0, y: bounds.height - Self.graphHeight, width: bounds.width, height: Self.graphHeight)
    }

    package func show(
        mode: Inspector.Mode, selected: View?, animations: [InspectedAnimation], parts: String?,
        tree: [(text: String, bold: Bool)] = []
    ) {
        var lines: [(text: String, bold: Bool)] = [
            (mode == .exploded ? "Inspector · 3D" : "Inspector · 2D", true),
            (
                mode == .exploded
                    ? "drag: turn · wheel or slider: spread · click: select · I: 2D"
                    : "point: name · click: select · I: off", false
            ),
            ("↑ ↓ walk · O only this subtree · X hide it · V hidden", false),
        ]
        if let parts { lines.append((parts, false)) }
        guard let view = selected else {
            lines.append(("Click a view to select it.", false))
            setLines(lines + tree)
            return
        }
        let state = view.presented
        let frame = view.frameInRoot
        let t = state.transform
        lines += [
            (view.accessibilityIdentifier ?? "(no id)", true),
            ("type: \(String(describing: type(of: view)))", false),
            ("frame: \(Self.numbers([frame.minX, frame.minY, frame.width, frame.height]))", false),
            (
                "bounds: \(Self.numbers([state.bounds.minX, state.bounds.minY, state.bounds.width, state.bounds.height]))",
                false
            ),
            ("alpha: \(Self.number(state.opacity))" + (view.isHidden ? " · hidden" : ""), false),
            ("transform: \(Self.numbers([t.a, t.b, t.c, t.d, t.tx, t.ty]))", false),
            ("corner radius: \(Self.number(state.cornerRadius)) · clips: \(view.clipsToBounds ? "yes" : "no")", false),
        ]
        if animations.isEmpty {
            lines.append(("no animation acting on it now", false))
        } else {
            lines.append(("animating now:", true))
            for animation in animations { lines.append(("\(animation.property): \(animation.timing.summary)", false)) }
        }
        setLines(lines + tree)
    }

    static func number(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    static func numbers(_ values: [Double]) -> String { values.map(number).joined(separator: " ") }
}

/// An animation acting on the inspected view: its property and its timing.
@MainActor
package struct InspectedAnimation: Encodable {
    var property: String
    var timing: TimingSummary

    package init(property: String, timing: TimingSummary) {
        self.property = property
        self.timing = timing
    }
}

/// A timing as the inspector and the dump say it: a spring (duration, damping) or a curve.
@MainActor
package struct TimingSummary: Encodable {
    var kind: String
    var duration: Double?
    var damping: Double?
    var curve: String?

    package init(_ timing: any AnimationTiming) {
        if let spring = timing as? SpringTiming {
            kind = "spring"
            duration = spring.duration
            damping = spring.solution.dampingRatio
        } else if let curve = timing as? CurveTiming {
            kind = "curve"
            duration = curve.duration
            self.curve = String(describing: curve.curve)
        } else {
            kind = "driven"
        }
    }

    var summary: String {
        switch kind {
        case "spring":
            return "spring \(InspectorPanelView.number(duration ?? 0)) s, ζ \(InspectorPanelView.number(damping ?? 0))"
        case "curve": return "curve \(curve ?? "") \(InspectorPanelView.number(duration ?? 0)) s"
        default: return "driven by a gesture or a transition"
        }
    }
}
