/// UIKit's duration-based spring as it is seen: it arrives by its duration. The model
/// (`SpringSolution.angularFrequency(settlingIn:dampingRatio:)`) leaves up to 0.15 % of the
/// distance at the duration — over a screen's height, a point — and a spring that stopped there
/// and snapped home would jump on its last frame. So that remainder is faded out over the run
/// (weighted (t/d)³: nothing at the start, where it would show against the spring's own motion,
/// all of it by the end), and the spring lands exactly on its last frame. A release with a strong
/// velocity that is still far off at the duration keeps running on the plain spring until it
/// settles (at most three durations).
public struct LandingSpring: Equatable, Sendable {
    public let spring: SpringSolution
    public let duration: Double
    /// What the spring still has to go at `duration`, faded out over the run; zero when it is too
    /// far off to land by then.
    public let remainder: Double

    /// Within this much of the distance at the duration, a spring counts as arrived.
    public static let arrivalTolerance = 1.5e-3

    public init(spring: SpringSolution, duration: Double) {
        self.spring = spring
        self.duration = max(duration, 1e-3)
        let left = spring.position(at: self.duration)
        remainder = abs(left) <= Self.arrivalTolerance ? left : 0
    }

    /// Lands by the duration: arrives then, or (a strong fling) whenever it settles.
    public var landsByDuration: Bool { abs(spring.position(at: duration)) <= Self.arrivalTolerance }

    /// Displacement from the target at `t` seconds into the run (1 at the start).
    public func position(at t: Double) -> Double {
        if landsByDuration {
            guard t < duration else { return 0 }
            let u = max(t, 0) / duration
            return spring.position(at: t) - remainder * u * u * u
        }
        return spring.position(at: t)
    }

    /// The displacement's rate of change at `t`.
    public func velocity(at t: Double) -> Double {
        if landsByDuration {
            guard t < duration else { return 0 }
            let u = max(t, 0) / duration
            return spring.velocity(at: t) - 3 * remainder * u * u / duration
        }
        return spring.velocity(at: t)
    }

    /// At rest on the target: by the duration when it lands then, else once within the tolerance
    /// (or at three durations, whatever is left).
    public func isFinished(at t: Double) -> Bool {
        guard t >= duration - TimingTolerance.seconds else { return false }
        return landsByDuration || abs(spring.position(at: t)) <= Self.arrivalTolerance || t >= duration * 3
    }
}
