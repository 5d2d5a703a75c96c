#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scroll-view deceleration as UIKit does it: the velocity is multiplied by `rate` every
/// millisecond, so the content comes to rest `v/1000 · r/(1−r)` points from where it was let go.
public struct DecayMotion: Equatable, Sendable {
    /// UIScrollView.DecelerationRate.normal and .fast.
    public static let normalRate = 0.998
    public static let fastRate = 0.99

    public let start: Double
    public let initialVelocity: Double
    public let rate: Double

    public init(start: Double, velocity: Double, rate: Double = normalRate) {
        self.start = start
        self.initialVelocity = velocity
        self.rate = min(max(rate, 0.5), 0.99999)
    }

    /// How far a fling of `velocity` points/second travels at `rate` before it stops.
    public static func projectedDistance(velocity: Double, rate: Double = normalRate) -> Double {
        velocity / 1000 * rate / (1 - rate)
    }

    /// The rate that makes a fling of `velocity` stop exactly `distance` away, if one exists.
    public static func rate(toTravel distance: Double, velocity: Double) -> Double? {
        guard distance != 0, velocity != 0, (distance > 0) == (velocity > 0) else { return nil }
        let perMillisecond = velocity / 1000
        return distance / (distance + perMillisecond)
    }

    public var restingPosition: Double { start + Self.projectedDistance(velocity: initialVelocity, rate: rate) }

    /// Position after `t` seconds: the sum of the per-millisecond steps, extended to fractional milliseconds.
    public func position(at t: Double) -> Double {
        let n = max(0, t) * 1000
        return start + initialVelocity / 1000 * rate * (1 - pow(rate, n)) / (1 - rate)
    }

    public func velocity(at t: Double) -> Double {
        let n = max(0, t) * 1000
        return initialVelocity * rate * pow(rate, n) * -log(rate) / (1 - rate)
    }

    /// Stopped: less than a tenth of a point still to go and slower than a point per second.
    public func isDone(at t: Double) -> Bool {
        abs(restingPosition - position(at: t)) < 0.1 && abs(velocity(at: t)) < 1
    }
}
