import Graphics
import Motion
import Platform

/// A drag. Begins once the pointer has travelled `hysteresis` (about 10 pt, as UIKit) in an
/// allowed direction; translation is measured from where it crossed that travel, so whatever
/// follows the pointer does so 1:1 without a jump, the slop behind it; velocity comes from the last ~100 ms of samples.
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
    public enum Direction: Sendable {
        case any, horizontal, vertical
    }

    /// Travel before the drag begins; nil follows the tuning (`gesture.slop`, 10 pt as UIKit).
    public var hysteresis: Double?
    private var effectiveHysteresis: Double { hysteresis ?? view?.tuning[KitTuning.gestureSlop] ?? 10 }
    /// Only begin for movement mostly along this axis (a horizontal scroll view leaves vertical
    /// drags to its container).
    public var direction: Direction = .any
    private var downLocation: Point?
    private var origin = Point.zero
    private var tracker = VelocityTracker()
    private var lastTime = 0.0

    open override var isContinuous: Bool { true }

    /// Where the sequence started, in window points.
    public var startLocation: Point? { downLocation }
    /// When the latest pointer event came (the release's, once it ended), in the clock's seconds.
    public var lastEventTime: Double { lastTime }

    open override func pointerDown(_ event: PointerEvent) {
        downLocation = event.location
        lastLocation = event.location
        lastTime = event.time
        tracker.reset()
        tracker.add(event.location, at: event.time)
    }

    open override func pointerMoved(_ event: PointerEvent) {
        lastLocation = event.location
        lastTime = event.time
        tracker.add(event.location, at: event.time)
        switch state {
        case .possible:
            guard let down = downLocation else { return }
            let dx = event.location.x - down.x
            let dy = event.location.y - down.y
            guard (dx * dx + dy * dy).squareRoot() > effectiveHysteresis else { return }
            guard shouldBegin(dx: dx, dy: dy) else {
                transition(to: .failed)
                return
            }
            origin = event.location
            transition(to: .began)
            // The translation runs from where the pointer crossed the slop, not from where the
            // move that crossed it ended: what began at rest moves at once by the rest of that
            // move, and whatever follows trails the pointer by the slop and no more (a quick
            // first move of 19 pt left it 19 pt behind for the whole drag).
            let travelled = (dx * dx + dy * dy).squareRoot()
            let slop = effectiveHysteresis
            if state == .began, travelled > slop + 1e-9 {
                origin = Point(x: down.x + dx / travelled * slop, y: down.y + dy / travelled * slop)
                transition(to: .changed)
            }
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    /// Whether movement (dx, dy) from the down point may start this pan.
    open func shouldBegin(dx: Double, dy: Double) -> Bool {
        switch direction {
        case .any: return true
        case .horizontal: return abs(dx) > abs(dy)
        case .vertical: return abs(dy) > abs(dx)
        }
    }

    open override func pointerUp(_ event: PointerEvent) {
        let moved = event.location != lastLocation
        lastLocation = event.location
        lastTime = event.time
        tracker.addRelease(event.location, at: event.time)
        if state == .began || state == .changed {
            // Let go somewhere the last move did not reach: what follows the pointer goes there
            // first (a scroll view ignored the release point, and a swipe stood still for the
            // frame it was let go in, then decelerated from a step behind the finger).
            if moved { transition(to: .changed) }
            transition(to: .ended)
        } else if state == .possible {
            transition(to: .failed)
        }
    }

    open override func reset() {
        super.reset()
        downLocation = nil
    }

    /// Movement since the gesture began, in `view`'s coordinates (window points when nil).
    public func translation(in view: View?) -> Point {
        vector(lastLocation - origin, in: view)
    }

    /// Makes the current translation read as `translation` (UIKit's incremental-translation idiom).
    public func setTranslation(_ translation: Point, in view: View?) {
        let inWindow = windowVector(translation, from: view)
        origin = lastLocation - inWindow
    }

    /// Points per second in `view`'s coordinates, from the samples of the last ~100 ms before
    /// the latest event (a pause before release gives ~0).
    public func velocity(in view: View?) -> Point {
        vector(tracker.velocity(at: lastTime), in: view)
    }

    /// A window-space displacement expressed in `view`'s (scaled) coordinates.
    private func vector(_ windowVector: Point, in view: View?) -> Point {
        guard let view, let inverse = view.toRoot.inverted else { return windowVector }
        return Point(
            x: inverse.a * windowVector.x + inverse.c * windowVector.y,
            y: inverse.b * windowVector.x + inverse.d * windowVector.y)
    }

    private func windowVector(_ vector: Point, from view: View?) -> Point {
        guard let view else { return vector }
        let t = view.toRoot
        return Point(x: t.a * vector.x + t.c * vector.y, y: t.b * vector.x + t.d * vector.y)
    }
}

/// A pan that starts at the left edge of the window (within `edgeWidth`, 20 pt) and moves right.
/// It outranks other recognizers so an edge swipe wins over a scroll view beneath it.
@MainActor
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    public var edgeWidth = 20.0

    public override var priority: Int { 100 }

    public override func pointerDown(_ event: PointerEvent) {
        super.pointerDown(event)
        if event.location.x > edgeWidth { transition(to: .failed) }
    }

    public override func shouldBegin(dx: Double, dy: Double) -> Bool {
        dx > 0 && abs(dx) > abs(dy)
    }
}
