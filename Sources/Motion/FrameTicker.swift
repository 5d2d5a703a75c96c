/// A simulation stepped every frame (scroll deceleration, rubber band); `tick` returns false when it is done.
@MainActor
public protocol FrameTicker: AnyObject {
    func tick(at time: Double) -> Bool
}
