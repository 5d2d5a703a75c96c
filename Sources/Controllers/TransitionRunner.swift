import Graphics
import Motion
import Views

/// Runs one transition at a time for its owner (the window host's modals, or a navigation
/// controller's stack): appearance callbacks in UIKit's order, the animator or the interaction
/// controller, completion either way, then whatever was queued while it ran.
@MainActor
final class TransitionRunner: GestureGate {
    private(set) var active: TransitionContext?
    private var activeParticipants: Participants?
    private var activeAnimator: (any AnimatedTransitioning)?
    private var queue: [() -> Void] = []

    var isRunning: Bool { active != nil || waiting }
    /// True while a transition waits for its screen's pictures (`runWhenReady`).
    private var waiting = false

    /// Runs `operation` now if idle, otherwise after the running transition (never two at once).
    func enqueue(_ operation: @escaping () -> Void) {
        if isRunning { queue.append(operation) } else { operation() }
    }

    /// Frames a transition waits at most for its screen's pictures (a quarter of a second).
    static let longestPictureWait = 15

    /// Runs `operation` (a transition's start) once `pictures` can all be drawn, asking `metrics`
    /// to decode them, checking each frame of `animator` and waiting at most
    /// `longestPictureWait` frames: a screen comes in with its pictures, as UIKit's first commit
    /// of a new screen decodes its images, not as placeholders for its first frames (Rooms
    /// opened from the gallery showed slate panels for four frames). What is queued meanwhile
    /// runs after it. Headless runs decode at once: no wait.
    func runWhenReady(
        _ pictures: [ImageRef], metrics: any ContentMetrics, animator: Animator?,
        _ operation: @escaping () -> Void
    ) {
        for picture in pictures { metrics.prefetch(picture) }
        let ready = { pictures.allSatisfy { metrics.isReady($0) } }
        guard let animator, !ready() else { return operation() }
        waiting = true
        animator.addTicker(
            PictureWait(ready: ready, frames: Self.longestPictureWait) { [weak self] in
                self?.waiting = false
                operation()
                if self?.isRunning == false { self?.runQueued() }
            })
    }

    struct Participants {
        var container: View
        var from: ViewController
        var to: ViewController
        /// Controllers whose views leave / come on screen (nil when they stay, as under a custom modal).
        var disappearing: ViewController?
        var appearing: ViewController?
        /// Whether the arriving screen's buttons stay live, so a close can reverse the transition
        /// mid-flight (a presentation whose delegate allows dismissal during it).
        var arrivingMayInterrupt = false
        /// The controller this transition takes off screen for good if it completes (a pop's or a
        /// push's top, a dismissed controller); it may not present anything meanwhile.
        var leaving: ViewController?
        /// The presentation of a present or dismiss.
        var presentation: PresentationController?
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
        context.presentationController = participants.presentation
        if let animator {
            context.animatorType = type(of: animator)
            if !interactive, let clock = participants.container.window?.animator.clock {
                context.timeline = MotionSpan(start: clock.now, duration: animator.transitionDuration(context))
            }
        }
        active = context
        activeParticipants = participants
        activeAnimator = animator
        participants.leaving?.isBeingRemoved = true
        // Gestures may not start on either screen while it moves (but one that started the
        // transition keeps driving it): the gate is asked only as a gesture would begin.
        let arbiter = participants.container.window?.arbiter
        if !interactive {
            // A drag already under way on a screen that starts moving for another reason (Esc
            // while the finger is down) ends here, as UIKit cancels touches on views it animates
            // away: left running it would fight the transition's animations for the same views.
            let moving = [participants.from, participants.to].filter(\.isViewLoaded).map(\.view)
            arbiter?.cancelContinuousGestures(within: moving)
        }
        if animator != nil { arbiter?.addGate(self) }
        context.onComplete = { [weak self] completed in
            if let self { arbiter?.removeGate(self) }
            participants.leaving?.isBeingRemoved = false
            animator?.animationEnded(completed)
            if completed {
                appearing?.viewDidAppear()
                disappearing?.viewDidDisappear()
            } else {
                // Cancelled: the screen that was arriving leaves again; the one that was leaving
                // never left (it heard "will disappear" and no "did disappear"), so it is not told
                // it appeared — an effect it plays on appearing (a coach mark) does not replay.
                appearing?.viewWillDisappear()
                appearing?.viewDidDisappear()
            }
            self?.active = nil
            self?.activeParticipants = nil
            self?.activeAnimator = nil
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

    /// Refuses gestures on the screens being moved, except taps on an arriving screen that may
    /// interrupt its own arrival (a close button while a card opens) — and continuous gestures on
    /// anything containing the leaving screen (a navigation stack's back swipe), which would
    /// move it away in the middle of its own transition.
    func allowsBeginning(_ recognizer: GestureRecognizer) -> Bool {
        guard let active, let participants = activeParticipants, let view = recognizer.view else { return true }
        if recognizer.isContinuous, active.fromViewController.isViewLoaded, active.fromView !== view,
            active.fromView.isDescendant(of: view), view !== participants.container
        {
            return false
        }
        if active.toViewController.isViewLoaded, view.isDescendant(of: active.toView) {
            return !recognizer.isContinuous && participants.arrivingMayInterrupt
        }
        if active.fromViewController.isViewLoaded, view.isDescendant(of: active.fromView) { return false }
        return true
    }

    /// Ends the running transition now as completed; its animations keep moving on screen and
    /// whatever comes next starts from where they are.
    func completeActiveNow() {
        active?.completeTransition(true)
    }

    /// The container was laid out at a new size mid-transition (it had `oldBounds`): the animator
    /// moves its views.
    func containerDidResize(from oldBounds: Rect) {
        guard let active, !active.isCompleted, let activeAnimator else { return }
        activeAnimator.containerDidResize(active, from: oldBounds)
    }

    private func runQueued() {
        guard !queue.isEmpty else { return }
        let next = queue.removeFirst()
        next()
    }
}

/// Checks each frame whether a screen's pictures are decoded, and starts its transition once they
/// are, or once `frames` frames have passed.
@MainActor
private final class PictureWait: FrameTicker {
    private let ready: () -> Bool
    private var framesLeft: Int
    private let start: () -> Void

    init(ready: @escaping () -> Bool, frames: Int, start: @escaping () -> Void) {
        self.ready = ready
        framesLeft = frames
        self.start = start
    }

    func tick(at time: Double) -> Bool {
        framesLeft -= 1
        guard ready() || framesLeft <= 0 else { return true }
        start()
        return false
    }
}
