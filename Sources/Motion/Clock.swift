/// The only way core code learns the time. The window passes a real clock; tests and headless replay
/// pass a `ManualClock`, so every animation replays bit for bit.
@MainActor
public protocol Clock: AnyObject {
    /// Seconds since an arbitrary origin; never goes backwards.
    var now: Double { get }
}

/// A clock that moves only when told to. Headless replay advances it exactly 1/60 s per frame.
@MainActor
public final class ManualClock: Clock {
    public private(set) var now: Double

    public init(now: Double = 0) {
        self.now = now
    }

    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "a clock never goes backwards")
        now += seconds
    }

    public func set(to time: Double) {
        precondition(time >= now, "a clock never goes backwards")
        now = time
    }
}
