import Foundation
import Testing

@testable import Motion

@Suite struct SpringAndCurveTests {
    /// Samples a unit spring released from 1 and returns its deepest excursion past the target.
    func overshoot(dampingRatio: Double, duration: Double = 0.6) -> Double {
        let omega = SpringSolution.angularFrequency(settlingIn: duration, dampingRatio: dampingRatio)
        let spring = SpringSolution(
            dampingRatio: dampingRatio, angularFrequency: omega, initialDisplacement: 1, initialVelocity: 0)
        return stride(from: 0.0, through: duration, by: 0.0005).map { -spring.position(at: $0) }.max() ?? 0
    }

    @Test func dampingSevenTenthsOvershootsByTheTextbookAmount() {
        // e^(−ζπ/√(1−ζ²)) for ζ = 0.7 is 4.6 % of the distance.
        let expected = exp(-0.7 * Double.pi / (1 - 0.49).squareRoot())
        #expect(abs(overshoot(dampingRatio: 0.7) - expected) < 0.001)
        #expect(abs(expected - 0.046) < 0.001)
    }

    @Test func criticalAndOverDampedSpringsNeverOvershoot() {
        #expect(overshoot(dampingRatio: 1) <= 0)
        #expect(overshoot(dampingRatio: 1.5) <= 0)
    }

    @Test(arguments: [0.3, 0.7, 1.0, 2.0])
    func durationSpringHasSettledWhenTheDurationEnds(dampingRatio: Double) {
        let omega = SpringSolution.angularFrequency(settlingIn: 0.6, dampingRatio: dampingRatio)
        let spring = SpringSolution(
            dampingRatio: dampingRatio, angularFrequency: omega, initialDisplacement: 1, initialVelocity: 0)
        #expect(abs(spring.position(at: 0.6)) <= 0.0011)
        // …and not long before: at half the duration it is still visibly moving or away.
        #expect(abs(spring.position(at: 0.3)) > 0.0011 || abs(spring.velocity(at: 0.3)) > 0.01)
    }

    @Test func velocityIsTheDerivativeOfPosition() {
        for zeta in [0.5, 1.0, 1.8] {
            let spring = SpringSolution(
                dampingRatio: zeta, angularFrequency: 12, initialDisplacement: 1, initialVelocity: -3)
            #expect(abs(spring.velocity(at: 0) - -3) < 1e-9)
            for t in [0.05, 0.2, 0.4] {
                let numeric = (spring.position(at: t + 1e-6) - spring.position(at: t - 1e-6)) / 2e-6
                #expect(abs(numeric - spring.velocity(at: t)) < 1e-4)
            }
        }
    }

    @Test func responseFormUsesTwoPiOverResponse() {
        let spring = SpringSolution(response: 0.5, dampingRatio: 1, initialDisplacement: 1, initialVelocity: 0)
        #expect(abs(spring.angularFrequency - 4 * Double.pi) < 1e-12)
    }

    @Test func uikitCurvesMatchTheirBeziers() {
        #expect(TimingCurve.linear.progress(at: 0.3) == 0.3)
        // Symmetric ease in-out passes through the middle and is slow at both ends.
        #expect(abs(TimingCurve.easeInOut.progress(at: 0.5) - 0.5) < 1e-6)
        #expect(TimingCurve.easeInOut.progress(at: 0.1) < 0.05)
        #expect(TimingCurve.easeIn.progress(at: 0.5) < 0.5)
        #expect(TimingCurve.easeOut.progress(at: 0.5) > 0.5)
        #expect(abs(TimingCurve.easeInOut.slope(at: 0) - 0) < 1e-6)
        #expect(TimingCurve.easeInOut.progress(at: 1) == 1)
    }
}

/// The end of an animation reached a few ulps short (a window's clock far from zero plus a
/// multiple of 1/60 s) is its end, as it is headless.
@MainActor
struct TimingToleranceTests {
    @Test func aMomentAFewULPsShortOfTheEndIsTheEnd() {
        let origin = 3.488705465
        let moment36 = origin + 36 * (1.0 / 60)
        #expect(moment36 - origin < 0.6, "the moment lands short of 0.6 s: the case this guards")
        #expect(CurveTiming(start: origin, duration: 0.6, curve: .easeInOut).isFinished(at: moment36))
        let spring = SpringTiming(start: origin, duration: 0.6, dampingRatio: 1)
        #expect(
            spring.isFinished(at: moment36)
                == SpringTiming(start: 0, duration: 0.6, dampingRatio: 1).isFinished(at: 0.6))
    }
}

/// The duration-based spring's stiffness is continuous in its damping: no jump as the damping
/// reaches 1 (it jumped 78 % between 0.99999 and 1.0), and unchanged below 0.99.
@MainActor
struct SettlingModelTests {
    @Test func theStiffnessIsContinuousUpToCriticalDamping() {
        var previous = SpringSolution.angularFrequency(settlingIn: 0.5, dampingRatio: 0.98)
        for step in 1...2000 {
            let zeta = 0.98 + Double(step) * 0.00001
            let omega = SpringSolution.angularFrequency(settlingIn: 0.5, dampingRatio: zeta)
            #expect(abs(omega / previous - 1) < 0.01, "ω jumps \(previous) → \(omega) at ζ \(zeta)")
            previous = omega
        }
        let near = SpringSolution.angularFrequency(settlingIn: 0.5, dampingRatio: 0.99999)
        let critical = SpringSolution.angularFrequency(settlingIn: 0.5, dampingRatio: 1)
        #expect(
            abs(near * near / (critical * critical) - 1) < 0.01, "stiffness \(near * near) vs \(critical * critical)")
    }

    @Test func belowPointNineNineTheEnvelopeModelStands() {
        let zeta = 0.7
        let envelope = log(1 / (1 - zeta * zeta).squareRoot() / 1e-3) / (zeta * 0.5)
        #expect(abs(SpringSolution.angularFrequency(settlingIn: 0.5, dampingRatio: zeta) - envelope) < 1e-12)
    }
}
