/// How an animation's progress (0 = from, 1 = to) evolves with the clock.
@MainActor
public protocol AnimationTiming: AnyObject {
    func progress(at time: Double) -> Double
    /// d(progress)/dt in 1/s.
    func velocity(at time: Double) -> Double
    func isFinished(at time: Double) -> Bool
    /// Where the animation ended, when finished: at the end (model values stay) or the start
    /// (model values go back to where they were).
    func finalPosition(at time: Double) -> AnimationPosition
    /// False while a property animator is paused: nothing moves by itself.
    func isRunning(at time: Double) -> Bool
}

/// How close to its end a moment must be to count as the end: clocks add up steps, and the same
/// moment reached another way (a large clock origin plus a multiple of 1/60 s in a window, a
/// small one headless) can land a few ulps short. Without it a transition ended one frame later
/// in a window than headless, and their recordings differed by a frame.
public enum TimingTolerance {
    public static let seconds = 1e-9

    /// The time from `start` to `time`, on a grid of `seconds`: the same moment of an animation
    /// reached from a clock far from zero (a window, seconds after launch) and from one near it
    /// (headless) differs in its last bits, and an edge lying on a pixel's half then rounded the
    /// other way — a window's recording differed from the headless one by a row.
    public static func elapsed(from start: Double, to time: Double) -> Double {
        let steps = ((time - start) / seconds).rounded()
        return steps.isFinite ? steps * seconds : time - start
    }
}

public enum AnimationPosition: Sendable {
    case start, end, current
}

/// A UIKit curve (linear, ease in/out…) over a fixed duration, after an optional delay.
@MainActor
public final class CurveTiming: AnimationTiming {
    public let start: Double
    public let duration: Double
    public let curve: TimingCurve

    public init(start: Double, duration: Double, curve: TimingCurve) {
        self.start = start
        self.duration = max(duration, 0)
        self.curve = curve
    }

    private func normalised(_ time: Double) -> Double {
        duration <= 0
            ? (time >= start ? 1 : 0)
            : min(max(TimingTolerance.elapsed(from: start, to: time) / duration, 0), 1)
    }

    public func progress(at time: Double) -> Double { curve.progress(at: normalised(time)) }

    public func velocity(at time: Double) -> Double {
        guard duration > 0, time >= start, time <= start + duration else { return 0 }
        return curve.slope(at: normalised(time)) / duration
    }

    public func isFinished(at time: Double) -> Bool { time >= start + duration - TimingTolerance.seconds }
    public func finalPosition(at time: Double) -> AnimationPosition { .end }
    public func isRunning(at time: Double) -> Bool { true }
}

/// UIKit's duration-based spring: a real damping ratio, stiffness chosen to settle by `duration`,
/// initial velocity in "whole distances per second"; it lands by `duration` (`LandingSpring`).
@MainActor
public final class SpringTiming: AnimationTiming {
    public let start: Double
    public let duration: Double
    public let landing: LandingSpring
    public var solution: SpringSolution { landing.spring }

    public init(start: Double, duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        self.start = start
        self.duration = max(duration, 1e-3)
        let omega = SpringSolution.angularFrequency(settlingIn: self.duration, dampingRatio: dampingRatio)
        // Displacement from the target starts at 1 and moves towards 0; progress is its complement.
        let spring = SpringSolution(
            dampingRatio: dampingRatio, angularFrequency: omega, initialDisplacement: 1,
            initialVelocity: -initialVelocity)
        landing = LandingSpring(spring: spring, duration: self.duration)
    }

    public func progress(at time: Double) -> Double {
        guard time > start else { return 0 }
        if isFinished(at: time) { return 1 }
        return 1 - landing.position(at: TimingTolerance.elapsed(from: start, to: time))
    }

    public func velocity(at time: Double) -> Double {
        guard time > start, !isFinished(at: time) else { return time > start ? 0 : -solution.initialVelocity }
        return -landing.velocity(at: TimingTolerance.elapsed(from: start, to: time))
    }

    /// Lands at `duration`; a strong initial velocity may need a little longer.
    public func isFinished(at time: Double) -> Bool {
        landing.isFinished(at: TimingTolerance.elapsed(from: start, to: time))
    }

    public func finalPosition(at time: Double) -> AnimationPosition { .end }
    public func isRunning(at time: Double) -> Bool { true }
}
