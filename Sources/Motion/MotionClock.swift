/// The clock animations run on: the app's clock, slowed, paused, stepped or sent back within a
/// transition by the motion lab. Everything the animator moves reads this time, so slow motion is
/// exact (a spring at 10× slower passes through the same states, 10× later) and a paused frame
/// is exactly the frame a normal run shows at that time.
///
/// Gesture velocities keep the base clock's seconds (the pointer's own timestamps), so a drag
/// follows the pointer 1:1 at any speed.
@MainActor
public final class MotionClock: Clock {
    public let base: any Clock
    /// Animation seconds per base second: 1 normal, 0.1 ten times slower.
    public private(set) var rate = 1.0
    public private(set) var isPaused = false
    private var time: Double
    private var baseAtSync: Double

    public init(base: any Clock) {
        self.base = base
        time = base.now
        baseAtSync = base.now
    }

    /// Animation time now: advances with the base clock at `rate` unless paused (or the moment
    /// `evaluate(at:_:)` stands at, while it runs).
    public var now: Double {
        if let heldAt { return heldAt }
        if let frameTime { return frameTime }
        sync()
        return time
    }

    /// The frame's moment, while one is under way: every animation added, ticked and kept in one
    /// frame sees the same time, however long the frame takes on a real clock (as headless, where
    /// the clock stands still between frames).
    private var frameTime: Double?

    /// From now until `endFrame`, `now` is this moment (moved only by the lab: a seek or a step).
    public func beginFrame() {
        sync()
        frameTime = time
    }

    public func endFrame() {
        frameTime = nil
    }

    /// Set while `evaluate(at:_:)` runs.
    private var heldAt: Double?

    /// Runs `body` with the animation clock standing at `animationTime` (earlier than now), then
    /// lets it go on from where it was: a window that drew a frame late still gets the frames it
    /// skipped evaluated at their own moments, for the motion lab's films and recordings.
    public func evaluate<Result>(at animationTime: Double, _ body: () throws -> Result) rethrows -> Result {
        sync()
        let outer = heldAt
        heldAt = animationTime
        defer { heldAt = outer }
        return try body()
    }

    private func sync() {
        let baseNow = base.now
        let elapsed = baseNow - baseAtSync
        baseAtSync = baseNow
        if !isPaused, elapsed > 0 { time += elapsed * rate }
    }

    /// Runs animations `factor` times slower (1 is normal speed; at most 100×, at least 1/10).
    public func setSlowdown(_ factor: Double) {
        sync()
        let clamped = factor.isFinite ? min(max(factor, 0.1), 100) : 1
        rate = 1 / clamped
    }

    public var slowdown: Double { 1 / rate }

    /// Pauses on the moment shown: inside a frame, the frame's own (its time ran on while the frame
    /// was handled, and a pause keyed then stood a few milliseconds later than what was drawn —
    /// the next frame moved, though paused).
    public func pause() {
        sync()
        if let frameTime { time = frameTime }
        isPaused = true
    }

    public func resume() {
        sync()
        isPaused = false
    }

    /// Moves paused time on by `seconds` (one frame: 1/60).
    public func step(by seconds: Double) {
        sync()
        time += max(seconds, 0)
        if frameTime != nil { frameTime = time }
    }

    /// Shows another moment: paused time jumps to `animationTime`, backwards too (the animator
    /// keeps a running transition's finished animations, so going back shows them again).
    public func seek(to animationTime: Double) {
        sync()
        guard animationTime.isFinite else { return }
        time = animationTime
        if frameTime != nil { frameTime = time }
    }
}

/// A stretch of animation time: where a transition's timed motion starts and how long it runs
/// (what the motion lab's scrubber maps 0…1 onto).
public struct MotionSpan: Equatable, Sendable {
    public var start: Double
    public var duration: Double

    public init(start: Double, duration: Double) {
        self.start = start
        self.duration = duration
    }

    public var end: Double { start + duration }

    /// 0 at the start, 1 at the end.
    public func progress(at time: Double) -> Double {
        duration > 0 ? min(max((time - start) / duration, 0), 1) : 1
    }
}
