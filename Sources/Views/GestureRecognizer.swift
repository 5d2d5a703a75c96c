import Graphics
import Platform

/// The states of UIGestureRecognizer. Discrete recognizers (tap) go possible → ended (recognized)
/// or failed; continuous ones (pan, issue 3) go began → changed… → ended or cancelled.
public enum GestureState: String, Sendable {
    case possible, began, changed, ended, cancelled, failed
}

/// Turns the pointer stream that lands on its view (or a descendant) into a gesture.
/// Subclasses implement `pointerDown/Moved/Up`; the window feeds every recognizer on the hit
/// view's ancestor chain and resets them when the pointer is released.
@MainActor
open class GestureRecognizer {
    public private(set) weak var view: View?
    public var isEnabled = true
    public internal(set) var state: GestureState = .possible {
        didSet {
            guard state != oldValue else { return }
            stateDidChange()
            if state == .began || state == .changed || state == .ended || state == .cancelled {
                for action in actions { action(self) }
            }
        }
    }
    /// Recognizers that must fail before this one may begin (UIKit's `require(toFail:)`).
    private var mustFailFirst: [WeakRecognizer] = []
    /// Recognizers with higher priority get each pointer event first, so they can begin first and
    /// win (a screen-edge pan over a scroll view's pan).
    open var priority: Int { 0 }
    /// Continuous gestures (pans) exclude each other: once one begins, the others fail.
    open var isContinuous: Bool { false }
    /// Asked just before the gesture would begin; false makes it fail (UIGestureRecognizerDelegate).
    public var shouldBegin: ((GestureRecognizer) -> Bool)?
    private var actions: [(GestureRecognizer) -> Void] = []
    /// Where the pointer is now, in window points.
    public internal(set) var lastLocation: Point = .zero
    /// The referee of the sequence this recognizer follows, handed over by the window on pointer down.
    public internal(set) weak var arbiter: GestureArbiter?

    public init(action: ((GestureRecognizer) -> Void)? = nil) {
        if let action { actions.append(action) }
    }

    public func addAction(_ action: @escaping (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// This recognizer begins only once `other` has failed in the same sequence: while `other`
    /// may still recognize, this one waits (and keeps trying as the pointer moves); if `other`
    /// begins, this one fails. A screen that owns the left edge makes the back swipe yield to it.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self else { return }
        mustFailFirst.append(WeakRecognizer(recognizer: other))
    }

    /// The recognizers this one waits for, still following the current sequence and undecided.
    func undecidedPrerequisites(among participants: [GestureRecognizer]) -> [GestureRecognizer] {
        mustFailFirst.compactMap(\.recognizer).filter { other in
            other.state == .possible && participants.contains { $0 === other }
        }
    }

    /// Whether a recognizer this one requires to fail has recognized in the current sequence.
    func recognizedPrerequisite(among participants: [GestureRecognizer]) -> Bool {
        mustFailFirst.compactMap(\.recognizer).contains { other in
            [.began, .changed, .ended].contains(other.state) && participants.contains { $0 === other }
        }
    }

    /// Called after every change of state (subclasses update what depends on it, like a press).
    open func stateDidChange() {}

    func attach(to view: View) {
        self.view = view
    }

    func detach() {
        view = nil
    }

    func removeFromView() {
        view?.removeGestureRecognizer(self)
    }

    /// The pointer's current location in `view`'s coordinates (window points when nil).
    public func location(in view: View?) -> Point {
        guard let view else { return lastLocation }
        return view.convert(lastLocation, from: nil)
    }

    /// Sets the state subclasses want; `.changed` fires the actions on every call. A recognizer
    /// whose view can no longer take input (hidden, faded out, interaction disabled, detached —
    /// e.g. a view being animated out) is cancelled instead of firing. Input is gated as a gesture
    /// starts (a continuous one begins, a discrete one recognizes): `shouldBegin` and the arbiter
    /// (other gestures, running transitions) may refuse it then, never once it tracks.
    public func transition(to newState: GestureState) {
        if newState == .began || newState == .changed || newState == .ended {
            guard let view, view.canReceiveInput else {
                state = (state == .began || state == .changed) ? .cancelled : .failed
                return
            }
        }
        let starts = newState == .began || (newState == .ended && state == .possible && !isContinuous)
        if starts, let arbiter, recognizedPrerequisite(among: arbiter.participants) {
            // A recognizer this one requires to fail has recognized (a button's tap inside a bar
            // that scrubs on a tap): this one fails, as UIKit's does.
            state = .failed
            return
        }
        if starts, let arbiter, !undecidedPrerequisites(among: arbiter.participants).isEmpty {
            // Not yet: a recognizer this one requires to fail may still win. A discrete gesture
            // has no later chance, so it fails; a continuous one tries again on the next move.
            if !isContinuous { state = .failed }
            return
        }
        if starts {
            guard shouldBegin?(self) ?? true, arbiter?.mayBegin(self) ?? true else {
                state = .failed
                return
            }
        }
        if newState == .changed && state == .changed {
            for action in actions { action(self) }
        } else {
            state = newState
        }
    }

    /// Called by the window when another recognizer won the pointer sequence.
    func failBecauseAnotherWon() {
        if state == .possible { state = .failed }
    }

    open func pointerDown(_ event: PointerEvent) {}
    open func pointerMoved(_ event: PointerEvent) {}
    open func pointerUp(_ event: PointerEvent) {}

    /// Called when the pointer sequence is over, whatever happened, to get ready for the next one.
    open func reset() {
        state = .possible
    }

    /// Whether this recognizer is still interested in the current sequence.
    public var isTracking: Bool { state != .failed && state != .cancelled }
}

/// A weak reference to a recognizer (a `require(toFail:)` relationship must not keep it alive).
@MainActor
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}
