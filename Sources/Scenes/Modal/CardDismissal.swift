import Controllers
import Graphics
import Views

/// The card's dismissal: its own animator (the card slides down one window height in 0.6 s,
/// revealing the home screen) and, while the card's pan drives it, a percent-driven interactor.
@MainActor
final class CardDismissal: TransitioningDelegate, AnimatedTransitioning {
    static let duration = 0.6
    /// The card leaving when let go past the threshold (linear instead while a finger drives it).
    static let motion = MotionSpec(
        name: "dismiss", summary: "the card slides away when let go past the threshold",
        timing: .curve(duration: .fixed(duration), curve: .easeInOut))
    /// The interactor of a dismissal a drag started; nil for Close and Escape (plain animation).
    var interactor: PercentDrivenInteractiveTransition?
    /// Whether the dismissal under way only fades (Reduce Motion).
    private var fadesInPlace = false

    func animationController(forDismissed dismissed: ViewController) -> (any AnimatedTransitioning)? { self }

    func interactionControllerForDismissal(using animator: any AnimatedTransitioning)
        -> (any InteractiveTransitioning)?
    {
        interactor
    }

    func transitionDuration(_ context: TransitionContext) -> Double {
        context.containerView.reducesMotion && !context.isInteractive ? CrossFadeAnimator.duration : Self.duration
    }

    /// Reduce Motion: the card fades out where it is. Dragged, the finger moves it (the card's own
    /// pan, 1:1) while the fade follows the drag's progress; let go, it fades the rest of the way
    /// where the finger left it, or comes back whole.
    private func fadeInPlace(_ context: TransitionContext) {
        let card = context.fromView
        let completion: (Bool) -> Void = { _ in
            let completed = !context.transitionWasCancelled
            context.completeTransition(completed)
            card.alpha = 1
            if completed { card.transform = .identity }
        }
        let changes = { card.alpha = 0 }
        if context.isInteractive {
            View.animate(duration: Self.duration, curve: .linear, changes: changes, completion: completion)
        } else {
            View.animate(
                duration: CrossFadeAnimator.duration, curve: CrossFadeAnimator.curve, changes: changes,
                completion: completion)
        }
    }

    func animateTransition(_ context: TransitionContext) {
        fadesInPlace = context.containerView.reducesMotion
        if fadesInPlace {
            fadeInPlace(context)
            return
        }
        let card = context.fromView
        let height = context.containerView.bounds.height
        let below = card.frame.offsetBy(dx: 0, dy: height)
        View.animate(
            Self.motion, in: context.containerView.tuning, followsFinger: context.isInteractive,
            changes: { card.frame = below },
            completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }

    /// One new window height below where the card rests in the new layout (fading in place under
    /// Reduce Motion: where it rests, the finger's offset kept).
    func containerDidResize(_ context: TransitionContext, from oldBounds: Rect) {
        let card = context.fromView
        if fadesInPlace {
            // By centre and size: the finger's offset is the card's transform, kept as it is.
            let resting = context.restingFrame(for: context.fromViewController)
            card.bounds = Rect(origin: .zero, size: resting.size)
            card.center = resting.center
            return
        }
        let resting = context.restingFrame(for: context.fromViewController)
        let below = resting.offsetBy(dx: 0, dy: context.containerView.bounds.height)
        View.retarget(from: { card.frame = resting }, to: { card.frame = below })
    }

    func animationEnded(_ completed: Bool) {
        interactor = nil
        fadesInPlace = false
    }
}
