import Controllers
import Graphics
import Views

/// Slides the settings panel in from the left edge and back out. Presenting is the seed's 1 s
/// spring (damping 0.7, initial velocity 2.3) with the overlay rising to 0.8; dismissing slides
/// back out in 0.4 s, easing out, as the overlay fades. Either can be driven by a drag (then the
/// motion is linear, so the panel stays under the finger) and finished or cancelled from there.
@MainActor
final class SettingsTransition: TransitioningDelegate, AnimatedTransitioning {
    /// Escape while the panel is still springing in sends it back from
    /// wherever it has got to, as a room does.
    var allowsDismissalDuringPresentation: Bool { true }

    static let presentDuration = 1.0
    /// The slide in: the seed's one second, its damping and initial velocity tuned.
    static let presentMotion = MotionSpec(
        name: "present", summary: "the panel slides in from the edge",
        timing: .spring(
            duration: .fixed(presentDuration), dampingRatio: .tuned(SceneTuning.Settings.presentDamping),
            initialVelocity: .tuned(SceneTuning.Settings.presentVelocity)))
    static let dismissDuration = 0.4
    /// The slide out, let go or by a key: 0.4 s easing out (a drag runs it linearly instead).
    static let dismissMotion = MotionSpec(
        name: "dismiss", summary: "the panel slides back out to the edge",
        timing: .curve(duration: .fixed(dismissDuration), curve: .easeOut))
    /// Released past this share of the reveal, a drag completes; under it, it goes back.
    static let completionShare = 0.4
    /// Faster than this (pt/s), a release decides by its direction instead.
    static let flickSpeed = 500.0

    private var isPresenting = true
    /// Set while a drag drives the transition (the edge strip, or the panel dragged left).
    var interactor: PercentDrivenInteractiveTransition?
    /// The cross-fade playing under Reduce Motion (opened or closed by a key or a tap), if any.
    private var crossFade: CrossFadeAnimator?

    func presentationController(forPresented presented: ViewController, presenting: ViewController)
        -> PresentationController?
    {
        SettingsPresentationController(presented: presented, presenting: presenting)
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController)
        -> (any AnimatedTransitioning)?
    {
        isPresenting = true
        return self
    }

    func animationController(forDismissed dismissed: ViewController) -> (any AnimatedTransitioning)? {
        isPresenting = false
        return self
    }

    func interactionControllerForPresentation(using animator: any AnimatedTransitioning)
        -> (any InteractiveTransitioning)?
    {
        interactor
    }

    func interactionControllerForDismissal(using animator: any AnimatedTransitioning)
        -> (any InteractiveTransitioning)?
    {
        interactor
    }

    func transitionDuration(_ context: TransitionContext) -> Double {
        if context.containerView.reducesMotion, !context.isInteractive { return CrossFadeAnimator.duration }
        return isPresenting ? Self.presentDuration : Self.dismissDuration
    }

    func animateTransition(_ context: TransitionContext) {
        // Reduce Motion, opened or closed by a key or a tap: the panel fades in and out where it
        // rests. A finger on it still drags it (linear, under the finger, no spring).
        if context.containerView.reducesMotion, !context.isInteractive {
            let fade = CrossFadeAnimator(showing: isPresenting)
            crossFade = fade
            fade.animateTransition(context)
            return
        }
        let presentation = context.presentationController
        let completion: (Bool) -> Void = { _ in context.completeTransition(!context.transitionWasCancelled) }
        if isPresenting {
            let panel = context.toView
            let final = context.finalFrame(for: context.toViewController)
            let tuning = context.containerView.tuning
            panel.frame = final.offsetBy(dx: -tuning[SceneTuning.Settings.panelReveal], dy: 0)
            if panel.superview !== context.containerView { context.containerView.addSubview(panel) }
            let changes = {
                panel.frame = final
                presentation?.setDimmed(true)
            }
            View.animate(
                Self.presentMotion, in: tuning, followsFinger: context.isInteractive, changes: changes,
                completion: completion)
        } else {
            let panel = context.fromView
            let reveal = context.containerView.tuning[SceneTuning.Settings.panelReveal]
            let hidden = panel.frame.offsetBy(dx: -reveal, dy: 0)
            let changes = {
                panel.frame = hidden
                presentation?.setDimmed(false)
            }
            View.animate(
                Self.dismissMotion, in: context.containerView.tuning, followsFinger: context.isInteractive,
                changes: changes, completion: completion)
        }
    }

    /// The panel heads for its place in the new layout: its resting frame presenting, that frame
    /// moved out by the reveal dismissing.
    func containerDidResize(_ context: TransitionContext, from oldBounds: Rect) {
        // A fade moves nothing: the panel takes its resting place in the new layout.
        if let crossFade { return crossFade.containerDidResize(context, from: oldBounds) }
        let controller = isPresenting ? context.toViewController : context.fromViewController
        let panel = context.view(for: controller)
        var target = context.restingFrame(for: controller)
        if !isPresenting {
            target = target.offsetBy(dx: -context.containerView.tuning[SceneTuning.Settings.panelReveal], dy: 0)
        }
        View.retarget { panel.frame = target }
    }

    func animationEnded(_ completed: Bool) {
        interactor = nil
        crossFade = nil
    }

    /// Ends a drag: on past 40 % of the reveal or with a flick the way it was going, otherwise
    /// back; `speed` (pt/s, positive towards completing) becomes the motion's starting speed.
    static func release(
        _ interactor: PercentDrivenInteractiveTransition, speed: Double, cancelled: Bool, reveal: Double
    ) {
        let completes =
            !cancelled
            && (speed > flickSpeed || (interactor.percentComplete > completionShare && speed > -flickSpeed))
        let velocity = speed / reveal
        if completes { interactor.finish(velocity: velocity) } else { interactor.cancel(velocity: -velocity) }
    }
}
