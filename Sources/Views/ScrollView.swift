import Graphics
import Motion
import Platform

/// A view whose bounds origin (the content offset) follows drags 1:1, decelerates after a fling
/// as UIKit (rate 0.998/ms or 0.99/ms), rubber-bands past its edges and springs back, lets a
/// delegate choose where it comes to rest, pages, and scrolls for the mouse wheel.
@MainActor
open class ScrollView: View, FrameTicker {
    /// What the content is doing now; one at a time.
    public enum Phase: Equatable, Sendable {
        /// At rest.
        case idle
        /// Following a finger.
        case tracking
        /// Moving by itself after a release: a fling, a bounce back, a page or a chosen target.
        case decelerating
        /// Following a burst of wheel events (released like a fling when the wheel pauses).
        case wheel
        /// Easing to an offset asked for in code (`setContentOffset(_:animated: true)`).
        case animating
    }

    public weak var delegate: (any ScrollViewDelegate)?
    /// An owner that may take part of vertical drags at the top edge (a sheet around a list).
    public weak var dragHandoff: (any ScrollDragHandoff)?
    /// The drag's vertical movement handed to `dragHandoff` so far in this gesture, and the
    /// translation seen last frame.
    private var handedOff = 0.0
    private var lastDragTranslation = 0.0
    public let panGestureRecognizer: PanGestureRecognizer = ScrollPanGestureRecognizer()
    public var contentSize: Size = .zero { didSet { updateIndicators() } }
    public var contentInset: EdgeInsets = .zero
    /// UIKit's `delaysContentTouches`: a press on a button or row inside waits about 150 ms
    /// before it shows, so starting a scroll on a row does not flash it.
    public var delaysContentTouches = true
    public var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    public var bounces = true
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    public var isPagingEnabled = false
    /// How fast a flick slows (per ms); nil follows the tuning: `decelerationParameter`, else
    /// the kit's `scroll.deceleration` (UIKit's normal rate).
    public var decelerationRate: Double?
    /// The tunable constant a flick's rate comes from when `decelerationRate` is nil (a paging
    /// carousel names its own, at UIKit's fast rate).
    public var decelerationParameter = KitTuning.scrollDeceleration
    /// The rate a release uses now.
    public var effectiveDecelerationRate: Double { decelerationRate ?? tuning[decelerationParameter] }
    public var showsScrollIndicators = true
    /// For content that scrolls both ways: a drag that starts mostly along one axis stays on it.
    public var isDirectionalLockEnabled = false

    public private(set) var phase = Phase.idle
    public var isDragging: Bool { phase == .tracking }
    /// Moving by itself (after a release, or easing to an offset set in code).
    public var isDecelerating: Bool { phase == .decelerating || phase == .animating }

    /// The axis a directionally locked drag keeps to (0 = x, 1 = y), nil when free.
    private var lockedAxis: Int?
    var motions: [ScrollAxisMotion?] = [nil, nil]
    private var dragStartRawOffset = Point.zero
    let indicators = ScrollIndicators()
    private var caughtWhileMoving = false
    /// The wheel burst under way (phase `.wheel`).
    var wheelBurst: ScrollWheelBurst?
    /// The animator this view's motion ticks on (its window's, when the motion started).
    private weak var tickingAnimator: Animator?
    /// Now, on the window's clock (0 while not in a window: motions then settle at once).
    var now: Double { window?.animator.clock.now ?? 0 }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        (panGestureRecognizer as? ScrollPanGestureRecognizer)?.scrollView = self
        panGestureRecognizer.addAction { [weak self] recognizer in
            guard let self, let pan = recognizer as? PanGestureRecognizer else { return }
            self.handlePan(pan)
        }
        addGestureRecognizer(panGestureRecognizer)
        for indicator in indicators.views { super.addSubview(indicator) }
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

    func range(_ axis: Int) -> ClosedRange<Double> {
        axis == 0 ? minimumContentOffset.x...maximumContentOffset.x : minimumContentOffset.y...maximumContentOffset.y
    }

    func dimension(_ axis: Int) -> Double { axis == 0 ? bounds.width : bounds.height }

    func component(_ point: Point, _ axis: Int) -> Double { axis == 0 ? point.x : point.y }

    func point(_ values: [Double]) -> Point { Point(x: values[0], y: values[1]) }

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
        startMotion(.animating)
    }

    // MARK: Dragging

    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion()
            wheelBurst = nil
            phase = .tracking
            // Resume a drag that starts while overscrolled where the finger "really" is.
            dragStartRawOffset = point([0, 1].map { axis in unrubbered(component(contentOffset, axis), axis) })
            lockedAxis = nil
            handedOff = 0
            lastDragTranslation = pan.translation(in: nil).y / toRoot.uniformScale
            if isDirectionalLockEnabled, let start = pan.startLocation {
                let moved = pan.location(in: nil) - start
                lockedAxis = abs(moved.x) >= abs(moved.y) ? 0 : 1
            }
            showIndicators()
            delegate?.scrollViewWillBeginDragging(self)
        case .changed:
            let translation = pan.translation(in: nil)
            let scale = toRoot.uniformScale
            if let handoff = dragHandoff, lockedAxis != 0 {
                // Offer this frame's vertical movement first: at the top edge (or while the owner
                // is away) the owner takes what it uses and the content does not move for it.
                let dy = translation.y / scale - lastDragTranslation
                lastDragTranslation = translation.y / scale
                if handoff.scrollViewHandoffIsHolding(self) {
                    handedOff += handoff.scrollView(self, handOff: dy, contentAtTop: true)
                } else if dy > 0 {
                    // Only what is left once the content has reached its top is offered.
                    let spare = dy - max(contentOffset.y - minimumContentOffset.y, 0)
                    if spare > 0 { handedOff += handoff.scrollView(self, handOff: spare, contentAtTop: true) }
                }
            }
            let raw = Point(
                x: dragStartRawOffset.x - (lockedAxis == 1 ? 0 : translation.x / scale),
                y: dragStartRawOffset.y - (lockedAxis == 0 ? 0 : translation.y / scale - handedOff))
            contentOffset = rubberBanded(raw)
        case .ended:
            phase = .idle
            let v = pan.velocity(in: nil)
            let scale = toRoot.uniformScale
            if let handoff = dragHandoff, handoff.scrollViewHandoffIsHolding(self) {
                // The owner settles itself; the content stays where it is.
                handoff.scrollView(self, endHandoffWithVelocity: v.y / scale)
                release(velocity: .zero)
                return
            }
            let alongX = scrolls(axis: 0) && lockedAxis != 1
            let alongY = scrolls(axis: 1) && lockedAxis != 0
            release(
                velocity: Point(x: alongX ? -v.x / scale : 0, y: alongY ? -v.y / scale : 0), at: pan.lastEventTime)
        case .cancelled:
            phase = .idle
            if let handoff = dragHandoff, handoff.scrollViewHandoffIsHolding(self) {
                handoff.scrollView(self, endHandoffWithVelocity: 0)
            }
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
        for indicator in indicators.views { bringSubviewToFront(indicator) }
        updateIndicators()
    }

    public override func addSubview(_ view: View) {
        super.addSubview(view)
        for indicator in indicators.views { bringSubviewToFront(indicator) }
    }

    /// Applies resistance beyond the edges (or a hard stop when `bounces` is off) on scrollable axes.
    func rubberBanded(_ raw: Point) -> Point {
        point(
            [0, 1].map { axis in
                let value = component(raw, axis)
                let limits = range(axis)
                guard scrolls(axis: axis) else { return component(contentOffset, axis) }
                guard bounces else { return min(max(value, limits.lowerBound), limits.upperBound) }
                return RubberBand.clamp(
                    value, to: limits, dimension: dimension(axis), coefficient: tuning[KitTuning.scrollRubberband])
            })
    }

    /// The raw (finger) offset that rubber-bands to `value`.
    func unrubbered(_ value: Double, _ axis: Int) -> Double {
        let limits = range(axis)
        if value < limits.lowerBound {
            return limits.lowerBound
                + RubberBand.distance(
                    for: value - limits.lowerBound, dimension: dimension(axis),
                    coefficient: tuning[KitTuning.scrollRubberband])
        }
        if value > limits.upperBound {
            return limits.upperBound
                + RubberBand.distance(
                    for: value - limits.upperBound, dimension: dimension(axis),
                    coefficient: tuning[KitTuning.scrollRubberband])
        }
        return value
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

    func startMotion(_ moving: Phase) {
        guard let animator = window?.animator else {
            // Not on screen: nothing to watch move, so it rests where the motion would end.
            let rest = restingContentOffset
            motions = [nil, nil]
            contentOffset = rest
            return
        }
        phase = moving
        showIndicators()
        tickingAnimator = animator
        animator.addTicker(self)
        _ = tick(at: animator.clock.now)
    }

    /// Stops any motion where it is (a new drag catches a decelerating view without a jump).
    public func stopMotion() {
        motions = [nil, nil]
        if isDecelerating {
            phase = .idle
            tickingAnimator?.removeTicker(self)
        }
    }

    /// Starts following a wheel burst (the ticker notices when the wheel pauses).
    func startTicking() {
        tickingAnimator = window?.animator
        tickingAnimator?.addTicker(self)
    }

    public func tick(at time: Double) -> Bool {
        // The pause that ends a burst is between input events, in real time: a slowed or
        // paused motion lab must not hold the wheel (only the motion after it is slowed).
        if let burst = wheelBurst, burst.isOver(at: window?.animator.inputClock.now ?? time) {
            endWheel(burst)
        }
        guard isDecelerating else { return wheelBurst != nil }
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
            phase = wheelBurst != nil ? .wheel : .idle
            hideIndicatorsSoon()
            delegate?.scrollViewDidEndDecelerating(self)
            return wheelBurst != nil
        }
        return true
    }

    /// Hands the phase to the wheel (a burst that starts while something else moves stops it).
    func beginWheel(at time: Double) {
        stopMotion()
        phase = .wheel
        wheelBurst = ScrollWheelBurst(
            rawOffset: point([0, 1].map { unrubbered(component(contentOffset, $0), $0) }), at: time)
    }

    /// The wheel paused: release like a drag with the burst's velocity.
    private func endWheel(_ burst: ScrollWheelBurst) {
        wheelBurst = nil
        phase = .idle
        let velocity = burst.releaseVelocity
        release(
            velocity: Point(x: scrolls(axis: 0) ? velocity.x : 0, y: scrolls(axis: 1) ? velocity.y : 0),
            coasts: burst.isFling)
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
