import Graphics

/// Letting go: where the content comes to rest (deceleration's projection or the page, then the
/// delegate's word) and the motion that takes it there.
extension ScrollView {
    var releasePolicy: ScrollReleasePolicy {
        ScrollReleasePolicy(decelerationRate: effectiveDecelerationRate, isPagingEnabled: isPagingEnabled)
    }

    func releaseAxis(_ axis: Int, velocity: Point) -> ScrollReleasePolicy.Axis {
        ScrollReleasePolicy.Axis(
            position: component(contentOffset, axis), velocity: component(velocity, axis), limits: range(axis),
            pageSize: dimension(axis), pageOrigin: component(minimumContentOffset, axis), scrolls: scrolls(axis: axis))
    }

    /// Where a fling of `velocity` would come to rest by deceleration alone, within the edges.
    public func projectedRestingOffset(velocity: Point) -> Point {
        point([0, 1].map { releasePolicy.projectedTarget(releaseAxis($0, velocity: velocity)) })
    }

    /// Picks where to come to rest (the policy: projection or paging; then the delegate) and how
    /// to get there, and sets it moving. A release that does not `coast` (a mouse wheel's
    /// notches) rests where it is unless paging or the delegate move it: its velocity still says
    /// which way it went, so a paging row moves on one page per notch.
    ///
    /// `at`: when the finger left (the up event's time); the motion starts then, not at the frame
    /// that handles it, so a finger lifted early in a frame glides on for the rest of it (the
    /// release frame moved only the finger's part-frame, and the content stayed half a frame
    /// behind the finger for the whole glide).
    func release(velocity: Point, coasts: Bool = true, at released: Double? = nil) {
        let policy = releasePolicy
        let axes = [0, 1].map { releaseAxis($0, velocity: velocity) }
        let natural = point(axes.map { coasts || policy.isPagingEnabled ? policy.naturalTarget($0) : $0.position })
        var target = natural
        delegate?.scrollViewWillEndDragging(self, velocity: velocity, targetContentOffset: &target)
        let frameTime = now
        var start = frameTime
        // Only where input and animations share a clock (the motion lab's slow motion runs them on
        // another), and within the last two frames: an up event from before a long stall starts
        // no glide half-way through.
        if let released, let animator = window?.animator,
            animator.inputClock as AnyObject === animator.clock as AnyObject
        {
            start = min(max(released, frameTime - 1.0 / 30), frameTime)
        }
        for axis in [0, 1] where scrolls(axis: axis) {
            let resting =
                axes[axis].limits.contains(axes[axis].position) && component(target, axis) == axes[axis].position
            if !coasts && resting {
                motions[axis] = nil
                continue
            }
            motions[axis] = policy.motion(
                axes[axis], to: component(target, axis), natural: component(natural, axis), at: start)
        }
        let moving = motions.contains { $0 != nil }
        delegate?.scrollViewDidEndDragging(self, willDecelerate: moving)
        if moving { startMotion(.decelerating) } else { hideIndicatorsSoon() }
    }
}
