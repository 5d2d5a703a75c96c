import Graphics

/// Estimates pointer velocity from the last ~100 ms of samples with a least-squares line, so two
/// events in the same millisecond, jitter, or coalesced events do not produce spikes, and a pause
/// before release gives (close to) zero.
public struct VelocityTracker: Sendable {
    public static let window = 0.1
    /// Beyond this a mouse fling is a glitch, not a gesture.
    public static let maximumSpeed = 8000.0

    private var samples: [(time: Double, point: Point)] = []

    public init() {}

    public mutating func reset() {
        samples.removeAll()
    }

    /// The pointer lifted at `point`. Lifting where the last move left it, right after it, adds
    /// nothing (events simply arrive a frame apart); lifting after the pointer rested there adds
    /// that rest, which is what makes a pause before release slow the fling down.
    public mutating func addRelease(_ point: Point, at time: Double) {
        if let last = samples.last, last.point == point, time - last.time < Self.restingGap { return }
        add(point, at: time)
    }

    /// Longer than about two frames without movement counts as resting.
    public static let restingGap = 0.03

    public mutating func add(_ point: Point, at time: Double) {
        if let last = samples.last, time < last.time { samples.removeAll() }
        samples.append((time, point))
        samples.removeAll { $0.time < time - Self.window * 2 }
    }

    /// Points per second over the samples within `window` of `time` (the latest sample by default).
    public func velocity(at time: Double? = nil) -> Point {
        guard let latest = samples.last else { return .zero }
        let now = time ?? latest.time
        let recent = samples.filter { $0.time >= now - Self.window && $0.time <= now + 1e-9 }
        guard recent.count >= 2 else { return .zero }
        let meanT = recent.map(\.time).reduce(0, +) / Double(recent.count)
        let meanX = recent.map(\.point.x).reduce(0, +) / Double(recent.count)
        let meanY = recent.map(\.point.y).reduce(0, +) / Double(recent.count)
        var stt = 0.0
        var stx = 0.0
        var sty = 0.0
        for sample in recent {
            let dt = sample.time - meanT
            stt += dt * dt
            stx += dt * (sample.point.x - meanX)
            sty += dt * (sample.point.y - meanY)
        }
        // All samples in one instant: no time elapsed to measure a speed over.
        guard stt > 1e-10 else { return .zero }
        let limit = Self.maximumSpeed
        return Point(x: min(max(stx / stt, -limit), limit), y: min(max(sty / stt, -limit), limit))
    }
}
