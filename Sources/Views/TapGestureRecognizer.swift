import Graphics
import Platform

/// A single tap: down and up within `allowableMovement` of each other. Fails as soon as the pointer
/// travels further, so a drag that starts on a button never triggers it.
@MainActor
public final class TapGestureRecognizer: GestureRecognizer {
    /// UIKit's slop: past about 10 pt of travel a touch is a drag, not a tap.
    public var allowableMovement = 10.0
    private var start: Point?
    /// Told when the press a user sees begins and ends: down on the view, and up, a slip off it,
    /// a drag past the slop or another gesture winning (buttons highlight with it).
    public var onPressChange: ((Bool) -> Void)?
    public private(set) var isPressed = false {
        didSet { if isPressed != oldValue { onPressChange?(isPressed) } }
    }

    private func updatePress() {
        guard state == .possible, let start, let view, view.canReceiveInput else {
            isPressed = false
            return
        }
        isPressed =
            start.distance(to: lastLocation) <= allowableMovement
            && view.point(inside: view.convert(lastLocation, from: nil))
    }

    public override func stateDidChange() {
        updatePress()
    }

    public override func pointerDown(_ event: PointerEvent) {
        start = event.location
        lastLocation = event.location
        updatePress()
    }

    public override func pointerMoved(_ event: PointerEvent) {
        lastLocation = event.location
        if let start, start.distance(to: event.location) > allowableMovement, state == .possible {
            transition(to: .failed)
        }
        updatePress()
    }

    public override func pointerUp(_ event: PointerEvent) {
        lastLocation = event.location
        guard state == .possible, let start, start.distance(to: event.location) <= allowableMovement else {
            return
        }
        guard let view, view.point(inside: view.convert(event.location, from: nil)) else {
            transition(to: .failed)
            return
        }
        transition(to: .ended)
    }

    public override func reset() {
        super.reset()
        start = nil
        updatePress()
    }
}
