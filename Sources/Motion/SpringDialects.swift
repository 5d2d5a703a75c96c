#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One spring (mass 1, undamped angular frequency ω₀, damping ratio ζ) said in each dialect that
/// designers and engineers hand values over in. Every form below describes the same oscillator
/// x'' + c·x' + k·x = 0 with mass m = 1:
///
/// | dialect | numbers | to ω₀, ζ |
/// |---|---|---|
/// | UIKit, duration-based (`UIView.animate(withDuration:…usingSpringWithDamping:…)`) | duration d, ζ | ω₀ = `SpringSolution.angularFrequency(settlingIn: d, dampingRatio: ζ)` (the envelope settles to 0.1 % by d) |
/// | response (SwiftUI `Spring(response:dampingRatio:)`) | response T, ζ | ω₀ = 2π / T |
/// | SwiftUI `.spring(duration:bounce:)` | duration T (= response), bounce b | ω₀ = 2π / T; ζ = 1 − b for b ≥ 0, 1 / (1 + b) for b < 0 |
/// | physical (UIKit `UISpringTimingParameters(mass:stiffness:damping:…)`, SwiftUI `.interpolatingSpring`, Compose `spring(dampingRatio, stiffness)`) | stiffness k, damping c (mass 1) | ω₀ = √k; ζ = c / (2√k) |
/// | Origami (Facebook's Rebound/POP converter) | tension τ, friction f | k = (τ − 30)·3.62 + 194; c = (f − 8)·3 + 25 |
///
/// Initial velocity is in "distances per second" (UIKit's `initialSpringVelocity`, 1 = the whole
/// distance in one second); Compose and SwiftUI's `interpolatingSpring` take it in the animated
/// value's own units, so the exported code multiplies it by the distance.
public struct SpringDialects: Equatable, Sendable {
    public let angularFrequency: Double
    public let dampingRatio: Double

    public init(angularFrequency: Double, dampingRatio: Double) {
        self.angularFrequency = angularFrequency
        self.dampingRatio = dampingRatio
    }

    /// UIKit's duration-based spring, as the kit plays it.
    public init(duration: Double, dampingRatio: Double) {
        self.init(
            angularFrequency: SpringSolution.angularFrequency(
                settlingIn: max(duration, 1e-3), dampingRatio: dampingRatio),
            dampingRatio: dampingRatio)
    }

    public init(response: Double, dampingRatio: Double) {
        self.init(angularFrequency: 2 * Double.pi / response, dampingRatio: dampingRatio)
    }

    /// SwiftUI's `.spring(duration:bounce:)`.
    public init(swiftUIDuration duration: Double, bounce: Double) {
        self.init(
            angularFrequency: 2 * Double.pi / duration, dampingRatio: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }

    /// Stiffness and damping coefficient with mass 1.
    public init(stiffness: Double, damping: Double) {
        let omega = stiffness.squareRoot()
        self.init(angularFrequency: omega, dampingRatio: damping / (2 * omega))
    }

    /// Origami's tension and friction.
    public init(tension: Double, friction: Double) {
        self.init(stiffness: (tension - 30) * 3.62 + 194, damping: (friction - 8) * 3 + 25)
    }

    public var response: Double { 2 * Double.pi / angularFrequency }
    /// SwiftUI's `bounce`: 1 − ζ when under- or critically damped, 1/ζ − 1 (negative) when over.
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }
    public var stiffness: Double { angularFrequency * angularFrequency }
    /// The damping coefficient c = 2ζω₀ (mass 1).
    public var damping: Double { 2 * dampingRatio * angularFrequency }
    public var tension: Double { (stiffness - 194) / 3.62 + 30 }
    public var friction: Double { (damping - 25) / 3 + 8 }

    /// The spring released from displacement 1 with `initialVelocity` (distances per second,
    /// towards the target).
    public func solution(initialVelocity: Double = 0) -> SpringSolution {
        SpringSolution(
            dampingRatio: dampingRatio, angularFrequency: angularFrequency, initialDisplacement: 1,
            initialVelocity: -initialVelocity)
    }
}
