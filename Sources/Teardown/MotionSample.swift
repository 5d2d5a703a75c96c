/// One measurement of a moving property: its value at a moment (a tracked element's x in a
/// video's pixels at a frame's timestamp, in seconds).
public struct MotionSample: Equatable, Sendable {
    public var time: Double
    public var value: Double

    public init(time: Double, value: Double) {
        self.time = time
        self.value = value
    }
}
