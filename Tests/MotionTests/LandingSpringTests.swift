import Foundation
import Testing

@testable import Motion

/// UIKit's duration-based spring lands by its duration: the model's last 0.1 % (a point over a
/// screen's height) is spent along the way, never as a jump on the last frame.
@MainActor
@Suite struct LandingSpringTests {
    /// Frames of a 780 pt slide (a sheet rising from below a phone's screen) on the spring,
    /// one every 1/60 s, in points from the target.
    func slide(dampingRatio: Double, duration: Double = 0.6, distance: Double = 780) -> [Double] {
        let timing = SpringTiming(start: 0, duration: duration, dampingRatio: dampingRatio)
        return (0...Int((duration * 60).rounded()) + 2).map { frame in
            distance * (1 - timing.progress(at: Double(frame) / 60))
        }
    }

    @Test(arguments: [0.3, 0.7, 1.0])
    func theLastFrameMovesNoMoreThanTheOnesBeforeIt(dampingRatio: Double) {
        let frames = slide(dampingRatio: dampingRatio)
        let steps = zip(frames, frames.dropFirst()).map { abs($1 - $0) }
        let landing = steps[35]  // from 35/60 to 36/60 = 0.6 s, where it arrives
        #expect(frames[36] == 0 && frames.last == 0)
        // Before: the plain model stopped 0.1 % short (0.8 pt here) and snapped home.
        #expect(landing <= max(steps[34], 0.25), "last step \(landing) pt after \(steps[34]) pt")
    }

    @Test func theRemainderIsSpentLateAndSmall() {
        let omega = SpringSolution.angularFrequency(settlingIn: 0.6, dampingRatio: 0.7)
        let plain = SpringSolution(
            dampingRatio: 0.7, angularFrequency: omega, initialDisplacement: 1, initialVelocity: 0)
        let landing = LandingSpring(spring: plain, duration: 0.6)
        #expect(abs(landing.remainder) > 0 && abs(landing.remainder) <= LandingSpring.arrivalTolerance)
        // The motion is the model's, to within the remainder, and unchanged at the start.
        for t in stride(from: 0.0, to: 0.6, by: 0.01) {
            #expect(abs(landing.position(at: t) - plain.position(at: t)) <= abs(landing.remainder) + 1e-12)
        }
        #expect(abs(landing.position(at: 0.1) - plain.position(at: 0.1)) < 1e-5)
        #expect(landing.position(at: 0.6) == 0 && landing.isFinished(at: 0.6))
    }

    @Test func aStrongFlingStillRunsUntilItSettles() {
        // Thrown at 400 distances a second, it cannot be home by the duration: it keeps going.
        let timing = SpringTiming(start: 0, duration: 0.3, dampingRatio: 0.5, initialVelocity: 400)
        #expect(!timing.landing.landsByDuration)
        #expect(!timing.isFinished(at: 0.3))
        #expect(timing.isFinished(at: 0.9))
    }
}
