import Motion
import Views

/// Scrubs a transition's animations with a percentage, then finishes or cancels from wherever it
/// is (UIPercentDrivenInteractiveTransition). The interactive part is linear; the rest runs at
/// `completionSpeed` along `completionCurve` — or, past UIKit, as a spring that takes over the
/// gesture's velocity (`finish(velocity:)`).
@MainActor
open class PercentDrivenInteractiveTransition: InteractiveTransitioning {
    public var completionSpeed = 1.0
    public var completionCurve = TimingCurve.easeInOut
    public var wantsInteractiveStart = true
    public private(set) var percentComplete = 0.0
    private var driver: PropertyAnimator?
    private weak var context: TransitionContext?
    private var duration = 0.0

    public init() {}

    public func startInteractiveTransition(_ context: TransitionContext, animator: any AnimatedTransitioning) {
        self.context = context
        duration = max(animator.transitionDuration(context), 0.01)
        guard let clockwork = context.containerView.window?.animator else {
            // Off screen there is nothing to scrub: the transition just happens.
            animator.animateTransition(context)
            return
        }
        let driver = PropertyAnimator(duration: duration, timing: .curve(.linear), animator: clockwork)
        driver.fractionComplete = 0
        self.driver = driver
        clockwork.driven(by: driver, duration: duration) {
            animator.animateTransition(context)
        }
        clockwork.addTicker(DriverWatch(driver: driver))
    }

    /// Shows the transition at `percent` (0…1) of the way.
    public func update(_ percent: Double) {
        percentComplete = min(max(percent, 0), 1)
        driver?.fractionComplete = percentComplete
    }

    /// Runs the rest forwards. `velocity` (fractions per second, e.g. a pan's speed ÷ the
    /// distance of the whole transition) hands the gesture's momentum to a critically damped spring.
    public func finish(velocity: Double? = nil) {
        complete(reversed: false, velocity: velocity)
    }

    /// Runs back to the start; the transition then completes as cancelled with every model value restored.
    public func cancel(velocity: Double? = nil) {
        context?.transitionWasCancelled = true
        complete(reversed: true, velocity: velocity)
    }

    /// The shortest finishing or cancelling run: UIKit's time (the way left × the duration ÷
    /// `completionSpeed`) for a swipe let go at 15 % is three frames, which reads as a snap; the
    /// way left eases over at least this long, never faster than the transition runs on its own.
    public static let shortestCompletion = 0.2

    /// Below this speed (fractions per second) the finger was resting: the rest runs along
    /// `completionCurve`, not as a spring with nothing to carry.
    static let restingVelocity = 0.1

    private func complete(reversed: Bool, velocity: Double?) {
        guard let driver else { return }
        context?.isInteractive = false
        driver.isReversed = reversed
        let timing: PropertyAnimator.Timing
        if let velocity, abs(velocity) >= Self.restingVelocity {
            // Positive velocity means "towards where it is going now".
            timing = .spring(dampingRatio: 1, initialVelocity: reversed ? -velocity : velocity)
        } else {
            timing = .curve(completionCurve)
        }
        let left = reversed ? percentComplete : 1 - percentComplete
        let uikitTime = duration * left / max(completionSpeed, 0.01)
        let factor =
            left > 0 ? max(uikitTime, Self.shortestCompletion) / (duration * left) : 1 / max(completionSpeed, 0.01)
        driver.continueAnimation(timing: timing, durationFactor: factor)
        context?.timeline = driver.runSpan
    }
}

/// Keeps the animator polling a driver until it has finished, so completions fire even for a
/// transition that made no animations of its own.
@MainActor
private final class DriverWatch: FrameTicker {
    let driver: PropertyAnimator

    init(driver: PropertyAnimator) {
        self.driver = driver
    }

    func tick(at time: Double) -> Bool {
        !driver.isFinished(at: time) && driver.state != .stopped
    }
}
