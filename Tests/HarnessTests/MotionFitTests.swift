import Foundation
import Motion
import Testing

@testable import Teardown

/// Fitting measured motion: a spring and a Bézier curve are recovered from their own samples,
/// with the noise a tracker leaves, and each is told apart from the other by its error.
@Suite struct MotionFitTests {
    /// Samples of `value` at `fps` over `seconds`, with a deterministic wobble of ±`noise`.
    func samples(fps: Double, seconds: Double, noise: Double = 0, _ value: (Double) -> Double) -> [MotionSample] {
        (0..<Int(seconds * fps)).map { index in
            let time = Double(index) / fps
            let wobble = noise * sin(Double(index) * 2.399)
            return MotionSample(time: time, value: value(time) + wobble)
        }
    }

    @Test(arguments: [(0.62, 0.38, 30.0), (0.8, 0.5, 60.0), (0.45, 0.3, 60.0), (1.0, 0.4, 30.0)])
    func aSpringIsRecovered(dampingRatio: Double, response: Double, fps: Double) throws {
        let truth = SpringSolution(
            response: response, dampingRatio: dampingRatio, initialDisplacement: 1, initialVelocity: 0)
        let data = samples(fps: fps, seconds: 2, noise: 0.5) { t in
            t < 0.4 ? 100 : 700 - 600 * truth.position(at: t - 0.4)
        }
        let fit = try #require(MotionFit.spring(data))
        let expectedDuration =
            SpringSolution.angularFrequency(settlingIn: 1, dampingRatio: dampingRatio) / (2 * Double.pi / response)
        #expect(abs(fit.dampingRatio - dampingRatio) <= 0.05, "damping \(fit.dampingRatio)")
        #expect(abs(fit.duration / expectedDuration - 1) <= 0.05, "duration \(fit.duration) for \(expectedDuration)")
        #expect(abs(fit.start - 0.4) <= 0.02, "start \(fit.start)")
        #expect(fit.error < 1, "error \(fit.error)")
        let bezier = try #require(MotionFit.bezier(data))
        #expect(bezier.error > fit.error, "a spring is not a Bézier curve")
    }

    /// A panel growing to fill the screen overshoots past its edge: the video shows it only up to
    /// the edge, and those samples say only "at least this". Taken as bounds, the spring is
    /// recovered; taken as values, the overshoot the screen hid flattens it into a stiffer spring.
    @Test func samplesPastTheEdgeAreBoundsAndTheSpringIsStillRecovered() throws {
        let (dampingRatio, response) = (0.6, 0.4)
        let truth = SpringSolution(
            response: response, dampingRatio: dampingRatio, initialDisplacement: 1, initialVelocity: 0)
        let edge = 700.0
        let clamped = samples(fps: 60, seconds: 1.6) { t in
            min(edge, t < 0.3 ? 100 : 700 - 600 * truth.position(at: t - 0.3))
        }
        let bounded = clamped.map {
            MotionSample(time: $0.time, value: $0.value, bound: $0.value >= edge - 0.5 ? .atLeast : .exact)
        }
        let expectedDuration =
            SpringSolution.angularFrequency(settlingIn: 1, dampingRatio: dampingRatio) / (2 * Double.pi / response)
        let fit = try #require(MotionFit.spring(bounded))
        #expect(abs(fit.dampingRatio - dampingRatio) <= 0.05, "damping \(fit.dampingRatio)")
        #expect(abs(fit.duration / expectedDuration - 1) <= 0.05, "duration \(fit.duration) for \(expectedDuration)")
        #expect(fit.to == edge, "it comes to rest where the screen's edge is")
        let misread = try #require(MotionFit.spring(clamped))
        #expect(misread.dampingRatio > dampingRatio + 0.1, "values at the edge read as a stiffer spring")
    }

    @Test(arguments: [(TimingCurve.easeInOut, 0.5, 30.0), (TimingCurve.easeOut, 0.35, 60.0)])
    func aBezierIsRecovered(curve: TimingCurve, duration: Double, fps: Double) throws {
        let data = samples(fps: fps, seconds: 1.5, noise: 0.5) { t in
            100 + 400 * curve.progress(at: (t - 0.3) / duration)
        }
        let fit = try #require(MotionFit.bezier(data))
        #expect(abs(fit.duration / duration - 1) <= 0.05, "duration \(fit.duration)")
        #expect(abs(fit.start - 0.3) <= 0.02, "start \(fit.start)")
        #expect(fit.error < 1, "error \(fit.error)")
        let spring = try #require(MotionFit.spring(data))
        #expect(spring.error > fit.error, "a Bézier curve is not a spring")
    }

    @Test func aStillValueHasNoFit() {
        let data = samples(fps: 30, seconds: 1, noise: 0.3) { _ in 200 }
        #expect(MotionFit.spring(data) == nil)
        #expect(MotionFit.bezier(data) == nil)
    }
}
