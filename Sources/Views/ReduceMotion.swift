/// The window's Reduce Motion setting, as iOS's Settings › Accessibility › Motion › Reduce Motion
/// (`UIAccessibility.isReduceMotionEnabled`): transitions read it when they start, so a change
/// applies from the next one and never jumps one under way. Large zooms, slides and bounces give
/// way to cross-fades; what a finger moves still moves with it.
@MainActor
public final class AccessibilitySettings {
    /// Whether decorative motion is replaced by fades.
    public var reducesMotion = false {
        didSet {
            guard reducesMotion != oldValue else { return }
            for observer in observers { observer(reducesMotion) }
        }
    }

    private var observers: [(Bool) -> Void] = []

    public init() {}

    /// Tells `observer` of every change (as `UIAccessibility.reduceMotionStatusDidChangeNotification`).
    public func observeReduceMotion(_ observer: @escaping (Bool) -> Void) {
        observers.append(observer)
    }
}

extension View {
    /// Whether this view's window reduces motion (false off screen).
    public var reducesMotion: Bool { (root as? Window)?.accessibility.reducesMotion ?? false }
}
