import Graphics
import Motion
import Views

/// Runs one transition at a time for its owner (the window host's modals, or a navigation
/// controller's stack): appearance callbacks in UIKit's order, the animator or the interaction
/// controller, completion either way, then whatever was queued while it ran.
@MainActor
final class TransitionRunner {
    private(set) var active: TransitionContext?
    private var queue: [() -> Void] = []

    var isRunning: Bool { active != nil }

    /// Runs `operation` now if idle, otherwise after the running transition (never two at once).
    func enqueue(_ operation: @escaping () -> Void) {
        if isRunning { queue.append(operation) } else { operation() }
    }

    struct Participants {
        var container: View
        var from: ViewController
        var to: ViewController
        /// Controllers whose views leave / come on screen (nil when they stay, as under a custom modal).
        var disappearing: ViewController?
        var appearing: ViewController?
    }

    func run(
        _ participants: Participants, animator: (any AnimatedTransitioning)?,
        interaction: (any InteractiveTransitioning)?, finish: @escaping (Bool) -> Void
    ) {
        let disappearing = participants.disappearing
        let appearing = participants.appearing
        disappearing?.viewWillDisappear()
        appearing?.viewWillAppear()
        let interactive = animator != nil && (interaction?.wantsInteractiveStart ?? false)
        let context = TransitionContext(
            containerView: participants.container, from: participants.from, to: participants.to,
            isAnimated: animator != nil, isInteractive: interactive)
        active = context
        // The screen being animated away ignores input until the transition is over, so nothing
        // on it fires mid-flight (the arriving screen stays live: it may interrupt, e.g. a close).
        let leaving = participants.from.view
        let leavingWasInteractive = leaving.isUserInteractionEnabled
        if animator != nil { leaving.isUserInteractionEnabled = false }
        context.onComplete = { [weak self] completed in
            leaving.isUserInteractionEnabled = leavingWasInteractive
            animator?.animationEnded(completed)
            if completed {
                appearing?.viewDidAppear()
                disappearing?.viewDidDisappear()
            } else {
                appearing?.viewWillDisappear()
                appearing?.viewDidDisappear()
                disappearing?.viewWillAppear()
                disappearing?.viewDidAppear()
            }
            self?.active = nil
            finish(completed)
            self?.runQueued()
        }
        if let animator {
            if interactive, let interaction {
                interaction.startInteractiveTransition(context, animator: animator)
            } else {
                animator.animateTransition(context)
            }
        } else {
            let view = participants.to.view
            if view.superview == nil {
                view.frame = participants.container.bounds
                participants.container.addSubview(view)
            }
            context.completeTransition(true)
        }
    }

    /// Ends the running transition now as completed; its animations keep moving on screen and
    /// whatever comes next starts from where they are.
    func completeActiveNow() {
        active?.completeTransition(true)
    }

    private func runQueued() {
        guard !queue.isEmpty else { return }
        let next = queue.removeFirst()
        next()
    }
}
