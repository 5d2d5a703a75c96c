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

    /// Whether a spring with "critical" damping is treated as such: floats rarely hit 1 exactly.
    private var isCritical: Bool { abs(dampingRatio - 1) < 1e-6 }

    public func position(at t: Double) -> Double {
        let x0 = initialDisplacement
        let v0 = initialVelocity
        let w0 = angularFrequency
        let zeta = dampingRatio
        if isCritical {
            return (x0 + (v0 + w0 * x0) * t) * exp(-w0 * t)
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 + zeta * w0 * x0) / wd
            return exp(-zeta * w0 * t) * (x0 * cos(wd * t) + b * sin(wd * t))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    public func velocity(at t: Double) -> Double {
        let x0 = initialDisplacement
        let v0 = initialVelocity
        let w0 = angularFrequency
        let zeta = dampingRatio
        if isCritical {
            let b = v0 + w0 * x0
            return exp(-w0 * t) * (b - w0 * (x0 + b * t))
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = x0
            let b = (v0 + zeta * w0 * x0) / wd
            let envelope = exp(-zeta * w0 * t)
            return envelope
                * ((-zeta * w0) * (a * cos(wd * t) + b * sin(wd * t)) + (-a * wd * sin(wd * t) + b * wd * cos(wd * t)))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
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
            return log(amplitude / threshold) / (zeta * d)
        }
        var low = 0.1
        var high = 10_000.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            let spring = SpringSolution(
                dampingRatio: zeta, angularFrequency: mid, initialDisplacement: 1, initialVelocity: 0)
            if abs(spring.position(at: d)) > threshold { low = mid } else { high = mid }
        }
        return high
    }
}
