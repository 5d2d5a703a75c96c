import Motion

/// The kit's own tunable constants (UIKit's values by default).
public enum KitTuning {
    public static let scrollDeceleration = TuningParameter(
        "scroll.deceleration", default: DecayMotion.normalRate, range: 0.98...0.9995, unit: "/ms",
        summary: "how fast a flicked scroll view slows down")
    public static let scrollRubberband = TuningParameter(
        "scroll.rubberband", default: RubberBand.coefficient, range: 0.1...1.5,
        summary: "resistance past a scroll view's edge")
    public static let gestureSlop = TuningParameter(
        "gesture.slop", default: 10, range: 0...40, unit: "pt", summary: "travel before a touch becomes a drag")

    public static let all = [scrollDeceleration, scrollRubberband, gestureSlop]
}

extension View {
    /// The app's tunable constants (the window's), or the defaults off screen.
    public var tuning: Tuning { (root as? Window)?.tunables ?? Tuning(parameters: KitTuning.all) }
}
