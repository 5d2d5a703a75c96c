/// One measurement of a moving property: its value at a moment (a tracked element's x in a
/// video's pixels at a frame's timestamp, in seconds).
public struct MotionSample: Equatable, Sendable {
    public var time: Double
    public var value: Double
    /// What the value says: the value itself, or only a bound on it — an element reaching past
    /// the frame's edge shows only up to the edge (a panel overshooting the screen it fills is at
    /// least as wide as the screen, its left at most at 0).
    public var bound: Bound

    /// How a sample's value holds the true one.
    public enum Bound: Equatable, Sendable {
        case exact
        /// The true value is this one or more.
        case atLeast
        /// The true value is this one or less.
        case atMost
    }

    public init(time: Double, value: Double, bound: Bound = .exact) {
        self.time = time
        self.value = value
        self.bound = bound
    }

    /// How far `model` misses it: for a bound, only on the wrong side of it.
    func miss(_ model: Double) -> Double {
        switch bound {
        case .exact: model - value
        case .atLeast: min(0, model - value)
        case .atMost: max(0, model - value)
        }
    }
}
