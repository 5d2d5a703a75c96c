/// An animation you can hold: start, pause, scrub (`fractionComplete`), reverse, and continue with
/// new timing from wherever it is — UIViewPropertyAnimator's model, which percent-driven
/// interactive transitions are built on. Its progress is the timing of the animations it owns.
@MainActor
public final class PropertyAnimator: AnimationTiming {
    /// How the animator runs from where it is to its end.
    public enum Timing: Sendable {
        case curve(TimingCurve)
        /// A duration-based spring; `initialVelocity` in fractions per second (a gesture's speed
        /// divided by the distance left), so a release can hand its momentum over.
        case spring(dampingRatio: Double, initialVelocity: Double)
    }

    public enum State: Sendable {
        case inactive, active, stopped
    }

    public let duration: Double
    public let timing: Timing
    public private(set) var state: State = .inactive
    /// Weak: the animator runs this one's animations (it holds them, and through them this
    /// object); a strong reference back would keep both — and everything the completions reach —
    /// alive if the window closed while it runs.
    private weak var animator: Animator?
    private let clock: any Clock
    private var completions: [(AnimationPosition) -> Void] = []

    /// While paused, the progress it holds (scrubbing is linear, as UIKit's default).
    private var pausedProgress: Double? = 0
    /// While running: from which progress, to which, how, starting when, for how long.
    private var run: Run?
    private var ended = false

    private struct Run {
        var from: Double
        var to: Double
        var start: Double
        var duration: Double
        var timing: Timing
        var spring: LandingSpring?
    }

    public init(duration: Double, timing: Timing = .curve(.easeInOut), animator: Animator) {
        self.duration = duration
        self.timing = timing
        self.animator = animator
        clock = animator.clock
    }

    /// Animates what `changes` sets, driven by this animator. Call before `startAnimation`
    /// (or after, to join in from the current progress, as UIKit allows).
    public func addAnimations(_ changes: () -> Void) {
        animator?.animate(timing: self, changes: changes)
        if state == .inactive { state = .active }
    }

    public func addCompletion(_ completion: @escaping (AnimationPosition) -> Void) {
        completions.append(completion)
    }

    public var isRunning: Bool { run != nil && !ended }

    /// Plays from the current progress to the end.
    public func startAnimation(afterDelay delay: Double = 0) {
        guard state != .stopped, !ended else { return }
        state = .active
        begin(to: isReversed ? 0 : 1, timing: timing, delay: delay, duration: nil)
    }

    /// Freezes at the current progress.
    public func pauseAnimation() {
        guard state != .stopped, !ended else { return }
        state = .active
        pausedProgress = currentProgress
        run = nil
    }

    /// The progress on screen now, 0…1 (the "from" state is 0).
    public var fractionComplete: Double {
        get { currentProgress }
        set {
            guard run == nil, !ended else { return }
            state = .active
            pausedProgress = min(max(newValue, 0), 1)
        }
    }

    /// Run towards the start instead of the end; takes effect now if running.
    public var isReversed = false {
        didSet {
            guard oldValue != isReversed, let current = run, !ended else { return }
            begin(to: isReversed ? 0 : 1, timing: current.timing, delay: 0, duration: nil)
        }
    }

    /// Continues from the current progress to the end (or start, if reversed) with new timing.
    /// `durationFactor` scales the original duration of the remaining distance (UIKit's meaning).
    public func continueAnimation(timing newTiming: Timing? = nil, durationFactor: Double = 1) {
        guard state != .stopped, !ended else { return }
        let target = isReversed ? 0.0 : 1.0
        let remaining = abs(target - currentProgress)
        begin(to: target, timing: newTiming ?? timing, delay: 0, duration: duration * remaining * durationFactor)
    }

    /// Stops where it is: the model takes the on-screen values and completions get `.current`.
    public func stopAnimation() {
        guard state != .stopped, !ended else { return }
        animator?.removeAnimations(drivenBy: self, keepingModelAt: .current)
        state = .stopped
        finish(at: .current)
    }

    private var currentProgress: Double { progress(at: clock.now) }

    /// The timed run under way (after `startAnimation` or `continueAnimation`); nil while scrubbed.
    public var runSpan: MotionSpan? {
        guard pausedProgress == nil, let run else { return nil }
        return MotionSpan(start: run.start, duration: run.duration)
    }

    private func begin(to target: Double, timing: Timing, delay: Double, duration explicit: Double?) {
        let from = currentProgress
        let runDuration = max(explicit ?? duration * abs(target - from), 1e-3)
        var spring: LandingSpring?
        if case .spring(let ratio, let velocity) = timing {
            let distance = target - from
            let omega = SpringSolution.angularFrequency(settlingIn: runDuration, dampingRatio: ratio)
            // Displacement is measured in units of the remaining distance; velocity likewise.
            let normalisedVelocity = distance == 0 ? 0 : velocity / abs(distance)
            spring = LandingSpring(
                spring: SpringSolution(
                    dampingRatio: ratio, angularFrequency: omega, initialDisplacement: 1,
                    initialVelocity: -normalisedVelocity),
                duration: runDuration)
        }
        run = Run(
            from: from, to: target, start: clock.now + delay, duration: runDuration, timing: timing,
            spring: spring)
        pausedProgress = nil
    }

    // MARK: AnimationTiming

    public func progress(at time: Double) -> Double {
        if let pausedProgress { return pausedProgress }
        guard let run else { return 0 }
        let t = TimingTolerance.elapsed(from: run.start, to: time)
        if t <= 0 { return run.from }
        let fraction: Double
        switch run.timing {
        case .curve(let curve):
            fraction = curve.progress(at: min(t / run.duration, 1))
        case .spring:
            guard let spring = run.spring else { return run.to }
            fraction = spring.isFinished(at: t) ? 1 : 1 - spring.position(at: t)
        }
        return run.from + (run.to - run.from) * fraction
    }

    public func velocity(at time: Double) -> Double {
        guard let run, pausedProgress == nil else { return 0 }
        let t = TimingTolerance.elapsed(from: run.start, to: time)
        guard t >= 0 else { return 0 }
        switch run.timing {
        case .curve(let curve):
            guard t <= run.duration else { return 0 }
            return (run.to - run.from) * curve.slope(at: t / run.duration) / run.duration
        case .spring:
            guard let spring = run.spring else { return 0 }
            return -(run.to - run.from) * spring.velocity(at: t)
        }
    }

    public func isFinished(at time: Double) -> Bool {
        guard let run, pausedProgress == nil else { return false }
        let t = TimingTolerance.elapsed(from: run.start, to: time)
        let done: Bool
        switch run.timing {
        case .curve: done = t >= run.duration - TimingTolerance.seconds
        case .spring:
            done = run.spring?.isFinished(at: t) ?? (t >= run.duration - TimingTolerance.seconds)
        }
        if done && !ended {
            ended = true
            // Completions run after the animator has settled the model (next turn of its loop).
            let position: AnimationPosition = run.to == 0 ? .start : .end
            finalPositionReached = position
            animator?.afterTick { [weak self] in self?.finish(at: position) }
        }
        return done
    }

    private var finalPositionReached: AnimationPosition = .end

    public func finalPosition(at time: Double) -> AnimationPosition { finalPositionReached }

    public func isRunning(at time: Double) -> Bool { pausedProgress == nil && run != nil }

    private func finish(at position: AnimationPosition) {
        state = .inactive
        let pending = completions
        completions = []
        for completion in pending { completion(position) }
    }
}
