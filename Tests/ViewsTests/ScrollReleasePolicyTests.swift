import KitTestSupport
import Motion
import Testing

@testable import Graphics
@testable import Views

/// The release policy on its own: no view, no clock — numbers in, a resting place and a motion out.
@Suite struct ScrollReleasePolicyTests {
    let free = ScrollReleasePolicy(decelerationRate: DecayMotion.normalRate, isPagingEnabled: false)
    let paging = ScrollReleasePolicy(decelerationRate: DecayMotion.normalRate, isPagingEnabled: true)

    func axis(_ position: Double, _ velocity: Double, page: Double = 390) -> ScrollReleasePolicy.Axis {
        ScrollReleasePolicy.Axis(
            position: position, velocity: velocity, limits: 0...3900, pageSize: page, pageOrigin: 0, scrolls: true)
    }

    @Test func aFlingProjectsAsUIKitAndStopsAtTheEdge() {
        // 1000 pt/s at 0.998/ms coasts 1000/1000 × 0.998/0.002 = 499 pt.
        #expect(abs(free.naturalTarget(axis(100, 1000)) - 599) < 1e-9)
        #expect(free.naturalTarget(axis(3800, 5000)) == 3900)
        #expect(free.naturalTarget(axis(100, -5000)) == 0)
    }

    @Test func pagingMovesOnePageInTheFlingsDirectionElseToTheNearest() {
        #expect(paging.naturalTarget(axis(400, 5000)) == 780)  // never more than one page
        #expect(paging.naturalTarget(axis(700, -300)) == 390)
        #expect(paging.naturalTarget(axis(600, 0)) == 780)
        #expect(paging.naturalTarget(axis(500, 100)) == 390)
    }

    @Test func releasedPastAnEdgeItSpringsBackToTheEdge() throws {
        let motion = try #require(free.motion(axis(-60, 0), to: 0, natural: 0, at: 0))
        #expect(motion.restingPosition(at: 10) == 0)
        #expect(motion.position(at: 0) == -60)
        #expect(!motion.isDone(at: 0.1))
        #expect(motion.isDone(at: 2))
    }

    @Test func aChosenTargetLandsExactlyAndASlowReleaseDoesNotMove() throws {
        let landing = try #require(free.motion(axis(100, 1000), to: 520, natural: 599, at: 0))
        // 420 pt at 1000 pt/s stops in 0.84 s: uniform deceleration, starting at the release speed.
        #expect(abs(landing.velocity(at: 0) - 1000) < 1e-9)
        #expect(landing.restingPosition(at: 0.84) == 520)
        #expect(free.motion(axis(100, 0.5), to: 100, natural: 100, at: 0).map { _ in true } == nil)
    }
}
