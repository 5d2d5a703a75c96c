import CSDL2
import Foundation
import Graphics
import Platform

/// Fingers on a touch screen: SDL's finger events (normalised to the window) as the kit's touches
/// in points. SDL also makes mouse events from each touch (`SDL_TOUCH_MOUSEID`): those are left
/// out, so nothing counts twice. With `TEARDOWNS_TOUCH_FROM_MOUSE=1` SDL makes touches from the
/// mouse instead (`SDL_HINT_MOUSE_TOUCH_EVENTS`), and the mouse's own presses and drags are left
/// out: the real-window test drives the touch path with xdotool.
extension SDLBackend {
    /// SDL's id of mouse events it made from touches (`SDL_TOUCH_MOUSEID`, a cast macro Swift
    /// does not import).
    static let touchMouseID = UInt32.max

    /// Whether SDL turns the mouse into touches for this run.
    static var touchesFromMouse: Bool {
        ProcessInfo.processInfo.environment["TEARDOWNS_TOUCH_FROM_MOUSE"] == "1"
    }

    /// A mouse event a touch already reports (or, touches made from the mouse, the mouse's own).
    func isFromTouch(_ which: UInt32) -> Bool {
        which == Self.touchMouseID || Self.touchesFromMouse
    }

    func finger(_ finger: SDL_TouchFingerEvent, type: SDL_EventType, time: Double) -> InputEvent? {
        let id = Int(truncatingIfNeeded: finger.fingerId)
        let location = Point(x: Double(finger.x) * pointSize.width, y: Double(finger.y) * pointSize.height)
        let phase: TouchEvent.Phase
        switch type {
        case SDL_FINGERDOWN:
            fingersDown.insert(id)
            phase = .down
        case SDL_FINGERUP:
            guard fingersDown.remove(id) != nil else { return nil }
            phase = .up
        default:
            guard fingersDown.contains(id) else { return nil }
            phase = .move
        }
        return .touch(TouchEvent(phase: phase, id: id, location: location, time: time))
    }

    /// The window lost the focus with fingers down (the system took the touch): a cancel, so
    /// whatever they drove ends as cancelled rather than waiting for lifts that never come.
    func cancelFingers(time: Double) -> InputEvent? {
        guard let id = fingersDown.first else { return nil }
        fingersDown.removeAll()
        return .touch(TouchEvent(phase: .cancel, id: id, location: lastPointerLocation, time: time))
    }
}
