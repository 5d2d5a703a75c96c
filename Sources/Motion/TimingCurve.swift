/// UIKit's animation curves as cubic Béziers from (0,0) to (1,1): progress over normalised time.
public struct TimingCurve: Equatable, Sendable {
    public var c1x: Double
    public var c1y: Double
    public var c2x: Double
    public var c2y: Double

    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = c1x
        self.c1y = c1y
        self.c2x = c2x
        self.c2y = c2y
    }

    public static let linear = TimingCurve(0, 0, 1, 1)
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)

    private func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The Bézier parameter whose x is `x`: Newton's method, with bisection when the slope is flat.
    private func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = bezier(s, c1x, c2x) - x
            if abs(error) < 1e-9 { return s }
            let d = slope(s, c1x, c2x)
            if abs(d) < 1e-6 { break }
            s -= error / d
        }
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<60 {
            let value = bezier(s, c1x, c2x)
            if abs(value - x) < 1e-9 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// Progress at normalised time `x` in 0…1.
    public func progress(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if self == .linear { return x }
        return bezier(parameter(forX: x), c1y, c2y)
    }

    /// d(progress)/d(normalised time) at `x`.
    public func slope(at x: Double) -> Double {
        if self == .linear { return 1 }
        let s = parameter(forX: min(max(x, 0), 1))
        let dx = slope(s, c1x, c2x)
        return dx == 0 ? 0 : slope(s, c1y, c2y) / dx
    }
}
