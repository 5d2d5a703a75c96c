import Graphics
import Motion
import Platform

/// A view whose bounds origin (the content offset) follows drags 1:1, decelerates after a fling
/// as UIKit (rate 0.998/ms or 0.99/ms), rubber-bands past its edges and springs back, lets a
/// delegate choose where it comes to rest, pages, and scrolls for the mouse wheel.
@MainActor
open class ScrollView: View, FrameTicker, WheelScrollable {
    public weak var delegate: (any ScrollViewDelegate)?
    public let panGestureRecognizer: PanGestureRecognizer = ScrollPanGestureRecognizer()
    public var contentSize: Size = .zero { didSet { updateIndicators() } }
    public var contentInset: EdgeInsets = .zero
    public var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    public var bounces = true
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    public var isPagingEnabled = false
    public var decelerationRate = DecayMotion.normalRate
    public var showsScrollIndicators = true
    /// For content that scrolls both ways: a drag that starts mostly along one axis stays on it.
    public var isDirectionalLockEnabled = false
    /// The axis a directionally locked drag keeps to (0 = x, 1 = y), nil when free.
    private var lockedAxis: Int?

    public private(set) var isDragging = false
    public private(set) var isDecelerating = false

    private var motions: [ScrollAxisMotion?] = [nil, nil]
    private var dragStartRawOffset = Point.zero
    private let indicators = [View(), View()]
    private var indicatorHideScheduled = false
    private var caughtWhileMoving = false
    /// The animator this view's motion ticks on (its window's, when the motion started).
    private weak var tickingAnimator: Animator?
    /// Now, on the window's clock (0 while not in a window: motions then settle at once).
    private var now: Double { window?.animator.clock.now ?? 0 }

    // Wheel input is treated as a drag that ends when the wheel pauses.
    private var wheelRawOffset: Point?
    private var wheelTravel = Point.zero
    private var firstWheelTime = 0.0
    private var lastWheelTime = 0.0
    static let wheelPause = 0.12

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        (panGestureRecognizer as? ScrollPanGestureRecognizer)?.scrollView = self
        panGestureRecognizer.addAction { [weak self] recognizer in
            guard let self, let pan = recognizer as? PanGestureRecognizer else { return }
            self.handlePan(pan)
        }
        addGestureRecognizer(panGestureRecognizer)
        for (axis, indicator) in indicators.enumerated() {
            indicator.backgroundColor = Color(white: 0, alpha: 0.35)
            indicator.cornerRadius = 1.5
            indicator.alpha = 0
            indicator.isUserInteractionEnabled = false
            indicator.accessibilityIdentifier = axis == 0 ? "scroll.indicator.horizontal" : "scroll.indicator.vertical"
            super.addSubview(indicator)
        }
    }

    // MARK: Offsets

    /// The bounds origin: which part of the content is visible.
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds = Rect(origin: newValue, size: bounds.size)
            updateIndicators()
            contentOffsetDidChange()
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// Where the content will come to rest: the end of the motion under way (a fling's landing, a
    /// page, an animated scroll), else where it is. Paging from the keyboard steps from here, so
    /// quick presses add up instead of being lost.
    public var restingContentOffset: Point {
        point(
            [0, 1].map { axis in
                guard let motion = motions[axis] else { return component(contentOffset, axis) }
                let limits = range(axis)
                return min(max(motion.restingPosition(at: 0), limits.lowerBound), limits.upperBound)
            })
    }

    /// Subclasses bring cells into view here (collection and table views).
    open func contentOffsetDidChange() {}

    /// Smallest offsets: the content's top-left edge with its inset.
    public var minimumContentOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }

    /// Largest offsets, never below the minimum (short content rests at its top-left).
    public var maximumContentOffset: Point {
        let minimum = minimumContentOffset
        return Point(
            x: max(minimum.x, contentSize.width + contentInset.right - bounds.width),
            y: max(minimum.y, contentSize.height + contentInset.bottom - bounds.height))
    }

    /// Whether the content can move along an axis (0 = x, 1 = y) at all.
    public func scrolls(axis: Int) -> Bool {
        if axis == 0 {
            return maximumContentOffset.x > minimumContentOffset.x || alwaysBounceHorizontal
        }
        return maximumContentOffset.y > minimumContentOffset.y || alwaysBounceVertical
    }

    private func range(_ axis: Int) -> ClosedRange<Double> {
        axis == 0 ? minimumContentOffset.x...maximumContentOffset.x : minimumContentOffset.y...maximumContentOffset.y
    }

    private func dimension(_ axis: Int) -> Double { axis == 0 ? bounds.width : bounds.height }

    private func component(_ point: Point, _ axis: Int) -> Double { axis == 0 ? point.x : point.y }

    private func point(_ values: [Double]) -> Point { Point(x: values[0], y: values[1]) }

    /// Moves to `offset` (clamped to the scrollable range), easing over 0.3 s when animated.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        stopMotion()
        let target = [0, 1].map { min(max(component(offset, $0), range($0).lowerBound), range($0).upperBound) }
        guard animated else {
            contentOffset = point(target)
            return
        }
        let now = now
        for axis in [0, 1] {
            motions[axis] = .curve(from: component(contentOffset, axis), to: target[axis], start: now, duration: 0.3)
        }
        startMotion()
    }

    // MARK: Dragging

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion()
            wheelRawOffset = nil
            isDragging = true
            // Resume a drag that starts while overscrolled where the finger "really" is.
            dragStartRawOffset = point([0, 1].map { axis in unrubbered(component(contentOffset, axis), axis) })
            lockedAxis = nil
            if isDirectionalLockEnabled, let start = pan.startLocation {
                let moved = pan.location(in: nil) - start
                lockedAxis = abs(moved.x) >= abs(moved.y) ? 0 : 1
            }
            showIndicators()
            delegate?.scrollViewWillBeginDragging(self)
        case .changed:
            let translation = pan.translation(in: nil)
            let scale = toRoot.uniformScale
            let raw = Point(
                x: dragStartRawOffset.x - (lockedAxis == 1 ? 0 : translation.x / scale),
                y: dragStartRawOffset.y - (lockedAxis == 0 ? 0 : translation.y / scale))
            contentOffset = rubberBanded(raw)
        case .ended:
            isDragging = false
            let v = pan.velocity(in: nil)
            let scale = toRoot.uniformScale
            let alongX = scrolls(axis: 0) && lockedAxis != 1
            let alongY = scrolls(axis: 1) && lockedAxis != 0
            release(velocity: Point(x: alongX ? -v.x / scale : 0, y: alongY ? -v.y / scale : 0))
        case .cancelled:
            isDragging = false
            release(velocity: .zero)
        default:
            break
        }
    }

    /// The pan direction follows what can scroll, so a horizontal list leaves vertical drags to its container.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let horizontal = scrolls(axis: 0)
        let vertical = scrolls(axis: 1)
        panGestureRecognizer.direction = horizontal == vertical ? .any : (horizontal ? .horizontal : .vertical)
        for indicator in indicators { bringSubviewToFront(indicator) }
        updateIndicators()
    }

    public override func addSubview(_ view: View) {
        super.addSubview(view)
        for indicator in indicators { bringSubviewToFront(indicator) }
    }

    /// Applies resistance beyond the edges (or a hard stop when `bounces` is off) on scrollable axes.
    private func rubberBanded(_ raw: Point) -> Point {
        point(
            [0, 1].map { axis in
                let value = component(raw, axis)
                let limits = range(axis)
                guard scrolls(axis: axis) else { return component(contentOffset, axis) }
                guard bounces else { return min(max(value, limits.lowerBound), limits.upperBound) }
                return RubberBand.clamp(value, to: limits, dimension: dimension(axis))
            })
    }

    /// The raw (finger) offset that rubber-bands to `value`.
    private func unrubbered(_ value: Double, _ axis: Int) -> Double {
        let limits = range(axis)
        if value < limits.lowerBound {
            return limits.lowerBound + RubberBand.distance(for: value - limits.lowerBound, dimension: dimension(axis))
        }
        if value > limits.upperBound {
            return limits.upperBound + RubberBand.distance(for: value - limits.upperBound, dimension: dimension(axis))
        }
        return value
    }

    /// Where a fling of `velocity` would come to rest by deceleration alone, within the edges.
    public func projectedRestingOffset(velocity: Point) -> Point {
        point(
            [0, 1].map { axis in
                let start = component(contentOffset, axis)
                let travel = DecayMotion.projectedDistance(velocity: component(velocity, axis), rate: decelerationRate)
                let limits = range(axis)
                return min(max(start + travel, limits.lowerBound), limits.upperBound)
            })
    }

    /// Picks where to come to rest (projection, paging, then the delegate) and how to get there.
    private func release(velocity: Point) {
        var target = projectedRestingOffset(velocity: velocity)
        if isPagingEnabled { target = pageTarget(velocity: velocity) }
        let natural = target
        delegate?.scrollViewWillEndDragging(self, velocity: velocity, targetContentOffset: &target)
        let now = now
        for axis in [0, 1] where scrolls(axis: axis) {
            let limits = range(axis)
            let position = component(contentOffset, axis)
            let speed = component(velocity, axis)
            let goal = component(target, axis)
            if !limits.contains(position) {
                motions[axis] = .spring(
                    from: position, to: min(max(goal, limits.lowerBound), limits.upperBound), velocity: speed, at: now)
            } else if goal == component(natural, axis) && !isPagingEnabled {
                if abs(speed) < 1 {
                    motions[axis] = nil
                } else {
                    motions[axis] = .decay(
                        DecayMotion(start: position, velocity: speed, rate: decelerationRate), start: now, target: nil)
                }
            } else {
                motions[axis] = motion(from: position, to: goal, velocity: speed, at: now)
            }
        }
        let moving = motions.contains { $0 != nil }
        delegate?.scrollViewDidEndDragging(self, willDecelerate: moving)
        if moving { startMotion() } else { hideIndicatorsSoon() }
    }

    /// A motion that lands exactly on `goal` and reads as deceleration. A fling heading there at a
    /// pace that can stop in time slows down uniformly from the release velocity (no jump in speed);
    /// a much faster one lands with a critically damped spring that overshoots a little (momentum
    /// rewarded); a slow or backwards one settles there with a gentle spring.
    private func motion(from position: Double, to goal: Double, velocity: Double, at time: Double) -> ScrollAxisMotion?
    {
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

    /// UIKit's paging: the page in the direction of a fling (one at most), else the nearest.
    private func pageTarget(velocity: Point) -> Point {
        point(
            [0, 1].map { axis in
                let page = dimension(axis)
                guard page > 0, scrolls(axis: axis) else { return component(contentOffset, axis) }
                let base = component(minimumContentOffset, axis)
                let position = (component(contentOffset, axis) - base) / page
                let speed = component(velocity, axis)
                var index = position.rounded()
                if speed > 200 {
                    index = position.rounded(.down) + 1
                } else if speed < -200 {
                    index = position.rounded(.up) - 1
                }
                let limits = range(axis)
                return min(max(base + index * page, limits.lowerBound), limits.upperBound)
            })
    }

    /// A touch on a moving scroll view stops it where it is, as on iOS, and does nothing else:
    /// it takes the sequence from every tap inside, so catching a list never selects a row.
    fileprivate func pointerWentDown(_ recognizer: GestureRecognizer) {
        caughtWhileMoving = isDecelerating
        guard isDecelerating else { return }
        stopMotion()
        recognizer.arbiter?.claimSequence(for: recognizer, within: self)
    }

    /// Released without dragging after catching it: settle where the rules say (page, snap, edge).
    fileprivate func pointerWentUpWithoutDrag() {
        if caughtWhileMoving && !isDragging { release(velocity: .zero) }
        caughtWhileMoving = false
    }

    // MARK: Simulation

    private func startMotion() {
        guard let animator = window?.animator else {
            // Not on screen: nothing to watch move, so it rests where the motion would end.
            let rest = restingContentOffset
            motions = [nil, nil]
            contentOffset = rest
            return
        }
        isDecelerating = true
        showIndicators()
        tickingAnimator = animator
        animator.addTicker(self)
        _ = tick(at: animator.clock.now)
    }

    /// Stops any motion where it is (a new drag catches a decelerating view without a jump).
    public func stopMotion() {
        motions = [nil, nil]
        if isDecelerating {
            isDecelerating = false
            tickingAnimator?.removeTicker(self)
        }
    }

    public func tick(at time: Double) -> Bool {
        if wheelRawOffset != nil, time - lastWheelTime > Self.wheelPause {
            endWheel(at: time)
        }
        guard isDecelerating else { return wheelRawOffset != nil }
        var offset = [contentOffset.x, contentOffset.y]
        var active = false
        for axis in [0, 1] {
            guard let motion = motions[axis] else { continue }
            var position = motion.position(at: time)
            let limits = range(axis)
            // Deceleration that runs into an edge turns into a bounce that keeps its velocity.
            if case .decay(_, _, nil) = motion, !limits.contains(position) {
                let edge = position < limits.lowerBound ? limits.lowerBound : limits.upperBound
                if bounces {
                    motions[axis] = .spring(from: position, to: edge, velocity: motion.velocity(at: time), at: time)
                } else {
                    motions[axis] = nil
                    position = edge
                }
            }
            if let current = motions[axis], current.isDone(at: time) {
                position = current.restingPosition(at: time)
                motions[axis] = nil
            } else if motions[axis] != nil {
                active = true
            }
            offset[axis] = position
        }
        contentOffset = point(offset)
        if !active {
            isDecelerating = false
            hideIndicatorsSoon()
            delegate?.scrollViewDidEndDecelerating(self)
            return wheelRawOffset != nil
        }
        return true
    }

    // MARK: Wheel

    /// A wheel burst moves the content like a finger (rubber band included); when the wheel
    /// pauses, it is released like a drag, so snapping and paging hooks apply to it too.
    public func scrollWheel(delta: Point, time: Double) -> Bool {
        guard isScrollEnabled, !isDragging else { return false }
        var d = delta
        // A vertical wheel scrolls content that only moves sideways.
        if !scrolls(axis: 1) && scrolls(axis: 0) && d.x == 0 { d = Point(x: d.y, y: 0) }
        guard (d.x != 0 && scrolls(axis: 0)) || (d.y != 0 && scrolls(axis: 1)) else { return false }
        if wheelRawOffset == nil {
            stopMotion()
            wheelRawOffset = point([0, 1].map { unrubbered(component(contentOffset, $0), $0) })
            wheelTravel = .zero
            firstWheelTime = time
            delegate?.scrollViewWillBeginDragging(self)
            showIndicators()
            tickingAnimator = window?.animator
            tickingAnimator?.addTicker(self)
        }
        wheelTravel = wheelTravel - d
        lastWheelTime = time
        let raw = (wheelRawOffset ?? contentOffset) - d
        wheelRawOffset = raw
        contentOffset = rubberBanded(raw)
        return true
    }

    /// A wheel burst's "fling" is its whole travel over its duration (at least 0.1 s): one notch
    /// nudges, a quick spin throws. Notches arrive in steps, so a per-event velocity would spike.
    private func endWheel(at time: Double) {
        wheelRawOffset = nil
        let duration = max(lastWheelTime - firstWheelTime, 0.1)
        let velocity = wheelTravel * (1 / duration)
        release(velocity: Point(x: scrolls(axis: 0) ? velocity.x : 0, y: scrolls(axis: 1) ? velocity.y : 0))
    }

    // MARK: Indicators

    private func updateIndicators() {
        guard showsScrollIndicators else { return }
        let inset = 3.0
        let thickness = 3.0
        for axis in [0, 1] {
            let indicator = indicators[axis]
            let visible = dimension(axis)
            let content = axis == 0 ? contentSize.width : contentSize.height
            guard content > visible, visible > 0 else {
                indicator.isHidden = true
                continue
            }
            indicator.isHidden = false
            let track = visible - 2 * inset - (axis == 0 ? thickness + inset : 0)
            let limits = range(axis)
            let fraction =
                limits.upperBound > limits.lowerBound
                ? (component(contentOffset, axis) - limits.lowerBound) / (limits.upperBound - limits.lowerBound) : 0
            // Past an edge the indicator shrinks instead of moving on, as iOS does.
            let overshoot = max(-fraction, fraction - 1, 0) * (limits.upperBound - limits.lowerBound)
            let length = max(36, track * visible / content - overshoot)
            let position = inset + min(max(fraction, 0), 1) * (track - length)
            if axis == 0 {
                indicator.frame = Rect(
                    x: contentOffset.x + position, y: contentOffset.y + bounds.height - thickness - inset,
                    width: length,
                    height: thickness)
            } else {
                indicator.frame = Rect(
                    x: contentOffset.x + bounds.width - thickness - inset, y: contentOffset.y + position,
                    width: thickness, height: length)
            }
        }
    }

    private func showIndicators() {
        guard showsScrollIndicators else { return }
        indicatorHideScheduled = false
        for indicator in indicators where !indicator.isHidden {
            indicator.stopAnimations()
            indicator.alpha = 1
        }
    }

    private func hideIndicatorsSoon() {
        guard showsScrollIndicators, !indicatorHideScheduled else { return }
        indicatorHideScheduled = true
        for indicator in indicators {
            View.animate(duration: 0.25, delay: 0.5, curve: .easeOut, changes: { indicator.alpha = 0 })
        }
    }
}

/// The scroll view's own pan: also tells it when a pointer lands (to catch a moving view) and
/// when it lifts without having dragged.
@MainActor
private final class ScrollPanGestureRecognizer: PanGestureRecognizer {
    weak var scrollView: ScrollView?

    override func pointerDown(_ event: PointerEvent) {
        super.pointerDown(event)
        scrollView?.pointerWentDown(self)
    }

    override func pointerUp(_ event: PointerEvent) {
        let dragged = state == .began || state == .changed
        super.pointerUp(event)
        if !dragged { scrollView?.pointerWentUpWithoutDrag() }
    }
}
