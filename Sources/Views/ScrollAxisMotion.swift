import Motion

/// How one axis of a scroll view moves by itself after a release: deceleration (possibly with a
/// rate chosen to land on a target), a spring (bounce back from an edge, settle on a target
/// against the fling), or an eased move (`setContentOffset(animated:)`).
enum ScrollAxisMotion {
    case decay(DecayMotion, start: Double, target: Double?)
    case spring(SpringSolution, target: Double, start: Double)
    case curve(from: Double, to: Double, start: Double, duration: Double)
    /// Constant deceleration from the release velocity to rest exactly at `to`.
    case decelerate(from: Double, to: Double, start: Double, duration: Double)

    /// Uniform deceleration onto a target is used when it takes this long from the release speed.
    static let uniformDecelerationDurations = 0.2...1.5

    /// A critically damped spring of this stiffness brings content back from past an edge in
    /// about half a second, with one smooth excursion when it carries a fling's velocity.
    static let bounceFrequency = 2 * Double.pi / 0.45
    /// Landing on a chosen offset takes between about 0.3 s (a hard fling) and 0.9 s (a nudge).
    static let gentlestLanding = 2 * Double.pi / 0.6
    static let firmestLanding = 2 * Double.pi / 0.2
    /// Natural deceleration ends once slower than this: under half a point from where it would
    /// rest, where it then snaps.
    static let restingSpeed = 1.0

    static func spring(from position: Double, to target: Double, velocity: Double, at time: Double) -> ScrollAxisMotion
    {
        .spring(
            SpringSolution(
                dampingRatio: 1, angularFrequency: bounceFrequency, initialDisplacement: position - target,
                initialVelocity: velocity),
            target: target, start: time)
    }

    func position(at time: Double) -> Double {
        switch self {
        case .decay(let decay, let start, _):
            return decay.position(at: time - start)
        case .spring(let spring, let target, let start):
            return target + spring.position(at: time - start)
        case .curve(let from, let to, let start, let duration):
            let t = duration <= 0 ? 1 : min(max((time - start) / duration, 0), 1)
            return from + (to - from) * TimingCurve.easeInOut.progress(at: t)
        case .decelerate(let from, let to, let start, let duration):
            let s = min(max((time - start) / duration, 0), 1)
            return from + (to - from) * (1 - (1 - s) * (1 - s))
        }
    }

    func velocity(at time: Double) -> Double {
        switch self {
        case .decay(let decay, let start, _):
            return decay.velocity(at: time - start)
        case .spring(let spring, _, let start):
            return spring.velocity(at: time - start)
        case .curve(let from, let to, let start, let duration):
            guard duration > 0, time < start + duration else { return 0 }
            return (to - from) * TimingCurve.easeInOut.slope(at: (time - start) / duration) / duration
        case .decelerate(let from, let to, let start, let duration):
            let s = min(max((time - start) / duration, 0), 1)
            return (to - from) * 2 * (1 - s) / duration
        }
    }

    /// Where it ends up when done at `time`: a target snaps into place (the last sub-point step
    /// is invisible); free deceleration stops where it is.
    func restingPosition(at time: Double) -> Double {
        switch self {
        case .decay(let decay, _, let target): return target ?? decay.restingPosition
        case .spring(_, let target, _): return target
        case .curve(_, let to, _, _), .decelerate(_, let to, _, _): return to
        }
    }

    func isDone(at time: Double) -> Bool {
        switch self {
        case .decay(let decay, let start, let target):
            if target == nil { return abs(decay.velocity(at: time - start)) < Self.restingSpeed }
            return decay.isDone(at: time - start)
        case .spring(let spring, _, let start):
            return spring.isDone(at: time - start, tolerance: 0.05)
        case .curve(_, _, let start, let duration), .decelerate(_, _, let start, let duration):
            return time >= start + duration
        }
    }
}
