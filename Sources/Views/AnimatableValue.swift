import Motion

/// A number a view exposes for animation, like the Rooms detail view's `transitionProgress`:
/// set inside an `animate` block it animates, and every frame its presented value changes
/// `onChange` runs (typically `setNeedsLayout`), so subviews re-lay-out along the animation.
@MainActor
public final class AnimatableValue: AnimationTarget {
    public static let valueProperty = AnimatableProperty("value")

    private var model: Double
    private var offset: Double = 0
    public var onChange: () -> Void
    /// The view this value belongs to: its window's animator runs the value's animations.
    public private(set) weak var owner: View?

    /// A value of `owner`'s: it animates on the animator of the window `owner` is in.
    public init(_ value: Double, owner: View, onChange: @escaping () -> Void = {}) {
        model = value
        self.owner = owner
        self.onChange = onChange
    }

    public var animationName: String { (owner?.animationName ?? "value") + ".value" }

    /// The model value: what it will be when animations end.
    public var value: Double {
        get { model }
        set {
            AnimationTransaction.willChange(self, Self.valueProperty)
            model = newValue
            onChange()
        }
    }

    /// What is on screen now.
    public var presented: Double { model + offset }

    public func modelComponents(for property: AnimatableProperty) -> [Double] { [model] }

    public func setModelComponents(_ components: [Double], for property: AnimatableProperty) {
        value = components[0]
    }

    public func setPresentationOffset(_ offset: [Double]?, for property: AnimatableProperty) {
        self.offset = offset?.first ?? 0
        onChange()
    }

    public var runningAnimator: Animator? { owner?.window?.animator }

    /// Stops its animations where they are (the model takes the value on screen).
    public func stopAnimations() {
        runningAnimator?.stopAnimations(of: self)
    }
}
