import Graphics
import Motion
import Platform
import Views

/// Drives a window frame by frame at 60 Hz on a manual clock, as the host does.
@MainActor
public final class FrameDriver {
    public let clock = ManualClock()
    public let window: Window
    public private(set) var frame = 0

    /// The motion lab's clock between the frames and the animations, when asked for.
    public let motionClock: MotionClock?

    /// A window on the driver's clock; with `slowdown`, animations run on a motion-lab clock that
    /// many times slower (input keeps the driver's real time, as in the app).
    public init(slowdown: Double? = nil) {
        if let slowdown {
            let motion = MotionClock(base: clock)
            motion.setSlowdown(slowdown)
            motionClock = motion
            window = Window(size: Size(width: 390, height: 844), animator: Animator(clock: motion, inputClock: clock))
        } else {
            motionClock = nil
            window = Window(size: Size(width: 390, height: 844), animator: Animator(clock: clock))
        }
    }

    /// The window's animator, on this driver's clock.
    public var animator: Animator { window.animator }

    public var time: Double { Double(frame) / 60 }

    /// Advances one frame, delivering `events` at this frame's time first.
    public func step(_ events: [PointerEvent] = []) {
        frame += 1
        clock.set(to: time)
        for event in events { window.send(event) }
        window.animator.tick()
        window.layoutIfNeeded()
    }

    public func run(seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) { step() }
    }

    /// A straight drag at constant speed, one move per frame, released on the last frame.
    public func drag(from start: Point, to end: Point, frames: Int, pauseBeforeRelease: Int = 0) {
        step([PointerEvent(phase: .down, location: start, time: time + 1.0 / 60)])
        for i in 1...frames {
            let t = Double(i) / Double(frames)
            step([PointerEvent(phase: .move, location: start + (end - start) * t, time: time + 1.0 / 60)])
        }
        for _ in 0..<pauseBeforeRelease { step() }
        step([PointerEvent(phase: .up, location: end, time: time + 1.0 / 60)])
    }
}
