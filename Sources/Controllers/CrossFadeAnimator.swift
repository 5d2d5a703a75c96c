import Graphics
import Motion
import Views

/// What Reduce Motion puts in place of a slide or a zoom, as UIKit's own navigation push becomes a
/// dissolve: the incoming screen fades in over the outgoing one where it will rest (push,
/// present), or the outgoing one fades out over the incoming (pop, dismiss). Nothing moves;
/// a presentation's dimming fades with it. Driven by a finger (a pop's edge swipe), the fade
/// follows the finger's progress.
@MainActor
public final class CrossFadeAnimator: AnimatedTransitioning {
    /// Long enough to read as a change of screen, short enough not to feel slow.
    public static let duration = 0.3
    public static let curve = TimingCurve.easeInOut
    /// True for push and present (the new screen fades in), false for pop and dismiss.
    public let isShowing: Bool

    public init(showing: Bool) {
        isShowing = showing
    }

    public func transitionDuration(_ context: TransitionContext) -> Double { Self.duration }

    public func animateTransition(_ context: TransitionContext) {
        let container = context.containerView
        let presentation = context.presentationController
        let fading: View
        if isShowing {
            fading = context.toView
            fading.frame = context.finalFrame(for: context.toViewController)
            fading.alpha = 0
            if fading.superview !== container { container.addSubview(fading) }
        } else {
            fading = context.fromView
            let under = context.toView
            if context.toViewController.isViewLoaded, under.superview == nil, presentation == nil {
                // A pop: the screen coming back waits under the one fading.
                under.frame = context.finalFrame(for: context.toViewController)
                container.insertSubview(under, belowSubview: fading)
            }
        }
        let showing = isShowing
        View.animate(
            duration: Self.duration, curve: context.isInteractive ? .linear : Self.curve,
            changes: {
                fading.alpha = showing ? 1 : 0
                presentation?.setDimmed(showing)
            },
            completion: { _ in
                let completed = !context.transitionWasCancelled
                context.completeTransition(completed)
                // The screen that faded out is off the tree now (or back at rest, cancelled):
                // whole again for the next time it shows.
                if !showing { fading.alpha = 1 }
            })
    }

    /// Nothing moves: each screen takes its new resting frame.
    public func containerDidResize(_ context: TransitionContext, from oldBounds: Rect) {
        for controller in [context.fromViewController, context.toViewController] where controller.isViewLoaded {
            let view = context.view(for: controller)
            guard view.superview === context.containerView else { continue }
            view.frame = context.restingFrame(for: controller)
        }
    }
}
