import Foundation
import Testing

@testable import Graphics
@testable import Motion

@Suite struct ScrollPhysicsTests {
    @Test func decelerationComesToRestWhereUIKitsFormulaSays() {
        let decay = DecayMotion(start: 100, velocity: 2000)
        let formula = 2000.0 / 1000 * 0.998 / (1 - 0.998)
        #expect(abs(DecayMotion.projectedDistance(velocity: 2000) - formula) < 1e-9)
        #expect(abs(decay.position(at: 10) - (100 + formula)) < 0.01)
        #expect(decay.isDone(at: 10))
        #expect(!decay.isDone(at: 0.5))
        // Stepping per millisecond, the sum of v·rⁿ matches the closed form exactly.
        var x = 100.0
        var v = 2000.0 / 1000
        for _ in 0..<500 {
            v *= 0.998
            x += v
        }
        #expect(abs(decay.position(at: 0.5) - x) < 1e-9)
    }

    @Test func fastRateStopsSooner() {
        #expect(DecayMotion.projectedDistance(velocity: 2000, rate: DecayMotion.fastRate) < 200)
        #expect(DecayMotion.projectedDistance(velocity: 2000) > 990)
    }

    @Test func aRateCanBeChosenToLandOnATarget() throws {
        let rate = try #require(DecayMotion.rate(toTravel: 300, velocity: 1200))
        #expect(abs(DecayMotion.projectedDistance(velocity: 1200, rate: rate) - 300) < 1e-9)
        #expect(DecayMotion.rate(toTravel: -300, velocity: 1200) == nil)
    }

    @Test func rubberBandFollowsThenResists() {
        let d = 844.0
        // Small pulls follow at c = 0.55; large ones approach but never reach the dimension.
        #expect(abs(RubberBand.offset(for: 10, dimension: d) - (1 - 1 / (10 * 0.55 / d + 1)) * d) < 1e-12)
        #expect(abs(RubberBand.offset(for: 10, dimension: d) - 5.5) < 0.05)
        #expect(RubberBand.offset(for: 100_000, dimension: d) < d)
        #expect(RubberBand.offset(for: -50, dimension: d) == -RubberBand.offset(for: 50, dimension: d))
        let shown = RubberBand.offset(for: 240, dimension: d)
        #expect(abs(RubberBand.distance(for: shown, dimension: d) - 240) < 1e-6)
        #expect(RubberBand.clamp(-100, to: 0...500, dimension: d) == RubberBand.offset(for: -100, dimension: d))
        #expect(RubberBand.clamp(250, to: 0...500, dimension: d) == 250)
    }

    @Test func velocityComesFromTheLastHundredMilliseconds() {
        var tracker = VelocityTracker()
        // An old fast stretch, then 100 ms at a steady 500 pt/s.
        tracker.add(Point(x: 0, y: 0), at: 0)
        tracker.add(Point(x: 300, y: 0), at: 0.05)
        for i in 0...10 {
            let t = 0.2 + Double(i) * 0.01
            tracker.add(Point(x: 300 + 500 * (t - 0.2), y: 0), at: t)
        }
        #expect(abs(tracker.velocity().x - 500) < 1e-6)
    }

    @Test func duplicateTimestampsAndJitterDoNotSpike() {
        var tracker = VelocityTracker()
        for i in 0..<10 {
            let t = Double(i) * 0.008
            let jitter = i % 2 == 0 ? 1.5 : -1.5
            tracker.add(Point(x: 1000 * t + jitter, y: 0), at: t)
            tracker.add(Point(x: 1000 * t + jitter, y: 0), at: t)  // same millisecond, coalesced
        }
        let v = tracker.velocity().x
        #expect(v > 850 && v < 1150)
    }

    @Test func aPauseBeforeReleaseMeansNoFling() {
        var tracker = VelocityTracker()
        for i in 0..<10 { tracker.add(Point(x: Double(i) * 20, y: 0), at: Double(i) * 0.016) }
        tracker.add(Point(x: 180, y: 0), at: 0.4)  // released 250 ms later, same place
        #expect(tracker.velocity().x == 0)
    }
}
