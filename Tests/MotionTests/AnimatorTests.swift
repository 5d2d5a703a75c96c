import Testing

@testable import Motion

/// A bare target: one scalar property, as a view's alpha or a custom progress.
@MainActor
final class Probe: AnimationTarget {
    var model: Double
    var offset: Double = 0
    var shown: Double { model + offset }

    init(_ value: Double) { model = value }

    static let property = AnimatableProperty("x")

    var x: Double {
        get { model }
        set {
            AnimationTransaction.willChange(self, Self.property)
            model = newValue
        }
    }

    func modelComponents(for property: AnimatableProperty) -> [Double] { [model] }
    func setModelComponents(_ components: [Double], for property: AnimatableProperty) { model = components[0] }
    func setPresentationOffset(_ offset: [Double]?, for property: AnimatableProperty) {
        self.offset = offset?.first ?? 0
    }
}

/// A fresh animator on a manual clock, stepped to exact times.
@MainActor
final class AnimatorFrames {
    let clock = ManualClock()
    let animator: Animator

    init() { animator = Animator(clock: clock) }

    func step(to time: Double) {
        clock.set(to: time)
        animator.tick()
    }
}

@MainActor
@Suite struct AnimatorTests {
    let frames = AnimatorFrames()
    var animator: Animator { frames.animator }

    func step(to time: Double) { frames.step(to: time) }

    @Test func modelChangesAtOncePresentationFollowsTheCurve() {
        let probe = Probe(0)
        animator.animate(timing: CurveTiming(start: 0, duration: 1, curve: .linear), changes: { probe.x = 100 })
        #expect(probe.model == 100)
        #expect(probe.shown == 0)
        step(to: 0.25)
        #expect(abs(probe.shown - 25) < 1e-9)
        step(to: 1)
        #expect(probe.shown == 100 && probe.offset == 0)
        #expect(!animator.isAnimating)
    }

    @Test func anInterruptionNeitherJumpsNorLosesVelocity() {
        let probe = Probe(0)
        var firstFinished: Bool?
        animator.animate(
            timing: SpringTiming(start: 0, duration: 0.6, dampingRatio: 0.7), changes: { probe.x = 100 },
            completion: { firstFinished = $0 })
        step(to: 0.15)
        let before = animator.presentation(of: probe, Probe.property)[0]
        let velocityBefore = animator.velocity(of: probe, Probe.property)[0]
        #expect(velocityBefore > 100)
        animator.animate(timing: CurveTiming(start: 0.15, duration: 0.5, curve: .easeInOut), changes: { probe.x = 20 })
        #expect(firstFinished == false)  // replaced: reported at once, exactly once
        let after = animator.presentation(of: probe, Probe.property)[0]
        let velocityAfter = animator.velocity(of: probe, Probe.property)[0]
        #expect(abs(after - before) < 1e-9)
        #expect(abs(velocityAfter - velocityBefore) < 1e-6)
        step(to: 2)
        #expect(abs(probe.shown - 20) < 1e-9)
        #expect(firstFinished == false)
    }

    @Test func completionRunsOnceWithTrueWhenEverythingArrives() {
        let a = Probe(0)
        let b = Probe(0)
        var calls: [Bool] = []
        animator.animate(
            timing: CurveTiming(start: 0, duration: 0.5, curve: .easeOut),
            changes: {
                a.x = 1
                b.x = 2
            },
            completion: { calls.append($0) })
        step(to: 0.3)
        #expect(calls.isEmpty)
        step(to: 0.5)
        step(to: 0.6)
        #expect(calls == [true])
    }

    @Test func stoppingKeepsWhatIsOnScreenAndReportsFalse() {
        let probe = Probe(0)
        var finished: Bool?
        animator.animate(
            timing: CurveTiming(start: 0, duration: 1, curve: .linear), changes: { probe.x = 10 },
            completion: { finished = $0 })
        step(to: 0.5)
        animator.stopAnimations(of: probe)
        #expect(probe.model == 5 && probe.shown == 5)
        #expect(finished == false)
    }

    @Test func aDelayedAnimationHoldsItsStartValue() {
        let probe = Probe(0)
        animator.animate(timing: CurveTiming(start: 0.2, duration: 0.2, curve: .linear), changes: { probe.x = 1 })
        step(to: 0.1)
        #expect(probe.shown == 0)
        step(to: 0.3)
        #expect(abs(probe.shown - 0.5) < 1e-9)
    }

    @Test func aChangeWithNothingToAnimateStillCompletes() {
        var finished: Bool?
        animator.animate(
            timing: CurveTiming(start: 0, duration: 1, curve: .linear), changes: {}, completion: { finished = $0 })
        step(to: 0)
        #expect(finished == true)
    }

    /// A resize mid-flight: the new model stands at once, the motion in flight carries on towards
    /// it (what is on screen moves by as much as the target did), and a return to the start lands
    /// on the start moved the same way.
    @Test func retargetingKeepsTheMotionAndMovesItsStart() {
        let probe = Probe(0)
        let timing = CurveTiming(start: 0, duration: 1, curve: .linear)
        animator.animate(timing: timing, changes: { probe.x = 100 })
        step(to: 0.5)
        #expect(abs(probe.shown - 50) < 1e-9)
        animator.retarget { probe.x = 200 }
        #expect(probe.model == 200)
        #expect(abs(probe.shown - 150) < 1e-9)
        step(to: 0.75)
        #expect(abs(probe.shown - 175) < 1e-9)
        // Sent back to its start (a cancelled gesture): the start moved by the same 100.
        animator.removeAnimations(drivenBy: timing, keepingModelAt: .start)
        #expect(probe.model == 100 && probe.shown == 100)
    }

    /// Start and end moving by different amounts (a card leaving by one window height after the
    /// height changed): the motion keeps its progress along the new path.
    @Test func retargetingBothEndsKeepsTheProgressAlongTheNewPath() {
        let probe = Probe(0)
        let timing = CurveTiming(start: 0, duration: 1, curve: .linear)
        animator.animate(timing: timing, changes: { probe.x = 100 })
        step(to: 0.5)
        animator.retarget(from: { probe.x = 10 }, to: { probe.x = 210 })
        #expect(probe.model == 210)
        #expect(abs(probe.shown - 110) < 1e-9)
        step(to: 0.75)
        #expect(abs(probe.shown - 160) < 1e-9)
        animator.removeAnimations(drivenBy: timing, keepingModelAt: .start)
        #expect(probe.model == 10)
    }

    /// Without an animation in flight, a retarget is a plain change.
    @Test func retargetingWithNothingInFlightJustSets() {
        let probe = Probe(0)
        animator.retarget { probe.x = 40 }
        #expect(probe.model == 40 && probe.shown == 40)
        #expect(!animator.isAnimating)
    }
}
