import Graphics
import Motion

extension AnimatableProperty {
    public static let bounds = AnimatableProperty("bounds")
    public static let center = AnimatableProperty("center")
    public static let transform = AnimatableProperty("transform")
    public static let alpha = AnimatableProperty("alpha")
    public static let backgroundColor = AnimatableProperty("backgroundColor")
    public static let cornerRadius = AnimatableProperty("cornerRadius")
}

extension View: AnimationTarget {
    public var animationName: String { accessibilityIdentifier ?? String(describing: type(of: self)) }

    func components(of state: LayerState, _ property: AnimatableProperty) -> [Double] {
        switch property {
        case .bounds: return state.bounds.components
        case .center: return state.center.components
        case .transform: return state.transform.components
        case .alpha: return [state.alpha]
        case .backgroundColor: return (state.backgroundColor ?? .clear).components
        case .cornerRadius: return [state.cornerRadius]
        default: return []
        }
    }

    func setting(_ values: [Double], for property: AnimatableProperty, in state: LayerState) -> LayerState {
        var result = state
        switch property {
        case .bounds: result.bounds = Rect(components: values)
        case .center: result.center = Point(components: values)
        case .transform: result.transform = AffineTransform(components: values)
        case .alpha: result.alpha = values[0]
        case .backgroundColor: result.backgroundColor = Color(components: values)
        case .cornerRadius: result.cornerRadius = values[0]
        default: break
        }
        return result
    }

    public func modelComponents(for property: AnimatableProperty) -> [Double] {
        components(of: model, property)
    }

    public func setModelComponents(_ components: [Double], for property: AnimatableProperty) {
        let updated = setting(components, for: property, in: model)
        switch property {
        case .bounds: bounds = updated.bounds
        case .center: center = updated.center
        case .transform: transform = updated.transform
        case .alpha: alpha = updated.alpha
        case .backgroundColor: backgroundColor = updated.backgroundColor
        case .cornerRadius: cornerRadius = updated.cornerRadius
        default: break
        }
    }

    public func setPresentationOffset(_ offset: [Double]?, for property: AnimatableProperty) {
        presentationOffsets[property] = offset
        modelDidChange()
    }

    /// The window's animator: a view animates only while it is in a window.
    public var runningAnimator: Animator? { window?.animator }

    /// Animates what `changes` sets along a UIKit curve (easeInOut by default, as UIView.animate).
    /// `completion` runs once: true when everything arrived, false if replaced or stopped first.
    public static func animate(
        duration: Double, delay: Double = 0, curve: TimingCurve = .easeInOut, changes: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        Animator.animate(
            timing: { animator in
                animator.scoped(CurveTiming(start: animator.timeBase + delay, duration: duration, curve: curve))
            }, changes: changes, completion: completion)
    }

    /// UIKit's spring form: `dampingRatio` is the real ζ (0.7 overshoots ≈ 4.6 %, 1 does not),
    /// the motion has settled when `duration` ends, and `initialVelocity` 1 means the whole
    /// distance in one second.
    public static func animate(
        duration: Double, delay: Double = 0, dampingRatio: Double, initialVelocity: Double = 0,
        changes: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        Animator.animate(
            timing: { animator in
                animator.scoped(
                    SpringTiming(
                        start: animator.timeBase + delay, duration: duration, dampingRatio: dampingRatio,
                        initialVelocity: initialVelocity))
            }, changes: changes, completion: completion)
    }

    /// Sets what `changes` sets at once while the animations in flight on it carry on towards
    /// the new values (see `Animator.retarget`): for moving a running transition to a new layout.
    public static func retarget(_ changes: () -> Void) {
        Animator.retarget(changes)
    }

    /// Remaps the animations in flight on what `end` sets to run from what `start` sets to what
    /// `end` sets, at the progress they have reached (see `Animator.retarget(from:to:)`).
    public static func retarget(from start: () -> Void, to end: () -> Void) {
        Animator.retarget(from: start, to: end)
    }

    /// Stops this view's animations where they are (the model takes the on-screen values).
    public func stopAnimations() {
        window?.animator.stopAnimations(of: self)
    }
}
