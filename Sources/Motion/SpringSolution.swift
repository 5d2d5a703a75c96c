#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A damped harmonic oscillator in closed form (mass 1): the displacement from the target over
/// time, for under-damped (ζ < 1), critically damped (ζ = 1) and over-damped (ζ > 1) springs.
/// Pure: `position(t)`, `velocity(t)`, `isDone(t)`, so tests can check it at any instant.
public struct SpringSolution: Equatable, Sendable {
    public let dampingRatio: Double
    /// Undamped angular frequency ω₀ = √stiffness.
    public let angularFrequency: Double
    public let initialDisplacement: Double
    public let initialVelocity: Double

    public init(dampingRatio: Double, angularFrequency: Double, initialDisplacement: Double, initialVelocity: Double) {
        self.dampingRatio = max(dampingRatio, 0.001)
        self.angularFrequency = angularFrequency
        self.initialDisplacement = initialDisplacement
        self.initialVelocity = initialVelocity
    }

    /// The response-based form (SwiftUI, UISpringTimingParameters): k = (2π/T)², c = 4πζ/T.
    public init(response: Double, dampingRatio: Double, initialDisplacement: Double, initialVelocity: Double) {
        self.init(
            dampingRatio: dampingRatio, angularFrequency: 2 * Double.pi / response,
            initialDisplacement: initialDisplacement, initialVelocity: initialVelocity)
    }

    /// The closed form's coefficients, worked out once for the three damping regimes.
    private enum Form: Equatable, Sendable {
        /// (x₀ + b·t)·e^(−ω₀t)
        case critical(b: Double)
        /// e^(−ζω₀t)·(x₀·cos ω_d t + b·sin ω_d t)
        case under(dampedFrequency: Double, b: Double)
        /// c₁·e^(r₁t) + c₂·e^(r₂t)
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    private var form: Form {
        let x0 = initialDisplacement
        let v0 = initialVelocity
        let w0 = angularFrequency
        let zeta = dampingRatio
        // Floats rarely hit 1 exactly; treat near-critical as critical.
        if abs(zeta - 1) < 1e-6 { return .critical(b: v0 + w0 * x0) }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return .under(dampedFrequency: wd, b: (v0 + zeta * w0 * x0) / wd)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root)
        let r2 = -w0 * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        return .over(r1: r1, r2: r2, c1: x0 - c2, c2: c2)
    }

    public func position(at t: Double) -> Double {
        let x0 = initialDisplacement
        switch form {
        case .critical(let b):
            return (x0 + b * t) * exp(-angularFrequency * t)
        case .under(let wd, let b):
            return exp(-dampingRatio * angularFrequency * t) * (x0 * cos(wd * t) + b * sin(wd * t))
        case .over(let r1, let r2, let c1, let c2):
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    public func velocity(at t: Double) -> Double {
        let x0 = initialDisplacement
        let w0 = angularFrequency
        switch form {
        case .critical(let b):
            return exp(-w0 * t) * (b - w0 * (x0 + b * t))
        case .under(let wd, let b):
            let decay = dampingRatio * w0
            let (sine, cosine) = (sin(wd * t), cos(wd * t))
            return exp(-decay * t) * (-decay * (x0 * cosine + b * sine) + wd * (b * cosine - x0 * sine))
        case .over(let r1, let r2, let c1, let c2):
            return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        }
    }

    /// At rest: within `tolerance` of the target and nearly still.
    public func isDone(at t: Double, tolerance: Double = 1e-3) -> Bool {
        abs(position(at: t)) < tolerance && abs(velocity(at: t)) < tolerance * 10
    }

    /// The ω₀ for which a spring released from displacement 1 at rest has settled to 0.1 % by
    /// `duration` — UIKit's duration-based spring. Under-damped: the envelope e^(−ζω₀t) reaches
    /// 0.001; critically and over-damped: the displacement itself does (found by bisection).
    public static func angularFrequency(settlingIn duration: Double, dampingRatio: Double) -> Double {
        let zeta = max(dampingRatio, 0.001)
        let d = max(duration, 1e-3)
        let threshold = 1e-3
        if zeta < 1 - 1e-6 {
            // x(t) = A·e^(−ζω₀t)·cos(ω_d t − φ) with amplitude A = 1/√(1−ζ²) for a release from rest.
            let amplitude = 1 / (1 - zeta * zeta).squareRoot()
            let envelope = log(amplitude / threshold) / (zeta * d)
            // The envelope's amplitude grows without bound as ζ nears 1, where the spring hardly
            // swings: there the envelope overstates it, and the stiffness jumped 78 % between
            // 0.99999 and 1. Past 0.99 the model runs straight from the envelope's frequency at
            // 0.99 to the critical spring's at 1: continuous, and unchanged below 0.99.
            let edge = 0.99
            guard zeta > edge else { return envelope }
            let atEdge = log(1 / (1 - edge * edge).squareRoot() / threshold) / (edge * d)
            let critical = settlingFrequency(dampingRatio: 1, duration: d, threshold: threshold)
            return atEdge + (zeta - edge) / (1 - edge) * (critical - atEdge)
        }
        return settlingFrequency(dampingRatio: zeta, duration: d, threshold: threshold)
    }

    /// The smallest ω₀ for which a spring released from rest stays within `threshold` of its
    /// target from `duration` on. x(t) is a function of ω₀t alone, so that bound only falls as ω₀
    /// grows: halving finds it.
    private static func settlingFrequency(dampingRatio zeta: Double, duration d: Double, threshold: Double) -> Double {
        var low = 0.1
        var high = 10_000.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if largestSwing(dampingRatio: zeta, angularFrequency: mid, after: d) > threshold {
                low = mid
            } else {
                high = mid
            }
        }
        return high
    }

    /// The largest |x(t)| for t ≥ `time`, released from rest at 1: at `time`, or at the first
    /// turning point after it (an underdamped spring turns at t = nπ/ω_d, each turn smaller than
    /// the one before); a damped one only falls.
    private static func largestSwing(dampingRatio zeta: Double, angularFrequency omega: Double, after time: Double)
        -> Double
    {
        let spring = SpringSolution(
            dampingRatio: zeta, angularFrequency: omega, initialDisplacement: 1, initialVelocity: 0)
        var largest = abs(spring.position(at: time))
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let turn = (time * damped / .pi).rounded(.up) * .pi / damped
            if turn.isFinite, turn >= time { largest = max(largest, abs(spring.position(at: turn))) }
        }
        return largest
    }
}
