import Graphics

/// A run of wheel events close together, treated as one drag without a finger: it moves the
/// content like a finger would (rubber band included) and is released like a fling once the
/// wheel pauses, so snapping and paging apply to it too.
struct ScrollWheelBurst: Sendable {
    /// A gap this long (seconds) ends the burst.
    static let pause = 0.12

    /// Where the content would be without rubber banding (the "finger" position).
    private(set) var rawOffset: Point
    private var travel = Point.zero
    private let firstTime: Double
    private(set) var lastTime: Double

    init(rawOffset: Point, at time: Double) {
        self.rawOffset = rawOffset
        firstTime = time
        lastTime = time
    }

    /// Adds one event's content movement; returns the new raw offset.
    mutating func add(_ delta: Point, at time: Double) -> Point {
        travel = travel - delta
        events += 1
        lastTime = time
        rawOffset = rawOffset - delta
        return rawOffset
    }

    func isOver(at time: Double) -> Bool { time - lastTime > Self.pause }

    private var events = 0

    /// Events closer than this on average (seconds apart) come from a spinning wheel or a
    /// trackpad (60–120 a second), not from a hand clicking a wheel notch by notch.
    static let flingSpacing = 0.04

    /// Whether the burst is released as a fling (coasting on): a quick run of at least three
    /// events. A notch, or a few taken one by one, moves the content by its own distance and
    /// rests there, as desktop toolkits scroll a mouse wheel.
    var isFling: Bool {
        events >= 3 && (lastTime - firstTime) / Double(events - 1) < Self.flingSpacing
    }

    /// The burst's "fling": its whole travel over its duration (at least 0.1 s), so one notch
    /// nudges and a quick spin throws. Notches arrive in steps, so a per-event velocity would spike.
    var releaseVelocity: Point {
        travel * (1 / max(lastTime - firstTime, 0.1))
    }
}
