import Graphics
import Motion
import Platform

/// A single tap: down and up within `allowableMovement` of each other. Fails as soon as the pointer
/// travels further, so a drag that starts on a button never triggers it.
@MainActor
public final class TapGestureRecognizer: GestureRecognizer {
    /// UIKit's slop: past about 10 pt of travel a touch is a drag, not a tap.
    /// Nil follows the tuning (`gesture.slop`, 10 pt as UIKit).
    public var allowableMovement: Double?
    private var slop: Double { allowableMovement ?? view?.tuning[KitTuning.gestureSlop] ?? 10 }
    private var start: Point?
    /// Told when the press a user sees begins and ends: down on the view, and up, a slip off it,
    /// a drag past the slop or another gesture winning (buttons highlight with it).
    public var onPressChange: ((Bool) -> Void)?
    /// True when the last press ended because it was a tap (released in place), false when it
    /// slipped off, turned into a drag or lost to another gesture. A tapped control fades its
    /// press out, as iOS's do (a press of one frame never flashes); a cancelled one drops it.
    public private(set) var endedInTap = false
    public private(set) var isPressed = false {
        didSet { if isPressed != oldValue { onPressChange?(isPressed) } }
    }
    /// How long a touch inside a scroll view is held before the press shows: UIKit's scroll
    /// views delay content touches by about 150 ms, so a touch that turns into a scroll never
    /// flashes the row it started on.
    public static let scrollViewPressDelay = 0.15
    /// True once the touch may show as pressed: at once outside scroll views, after
    /// `scrollViewPressDelay` inside one.
    private var pressDelayElapsed = false
    private var pressTimer: PressDelayTimer?

    private func updatePress() {
        guard state == .possible, pressDelayElapsed, let start, let view, view.canReceiveInput else {
            isPressed = false
            return
        }
        isPressed =
            start.distance(to: lastLocation) <= slop
            && view.point(inside: view.convert(lastLocation, from: nil))
    }

    /// Starts the press delay when the view sits in a scrollable scroll view (ticked by the
    /// window's animator, so the delay follows the app's clock and replays exactly).
    private func beginPressDelay() {
        pressTimer?.cancel()
        pressTimer = nil
        guard let view, let window = view.root as? Window, Self.isInsideScrollableContent(view) else {
            pressDelayElapsed = true
            return
        }
        pressDelayElapsed = false
        let inputClock = window.animator.inputClock
        let timer = PressDelayTimer(clock: inputClock, deadline: inputClock.now + Self.scrollViewPressDelay) {
            [weak self] in
            self?.pressDelayElapsed = true
            self?.updatePress()
        }
        pressTimer = timer
        window.animator.addTicker(timer)
    }

    private static func isInsideScrollableContent(_ view: View) -> Bool {
        var node = view.superview
        while let current = node {
            if let scrollView = current as? ScrollView, scrollView.isScrollEnabled, scrollView.delaysContentTouches {
                return true
            }
            node = current.superview
        }
        return false
    }

    public override func stateDidChange() {
        updatePress()
    }

    public override func pointerDown(_ event: PointerEvent) {
        endedInTap = false
        start = event.location
        lastLocation = event.location
        beginPressDelay()
        updatePress()
    }

    public override func pointerMoved(_ event: PointerEvent) {
        lastLocation = event.location
        if let start, start.distance(to: event.location) > slop, state == .possible {
            transition(to: .failed)
        }
        updatePress()
    }

    public override func pointerUp(_ event: PointerEvent) {
        lastLocation = event.location
        guard state == .possible, let start, start.distance(to: event.location) <= slop else {
            return
        }
        guard let view, view.point(inside: view.convert(event.location, from: nil)) else {
            transition(to: .failed)
            return
        }
        endedInTap = true
        transition(to: .ended)
    }

    public override func reset() {
        super.reset()
        start = nil
        pressTimer?.cancel()
        pressTimer = nil
        pressDelayElapsed = false
        updatePress()
    }
}

/// Fires once when `clock` (the input clock, unaffected by slow motion) reaches `deadline`,
/// unless cancelled first; ticked by the animator each frame.
@MainActor
private final class PressDelayTimer: FrameTicker {
    private let clock: any Clock
    private let deadline: Double
    private var action: (() -> Void)?

    init(clock: any Clock, deadline: Double, action: @escaping () -> Void) {
        self.clock = clock
        self.deadline = deadline
        self.action = action
    }

    func cancel() { action = nil }

    func tick(at time: Double) -> Bool {
        guard let action else { return false }
        guard clock.now >= deadline - 1e-9 else { return true }
        self.action = nil
        action()
        return false
    }
}
