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
        lastTime = time
        rawOffset = rawOffset - delta
        return rawOffset
    }

    func isOver(at time: Double) -> Bool { time - lastTime > Self.pause }

    /// The burst's "fling": its whole travel over its duration (at least 0.1 s), so one notch
    /// nudges and a quick spin throws. Notches arrive in steps, so a per-event velocity would spike.
    var releaseVelocity: Point {
        travel * (1 / max(lastTime - firstTime, 0.1))
    }
}
