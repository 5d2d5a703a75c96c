import Motion
import Scenes

/// The interaction half of a scene's exported code: the gesture that drives the effect, with the
/// numbers the running scene uses (`SceneInteraction`) — a UIKit pan handler whose release hands
/// the finger's velocity to the finishing spring, a SwiftUI `DragGesture`, a Compose `draggable`
/// with an `Animatable` — and the block that says which numbers are the seed's, which were tuned
/// and which are a model.
extension EffectCode {
    /// "Where the numbers come from", as comment lines (without the comment marker).
    var provenance: [String] {
        var lines = ["Where the numbers come from:"]
        // The kit's constants (scroll.*, gesture.*) are UIKit's behaviour, not the tutorial's.
        func isKit(_ name: String) -> Bool { name.hasPrefix("scroll.") || name.hasPrefix("gesture.") }
        let untouched = parameters.filter { $0.value == $0.parameter.defaultValue }
        let seeds = untouched.filter { !isKit($0.parameter.name) }
        let kit = untouched.filter { isKit($0.parameter.name) }
        let tuned = parameters.filter { $0.value != $0.parameter.defaultValue }
        if !seeds.isEmpty {
            lines.append(
                "  The seed's (the tutorial's own numbers): "
                    + seeds.map { "\($0.parameter.name) \(Self.number($0.value))" }.joined(separator: ", ") + ".")
        }
        if !kit.isEmpty {
            lines.append(
                "  UIKit's: " + kit.map { "\($0.parameter.name) \(Self.number($0.value))" }.joined(separator: ", ")
                    + " — the deceleration is UIScrollView.DecelerationRate.normal itself; the rubber band's")
            // The slop is called UIKit's only while it is (tuned, it is listed as tuned below).
            let slopIsUIKits = kit.contains { $0.parameter.name == "gesture.slop" }
            lines.append(
                "  c = 0.55 (offset = (1 − 1 / (x·c / d + 1))·d past the edge, d the view's size)"
                    + (slopIsUIKits ? " and the pan's" : " is the usual model"))
            lines.append(
                slopIsUIKits
                    ? "  10 pt slop are the usual models of what UIKit does (it publishes neither)."
                    : "  of what UIKit does (it does not publish it).")
        }
        lines.append(
            tuned.isEmpty
                ? "  Tuned in the app: none."
                : "  Tuned in the app: "
                    + tuned.map {
                        "\($0.parameter.name) \(Self.number($0.parameter.defaultValue)) → \(Self.number($0.value))"
                    }.joined(separator: ", ") + ".")
        lines.append(
            "  The kit's (UIKit's behaviour as Teardowns plays it): the flick speeds and thresholds not listed")
        lines.append(
            "  above, the shortest finishing run (\(Self.number(interaction?.shortestCompletion ?? 0.2)) s) and the snap timings."
        )
        if hasSpringMotion {
            lines += [
                "  A model, not Apple's published numbers: UIKit's duration-based spring (usingSpringWithDamping)",
                "  does not say its stiffness. Teardowns takes the stiffness at which a spring of mass 1 released",
                "  from rest stays within 0.1 % of its target from `duration` on: ω₀ = ln(1 / (0.001·√(1 − ζ²))) /",
                "  (ζ · duration) for ζ ≤ 0.99 (the decay envelope); past 0.99 a straight line to the critical",
                "  spring's (ω₀ ≈ 9.23 / duration at ζ = 1), so it is continuous. Stiffness = ω₀², damping",
                "  coefficient = 2ζω₀, response = 2π/ω₀. The duration form is UIKit's own; the others are derived.",
            ]
        }
        return lines
    }

    private var hasSpringMotion: Bool {
        motions.contains { if case .spring = $0.timing { true } else { false } }
    }

    /// A number of the interaction in Swift: its tuned constant, or a new one declared here.
    func swiftName(_ number: SceneInteraction.Number, _ name: String) -> (name: String, declaration: String?) {
        if let tuned = number.tunedBy { return (Self.camelName(tuned, scene: scene), nil) }
        return (name, "static let \(name): CGFloat = \(Self.number(number.value))")
    }

    func kotlinName(_ number: SceneInteraction.Number, _ name: String) -> (name: String, declaration: String?) {
        if let tuned = number.tunedBy { return (Self.constantName(tuned, scene: scene), nil) }
        let constant = Self.constantName(name, scene: "")
        return (constant, "const val \(constant) = \(Self.number(number.value))f")
    }

    // MARK: Swift

    /// UIKit and SwiftUI code for the scene's gesture, inside the effect's enum.
    var swiftInteraction: [String] {
        guard let interaction else { return [] }
        let flick = swiftName(interaction.flickSpeed, scene == "icons" ? "flickWidthsPerSecond" : "flickSpeed")
        let threshold = swiftName(interaction.threshold, "threshold")
        var lines = ["", "// MARK: Interaction: \(interactionSummary)"]
        // The inbox closes on distance alone: it declares no flick.
        lines += [scene == "inbox" ? nil : flick.declaration, threshold.declaration].compactMap { $0 }
        lines.append("/// The shortest finishing or cancelling run: a short way left eases over at least this long.")
        lines.append("static let shortestCompletion: TimeInterval = \(Self.number(interaction.shortestCompletion))")
        lines.append("/// The transition's own duration, which the run after release scales by the way left.")
        lines.append("static let interactiveDuration: TimeInterval = \(Self.number(interaction.duration))")
        switch scene {
        case "rooms": lines += roomsSwift(interaction, flick: flick.name, threshold: threshold.name)
        case "inbox": lines += inboxSwift(threshold: threshold.name)
        default: lines += transitionSwift(interaction, flick: flick.name, threshold: threshold.name)
        }
        return lines
    }

    var interactionSummary: String {
        switch scene {
        case "rooms": "the row pages; the room's sheet is dragged down and snaps"
        case "modal": "the card dragged down closes past the threshold or on a flick"
        case "settings": "an edge swipe pulls the panel in; past the threshold or a flick it opens"
        case "icons": "the back swipe from the left edge scrubs the zoom back"
        case "inbox": "the message pulled down past a share of the bar closes into its row"
        default: ""
        }
    }

    /// What the pan measures for each scene: the axis, the sign, the distance expression.
    private var panGeometry: (axis: String, sign: String, distance: String, recognizer: String) {
        switch scene {
        case "settings":
            let reveal = interaction?.fixedDistance.map { swiftName($0, "reveal").name } ?? "reveal"
            return ("x", "", reveal, "UIScreenEdgePanGestureRecognizer (edges = .left)")
        case "icons":
            return ("x", "", "container.bounds.width", "UIScreenEdgePanGestureRecognizer (edges = .left)")
        default:
            return ("y", "", "container.bounds.height", "UIPanGestureRecognizer")
        }
    }

    /// A percent-driven interactive transition (modal, settings, icons): the pan scrubs a
    /// property animator, the release hands its velocity to the finishing spring.
    private func transitionSwift(_ interaction: SceneInteraction, flick: String, threshold: String) -> [String] {
        let geometry = panGeometry
        var lines: [String] = []
        if let reveal = interaction.fixedDistance, reveal.tunedBy == nil {
            lines.append("static let reveal: CGFloat = \(Self.number(reveal.value))")
        }
        let axis = geometry.axis
        lines +=
            [
                "",
                "/// UIKit: drives the transition with a \(geometry.recognizer) whose target it is. Keep a",
                "/// strong reference (a recognizer does not retain its target); `begin` starts the transition",
            ]
            + howToBegin
            + [
                "/// The animator it drives must run linearly (`.curveLinear`, or a linear",
                "/// UIViewPropertyAnimator from interruptibleAnimator(using:)): percent-driven progress is the",
                "/// animation's time, so an eased curve would not follow the finger 1:1.",
                "/// Progress is the drag across \(interaction.distance); let go past `\(threshold)` of it, or flick",
                "/// faster than `\(flick)`\(scene == "icons" ? " widths a second" : " pt/s") the way it goes, and it finishes — else it goes back —",
                "/// on a critically damped spring that starts at the finger's speed.",
                "@MainActor",
                "final class Interaction: UIPercentDrivenInteractiveTransition {",
                "    private weak var container: UIView?",
                "    private let begin: () -> Void",
                "    private(set) var isInteractive = false",
                "",
                "    init(container: UIView, begin: @escaping () -> Void) {",
                "        self.container = container",
                "        self.begin = begin",
                "        super.init()",
                "    }",
                "",
                "    @objc func handlePan(_ pan: UIPanGestureRecognizer) {",
                "        guard let container else { return }",
                "        let distance = max(\(geometry.distance), 1)",
                "        let translation = pan.translation(in: container).\(axis)",
                "        switch pan.state {",
                "        case .began:",
                "            isInteractive = true",
                "            begin()",
                "        case .changed:",
                "            update(min(max(translation / distance, 0), 1))",
                "        case .ended, .cancelled, .failed:",
                "            isInteractive = false",
                "            // The finger's speed, in distances per second (positive: towards finishing).",
                "            let speed = pan.velocity(in: container).\(axis)",
                "            let perSecond = speed / distance",
                scene == "icons"
                    ? "            let finishes = pan.state == .ended && (percentComplete > \(typeName).\(threshold) || perSecond > \(typeName).\(flick)) && perSecond > -\(typeName).\(flick) / 2"
                    : "            let finishes = pan.state == .ended && (speed > \(typeName).\(flick) || (percentComplete > \(typeName).\(threshold) && speed > -\(typeName).\(flick)))",
                "            let left = finishes ? 1 - percentComplete : percentComplete",
                "            // UIKit's time for the way left (the animator's duration × the way), never shorter",
                "            // than the kit's shortest run; completionSpeed must stay above 0.",
                "            let run = max(self.duration * left, \(typeName).shortestCompletion)",
                "            let towards = finishes ? perSecond : -perSecond",
                "            let velocity = left > 0.001 ? towards / left : 0",
                "            timingCurve = UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: velocity, dy: velocity))",
                "            completionSpeed = left > 0.001 ? max(self.duration * left / run, 0.01) : 1",
                "            if finishes { finish() } else { cancel() }",
            ] + Self.panHandlerEnd + dragToFinishSwiftUI(flick: flick, threshold: threshold, axis: axis)
        return lines
    }

    /// The SwiftUI form of a percent-driven transition's drag: a `DragGesture` on the progress,
    /// the release finishing on a critically damped spring that starts at the finger's speed.
    private func dragToFinishSwiftUI(flick: String, threshold: String, axis: String) -> [String] {
        [
            "/// SwiftUI: the same drag as a `DragGesture` on the \(scene == "settings" ? "panel" : "screen")'s offset (iOS 17 for the velocity).",
            "@available(iOS 17.0, *)",
            "struct DragToFinish: ViewModifier {",
            "    let distance: CGFloat",
            "    @Binding var progress: CGFloat  // 0 at the start, 1 finished",
            "    let onFinish: () -> Void",
            "",
            "    func body(content: Content) -> some View {",
            "        content.gesture(",
            "            DragGesture()",
            "                .onChanged { value in",
            "                    progress = min(max(value.translation.\(axis == "y" ? "height" : "width") / distance, 0), 1)",
            "                }",
            "                .onEnded { value in",
            "                    let speed = value.velocity.\(axis == "y" ? "height" : "width")",
            scene == "icons"
                ? "                    let finishes = (progress > \(typeName).\(threshold) || speed / distance > \(typeName).\(flick)) && speed / distance > -\(typeName).\(flick) / 2"
                : "                    let finishes = speed > \(typeName).\(flick) || (progress > \(typeName).\(threshold) && speed > -\(typeName).\(flick))",
            "                    let left = finishes ? 1 - progress : progress",
            "                    let duration = max(\(typeName).interactiveDuration * left, \(typeName).shortestCompletion)",
            "                    // (.onEnded is not called for a cancelled gesture: reset `progress` in a",
            "                    // GestureState-driven design if that matters.)",
            "                    // A critically damped spring that settles in `duration`, starting at the finger's speed.",
            "                    // SwiftUI's spring `duration:` is a perceptual one (2π/ω₀), not a",
            "                    // settling time: a critical spring settles in `duration` at ω₀ = \(Self.number(SpringSolution.angularFrequency(settlingIn: 1, dampingRatio: 1))) / duration.",
            "                    // SwiftUI's initial velocity is in changes per second: the way left is the change.",
            "                    let towards = (finishes ? 1 : -1) * speed / distance",
            "                    let settling = Spring(response: 2 * .pi * duration / \(Self.number(SpringSolution.angularFrequency(settlingIn: 1, dampingRatio: 1))), dampingRatio: 1)",
            "                    withAnimation(.interpolatingSpring(settling, initialVelocity: left > 0 ? towards / left : 0)) {",
            "                        progress = finishes ? 1 : 0",
            "                    } completion: {",
            "                        if finishes { onFinish() }",
            "                    }",
            "                }",
            "        )",
            "    }",
            "}",
        ]
    }

    /// Rooms: the paging row and the sheet's drag-and-snap.
    private func roomsSwift(_ interaction: SceneInteraction, flick: String, threshold: String) -> [String] {
        let deceleration =
            interaction.deceleration.flatMap { $0.tunedBy.map { Self.camelName($0, scene: scene) } }
            ?? "UIScrollView.DecelerationRate.fast"
        return [
            "/// The row: UIKit's paging carousels project a flick with the fast rate (0.99 a millisecond);",
            "/// set it as the row's `decelerationRate`.",
            "static let rowDecelerationRate = \(deceleration)",
            "static let sheetSnapDampingRatio: CGFloat = \(Self.number(interaction.snapDampingRatio ?? 0.7))",
            "/// Seconds for a snap across the sheet's whole travel (a shorter way is shorter, at least",
            "/// `sheetSnapShortest`).",
            "static let sheetSnapSecondsPerTravel: TimeInterval = \(Self.number(interaction.snapSecondsPerHeight ?? 1.4))",
            "static let sheetSnapShortest: TimeInterval = \(Self.number(interaction.snapShortestDuration ?? 0.2))",
            "",
            "/// UIKit: the room's sheet follows the finger, then snaps to the bottom past `\(threshold)` of its",
            "/// travel (or on a flick down faster than `\(flick)` pt/s), else back to the top.",
            "@MainActor",
            "final class SheetDrag: NSObject {",
            "    private let sheet: UIView",
            "    private let top: CGFloat",
            "    private let bottom: CGFloat",
            "    private var startY: CGFloat = 0",
            "",
            "    init(sheet: UIView, top: CGFloat, bottom: CGFloat) {",
            "        self.sheet = sheet",
            "        self.top = top",
            "        self.bottom = bottom",
            "    }",
            "",
            "    @objc func handlePan(_ pan: UIPanGestureRecognizer) {",
            "        let travel = max(bottom - top, 1)",
            "        switch pan.state {",
            "        case .began:",
            "            // Catch the sheet where it is on screen, even mid-snap.",
            "            startY = sheet.layer.presentation()?.frame.minY ?? sheet.frame.minY",
            "            sheet.layer.removeAllAnimations()",
            "            sheet.frame.origin.y = startY",
            "        case .changed:",
            "            sheet.frame.origin.y = min(max(startY + pan.translation(in: sheet.superview).y, top), bottom)",
            "        case .ended, .cancelled:",
            "            let speed = pan.velocity(in: sheet.superview).y",
            "            let progress = (sheet.frame.minY - top) / travel",
            "            let toBottom = abs(speed) > \(typeName).\(flick) ? speed > 0 : progress > \(typeName).\(threshold)",
            "            let target = toBottom ? bottom : top",
            "            let way = min(abs(target - sheet.frame.minY) / travel, 1)",
            "            let duration = max(way * \(typeName).sheetSnapSecondsPerTravel, \(typeName).sheetSnapShortest)",
            "            // From rest, as the design's sheet snaps; to carry a flick, pass",
            "            // initialSpringVelocity: speed / (target - sheet.frame.minY) (relative to the way).",
            "            UIView.animate(",
            "                withDuration: duration, delay: 0, usingSpringWithDamping: \(typeName).sheetSnapDampingRatio,",
            "                initialSpringVelocity: 0, options: [.allowUserInteraction, .beginFromCurrentState]",
            "            ) { self.sheet.frame.origin.y = target }",
        ] + Self.panHandlerEnd + roomsSwiftUI(flick: flick, threshold: threshold)
    }

    /// Rooms in SwiftUI: the sheet's snap as an offset, and UIKit's spring as SwiftUI's response.
    private func roomsSwiftUI(flick: String, threshold: String) -> [String] {
        [
            "/// SwiftUI: the sheet as an offset the drag moves and a spring snaps (iOS 17 for the velocity).",
            "@available(iOS 17.0, *)",
            "struct SheetSnap: ViewModifier {",
            "    let travel: CGFloat",
            "    @State private var offset: CGFloat = 0  // 0 at the top",
            "    @GestureState private var drag: CGFloat = 0",
            "",
            "    func body(content: Content) -> some View {",
            "        content",
            "            .offset(y: min(max(offset + drag, 0), travel))",
            "            .gesture(",
            "                DragGesture()",
            "                    .updating($drag) { value, state, _ in state = value.translation.height }",
            "                    .onEnded { value in",
            "                        let at = min(max(offset + value.translation.height, 0), travel)",
            "                        let speed = value.velocity.height",
            "                        let toBottom = abs(speed) > \(typeName).\(flick) ? speed > 0 : at / travel > \(typeName).\(threshold)",
            "                        let target: CGFloat = toBottom ? travel : 0",
            "                        let duration = max(min(abs(target - at) / travel, 1) * \(typeName).sheetSnapSecondsPerTravel, \(typeName).sheetSnapShortest)",
            "                        offset = at",
            "                        withAnimation(.spring(Spring(response: \(typeName).settlingResponse(duration: duration, dampingRatio: \(typeName).sheetSnapDampingRatio), dampingRatio: \(typeName).sheetSnapDampingRatio))) {",
            "                            offset = target",
            "                        }",
            "                    }",
            "            )",
            "    }",
            "}",
            "",
            "/// UIKit's duration-based spring as SwiftUI's response (the model in the header: the decay",
            "/// envelope up to ζ 0.99, then a straight line to the critical spring's ω₀).",
            "nonisolated static func settlingResponse(duration: TimeInterval, dampingRatio: CGFloat) -> Double {",
            "    let zeta = min(max(Double(dampingRatio), 0.001), 1)",
            "    func envelope(_ z: Double) -> Double { log(1 / (0.001 * (1 - z * z).squareRoot())) / (z * duration) }",
            "    let critical = \(Self.number(SpringSolution.angularFrequency(settlingIn: 1, dampingRatio: 1))) / duration",
            "    let omega = zeta <= 0.99 ? envelope(zeta) : envelope(0.99) + (zeta - 0.99) / 0.01 * (critical - envelope(0.99))",
            "    return 2 * .pi / omega",
            "}",
        ]
    }

    /// Inbox: the message's scroll view pulled past its top; let go past the share of the bar.
    private func inboxSwift(threshold: String) -> [String] {
        [
            "static let barHeight: CGFloat = \(Self.number(interaction?.fixedDistance?.value ?? 64))",
            "",
            "/// UIKit: the message's scroll view, pulled down past its top by more than `\(threshold)` of the",
            "/// bar, closes the message when let go (the status bar turns light past the same point).",
            "@MainActor",
            "final class PullToClose: NSObject, UIScrollViewDelegate {",
            "    let close: () -> Void",
            "",
            "    init(close: @escaping () -> Void) {",
            "        self.close = close",
            "    }",
            "",
            "    static func isPastThreshold(_ scrollView: UIScrollView) -> Bool {",
            "        scrollView.contentOffset.y + scrollView.adjustedContentInset.top",
            "            < -\(typeName).barHeight * \(typeName).\(threshold)",
            "    }",
            "",
            "    func scrollViewWillEndDragging(",
            "        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,",
            "        targetContentOffset: UnsafeMutablePointer<CGPoint>",
            "    ) {",
            "        if Self.isPastThreshold(scrollView) { close() }",
            "    }",
            "}",
            "",
            "/// SwiftUI: the same pull read from the scroll offset (iOS 18's onScrollGeometryChange).",
            "@available(iOS 18.0, *)",
            "struct PullToCloseModifier: ViewModifier {",
            "    let close: () -> Void",
            "    @State private var pulled: CGFloat = 0",
            "",
            "    func body(content: Content) -> some View {",
            "        content",
            "            .onScrollGeometryChange(for: CGFloat.self) { -($0.contentOffset.y + $0.contentInsets.top) } action: { _, new in",
            "                pulled = new",
            "            }",
            "            .onScrollPhaseChange { old, new in",
            "                if old == .interacting, new != .interacting, pulled > \(typeName).barHeight * \(typeName).\(threshold) { close() }",
            "            }",
            "    }",
            "}",
        ]
    }

    /// How every generated pan handler ends: the switch's default, the handler, the class.
    static let panHandlerEnd = [
        "        default:", "            break", "        }", "    }", "}", "",
    ]

}
