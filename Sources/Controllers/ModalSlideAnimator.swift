import Graphics
import Views

/// The default modal transition: the presented view slides up from the bottom (0.6 s), and back
/// down when dismissed.
@MainActor
public final class ModalSlideAnimator: AnimatedTransitioning {
    public let isPresenting: Bool
    public static let duration = 0.6

    public init(presenting: Bool) {
        isPresenting = presenting
    }

    public func transitionDuration(_ context: TransitionContext) -> Double { Self.duration }

    public func animateTransition(_ context: TransitionContext) {
        let height = context.containerView.bounds.height
        let presentation = context.presentationController
        if isPresenting {
            let view = context.toView
            let final = context.finalFrame(for: context.toViewController)
            view.frame = final.offsetBy(dx: 0, dy: height)
            if view.superview !== context.containerView { context.containerView.addSubview(view) }
            View.animate(
                duration: Self.duration, dampingRatio: 1,
                changes: {
                    view.frame = final
                    presentation?.setDimmed(true)
                },
                completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
        } else {
            let view = context.fromView
            let offscreen = view.frame.offsetBy(dx: 0, dy: height)
            View.animate(
                duration: Self.duration, curve: .easeInOut,
                changes: {
                    view.frame = offscreen
                    presentation?.setDimmed(false)
                },
                completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
        }
    }

    /// Presenting heads for the new final frame; dismissing for one new window height below the
    /// new resting frame.
    public func containerDidResize(_ context: TransitionContext, from oldBounds: Rect) {
        if isPresenting {
            let view = context.toView
            let final = context.finalFrame(for: context.toViewController)
            let below = final.offsetBy(dx: 0, dy: context.containerView.bounds.height)
            View.retarget(from: { view.frame = below }, to: { view.frame = final })
        } else {
            let view = context.fromView
            let resting = context.restingFrame(for: context.fromViewController)
            let below = resting.offsetBy(dx: 0, dy: context.containerView.bounds.height)
            View.retarget(from: { view.frame = resting }, to: { view.frame = below })
        }
    }
}

/// The default navigation transition: the new screen slides in from the right over the old one,
/// which moves a third of the way left and dims (iOS's parallax); pop reverses it.
@MainActor
public final class NavigationSlideAnimator: AnimatedTransitioning {
    public enum Operation: Sendable {
        case push, pop
    }

    public let operation: Operation
    public static let duration = 0.35

    public init(operation: Operation) {
        self.operation = operation
    }

    public func transitionDuration(_ context: TransitionContext) -> Double { Self.duration }

    public func animateTransition(_ context: TransitionContext) {
        let container = context.containerView
        let bounds = container.bounds
        let width = bounds.width
        let from = context.fromView
        let to = context.toView
        let shade = View(frame: bounds)
        shade.backgroundColor = .black
        shade.isUserInteractionEnabled = false
        shade.existsOnlyForTransition = true
        self.shade = shade
        if operation == .push {
            to.frame = bounds.offsetBy(dx: width, dy: 0)
            shade.alpha = 0
            container.addSubview(shade)
            container.addSubview(to)
        } else {
            to.frame = bounds.offsetBy(dx: -width * 0.3, dy: 0)
            shade.alpha = 0.1
            container.insertSubview(to, belowSubview: from)
            container.insertSubview(shade, belowSubview: from)
        }
        to.shadow = Shadow(opacity: 0.15, radius: 6, offset: .zero)
        from.shadow = operation == .pop ? Shadow(opacity: 0.15, radius: 6, offset: .zero) : nil
        // Interactive (the edge swipe) is linear so the screen stays under the finger; otherwise
        // a critically damped spring, as iOS's push.
        let animate: (@escaping () -> Void, @escaping (Bool) -> Void) -> Void = { changes, completion in
            if context.isInteractive {
                View.animate(duration: Self.duration, curve: .linear, changes: changes, completion: completion)
            } else {
                View.animate(duration: Self.duration, dampingRatio: 1, changes: changes, completion: completion)
            }
        }
        animate(
            { self.placeLanded(context, shade: shade) },
            { _ in
                shade.removeFromSuperview()
                self.shade = nil
                to.shadow = nil
                from.shadow = nil
                let cancelled = context.transitionWasCancelled
                if !cancelled { from.frame = container.bounds }
                context.completeTransition(!cancelled)
            })
    }

    /// The dimming shade between the two screens while the transition runs.
    private var shade: View?

    /// Where everything ends, in the container's current layout.
    private func placeLanded(_ context: TransitionContext, shade: View) {
        let bounds = context.containerView.bounds
        let width = bounds.width
        if operation == .push {
            context.fromView.frame = bounds.offsetBy(dx: -width * 0.3, dy: 0)
            context.toView.frame = bounds
            shade.alpha = 0.1
            shade.frame = bounds.offsetBy(dx: -width * 0.3, dy: 0)
        } else {
            context.fromView.frame = bounds.offsetBy(dx: width, dy: 0)
            context.toView.frame = bounds
            shade.alpha = 0
            shade.frame = bounds
        }
    }

    public func containerDidResize(_ context: TransitionContext, from oldBounds: Rect) {
        guard let shade else { return }
        View.retarget { placeLanded(context, shade: shade) }
    }
}
