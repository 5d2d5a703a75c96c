/// Runs an animation on a transition's own timeline instead of the clock: its local time is the
/// driver's progress × the transition's duration. Scrubbing the driver scrubs every animation
/// made inside the transition, each along its own curve and delay — what
/// UIPercentDrivenInteractiveTransition does by pausing layer time.
@MainActor
final class DrivenTiming: AnimationTiming {
    let inner: any AnimationTiming
    let driver: PropertyAnimator
    let duration: Double

    init(inner: any AnimationTiming, driver: PropertyAnimator, duration: Double) {
        self.inner = inner
        self.driver = driver
        self.duration = duration
    }

    private func localTime(_ time: Double) -> Double { driver.progress(at: time) * duration }

    func progress(at time: Double) -> Double { inner.progress(at: localTime(time)) }

    func velocity(at time: Double) -> Double {
        inner.velocity(at: localTime(time)) * driver.velocity(at: time) * duration
    }

    func isFinished(at time: Double) -> Bool { driver.isFinished(at: time) }
    func finalPosition(at time: Double) -> AnimationPosition { driver.finalPosition(at: time) }
    func isRunning(at time: Double) -> Bool { driver.isRunning(at: time) }
}

/// While a transition's animator builds its animations, they are placed on that transition's
/// timeline (local time starting at 0) and driven by its driver.
@MainActor
struct TimingScope {
    let driver: PropertyAnimator
    let duration: Double
}

extension Animator {
    /// The time new animations count their start from: the clock, or 0 on a driven timeline.
    public var timeBase: Double { scope == nil ? clock.now : 0 }

    /// Wraps a timing made against `timeBase` so it runs on the current scope's driver, if any.
    public func scoped(_ timing: any AnimationTiming) -> any AnimationTiming {
        guard let scope else { return timing }
        return DrivenTiming(inner: timing, driver: scope.driver, duration: scope.duration)
    }

    /// Runs `build` with every `View.animate` inside it driven by `driver` over `duration` seconds
    /// of local time (percent-driven interactive transitions).
    public func driven(by driver: PropertyAnimator, duration: Double, _ build: () -> Void) {
        let previous = scope
        scope = TimingScope(driver: driver, duration: duration)
        build()
        scope = previous
    }
}
