import Motion

/// What a scroll view does when let go, per axis: where it comes to rest and along which motion.
/// A pure value, like Flutter's ScrollPhysics — no view, no clock — so it is tested on its own.
struct ScrollReleasePolicy: Sendable {
    var decelerationRate: Double
    var isPagingEnabled: Bool

    /// One axis at the moment of release, in content-offset points.
    struct Axis: Sendable {
        var position: Double
        /// Points per second of content offset.
        var velocity: Double
        var limits: ClosedRange<Double>
        /// The page size (the view's extent along the axis) and where page 0 begins.
        var pageSize: Double
        var pageOrigin: Double
        var scrolls: Bool
    }

    /// Where deceleration alone would stop, within the edges.
    func projectedTarget(_ axis: Axis) -> Double {
        let travel = DecayMotion.projectedDistance(velocity: axis.velocity, rate: decelerationRate)
        return clamp(axis.position + travel, axis.limits)
    }

    /// Where the axis rests if nobody chooses otherwise: the projection, or with paging the page
    /// in the direction of a fling (one at most), else the nearest — UIKit's paging.
    func naturalTarget(_ axis: Axis) -> Double {
        guard isPagingEnabled else { return projectedTarget(axis) }
        guard axis.pageSize > 0, axis.scrolls else { return axis.position }
        let position = (axis.position - axis.pageOrigin) / axis.pageSize
        var index = position.rounded()
        if axis.velocity > 200 {
            index = position.rounded(.down) + 1
        } else if axis.velocity < -200 {
            index = position.rounded(.up) - 1
        }
        return clamp(axis.pageOrigin + index * axis.pageSize, axis.limits)
    }

    /// How the axis reaches `target` (`natural` is what `naturalTarget` said, before a delegate
    /// chose). Past an edge it springs back; free deceleration when nothing chose a target;
    /// otherwise a landing that still reads as deceleration.
    func motion(_ axis: Axis, to target: Double, natural: Double, at time: Double) -> ScrollAxisMotion? {
        if !axis.limits.contains(axis.position) {
            return .spring(from: axis.position, to: clamp(target, axis.limits), velocity: axis.velocity, at: time)
        }
        if target == natural && !isPagingEnabled {
            guard abs(axis.velocity) >= 1 else { return nil }
            return .decay(
                DecayMotion(start: axis.position, velocity: axis.velocity, rate: decelerationRate), start: time,
                target: nil)
        }
        return landing(from: axis.position, to: target, velocity: axis.velocity, at: time)
    }

    /// A motion that lands exactly on `goal` and reads as deceleration. A fling heading there at a
    /// pace that can stop in time slows down uniformly from the release velocity (no jump in speed);
    /// a much faster one lands with a critically damped spring that overshoots a little (momentum
    /// rewarded); a slow or backwards one settles there with a gentle spring.
    func landing(from position: Double, to goal: Double, velocity: Double, at time: Double) -> ScrollAxisMotion? {
        let distance = goal - position
        if abs(distance) < 0.01 && abs(velocity) < 1 { return nil }
        if velocity != 0, (distance > 0) == (velocity > 0) {
            let duration = 2 * abs(distance) / abs(velocity)
            if ScrollAxisMotion.uniformDecelerationDurations.contains(duration) {
                return .decelerate(from: position, to: goal, start: time, duration: duration)
            }
            if duration < ScrollAxisMotion.uniformDecelerationDurations.lowerBound {
                return .spring(
                    SpringSolution(
                        dampingRatio: 1, angularFrequency: ScrollAxisMotion.firmestLanding,
                        initialDisplacement: -distance, initialVelocity: velocity), target: goal, start: time)
            }
        }
        return .spring(
            SpringSolution(
                dampingRatio: 1, angularFrequency: ScrollAxisMotion.gentlestLanding, initialDisplacement: -distance,
                initialVelocity: velocity), target: goal, start: time)
    }

    private func clamp(_ value: Double, _ limits: ClosedRange<Double>) -> Double {
        min(max(value, limits.lowerBound), limits.upperBound)
    }
}
