import Testing

@testable import Motion

@MainActor
@Suite struct PropertyAnimatorTests {
    let frames = AnimatorFrames()
    var animator: Animator { frames.animator }

    func step(to time: Double) { frames.step(to: time) }

    /// A cancelled interactive transition (scrubbed, then reversed to its start) ends on exactly
    /// the value it started from, on every frame — also while its finished animations are kept
    /// for the motion lab's scrubber, which may then show any moment of the run again.
    @Test(arguments: [false, true])
    func aRunReversedToItsStartNeverShowsAnyOtherValueOnTheWayOrAtTheEnd(retained: Bool) {
        let base = ManualClock()
        let clock = MotionClock(base: base)
        let animator = Animator(clock: clock)
        animator.retainsFinishedAnimations = retained
        func step(to time: Double) {
            base.set(to: time)
            animator.tick()
        }
        let probe = Probe(0)
        let property = PropertyAnimator(duration: 1, timing: .curve(.linear), animator: animator)
        property.addAnimations { probe.x = 100 }
        property.fractionComplete = 0.2
        step(to: 0)
        var ended: AnimationPosition?
        property.addCompletion { ended = $0 }
        property.isReversed = true
        property.continueAnimation(timing: .curve(.easeInOut))
        var shown: [Double] = []
        var frame = 0
        while ended == nil && frame < 120 {
            frame += 1
            step(to: Double(frame) / 60)
            shown.append(probe.shown)
        }
        #expect(ended == .start)
        #expect(shown.allSatisfy { (0...20).contains($0) }, "\(shown.filter { !(0...20).contains($0) })")
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $1 <= $0 }, "it only ever goes back")
        #expect(probe.model == 0 && probe.shown == 0)
        step(to: Double(frame + 10) / 60)
        #expect(probe.shown == 0)
        if retained {
            // The lab sends its clock back to the middle of the run: it shows that moment again.
            let middle = shown.count / 2
            clock.seek(to: Double(middle + 1) / 60)
            animator.tick()
            #expect(abs(probe.shown - shown[middle]) < 1e-9)
        }
    }

    @Test func scrubbingIsLinearAndPausedAnimatorsHoldStill() {
        let probe = Probe(0)
        let property = PropertyAnimator(duration: 1, timing: .curve(.easeInOut), animator: animator)
        property.addAnimations { probe.x = 100 }
        property.fractionComplete = 0.3
        step(to: 0.1)
        #expect(abs(probe.shown - 30) < 1e-9)
        step(to: 5)
        #expect(abs(probe.shown - 30) < 1e-9)
        #expect(!animator.isAnimating)
    }

    /// A window that closes while a drag scrubs a transition drops its animator; the property
    /// animator it runs (held by that animator) must not keep it, and all it reaches, alive.
    @Test func aPausedPropertyAnimatorDoesNotKeepItsAnimatorAlive() {
        weak var released: Animator?
        weak var scrubber: PropertyAnimator?
        do {
            let clock = ManualClock()
            let owner = Animator(clock: clock)
            released = owner
            let property = PropertyAnimator(duration: 1, timing: .curve(.linear), animator: owner)
            scrubber = property
            let probe = Probe(0)
            property.addAnimations { probe.x = 100 }
            property.fractionComplete = 0.4
            clock.set(to: 0.1)
            owner.tick()
            #expect(abs(probe.shown - 40) < 1e-9)
        }
        #expect(released == nil, "the animator outlived its window")
        #expect(scrubber == nil)
    }

    @Test func continuingFinishesFromWhereItWas() {
        let probe = Probe(0)
        var ended: AnimationPosition?
        let property = PropertyAnimator(duration: 1, timing: .curve(.linear), animator: animator)
        property.addAnimations { probe.x = 100 }
        property.addCompletion { ended = $0 }
        property.fractionComplete = 0.6
        step(to: 1)
        property.continueAnimation(timing: .curve(.linear))
        #expect(abs(probe.shown - 60) < 1e-9)
        step(to: 1.2)  // 0.4 of the distance left takes 0.4 s
        #expect(abs(probe.shown - 80) < 1e-9)
        step(to: 1.4)
        step(to: 1.45)
        #expect(probe.shown == 100 && ended == .end)
    }

    @Test func reversingReturnsTheModelToItsStart() {
        let probe = Probe(0)
        var ended: AnimationPosition?
        let property = PropertyAnimator(duration: 1, timing: .curve(.linear), animator: animator)
        property.addAnimations { probe.x = 100 }
        property.addCompletion { ended = $0 }
        property.fractionComplete = 0.2
        property.isReversed = true
        property.continueAnimation(timing: .curve(.easeInOut))
        step(to: 0.1)
        #expect(probe.shown < 20 && probe.shown > 0)
        step(to: 0.2)
        step(to: 0.25)
        #expect(probe.model == 0 && probe.shown == 0)
        #expect(ended == .start)
    }

    @Test func aSpringContinuationCarriesTheGesturesVelocity() {
        let probe = Probe(0)
        let property = PropertyAnimator(duration: 0.5, timing: .curve(.linear), animator: animator)
        property.addAnimations { probe.x = 100 }
        property.fractionComplete = 0.5
        step(to: 1)
        property.continueAnimation(timing: .spring(dampingRatio: 1, initialVelocity: 2))
        // 2 fractions per second of the whole distance = 200 units/s at the handover.
        #expect(abs(property.velocity(at: 1) * 100 - 200) < 1e-6)
        step(to: 2)
        step(to: 2.1)
        #expect(probe.shown == 100)
    }

    @Test func stoppingKeepsTheCurrentValues() {
        let probe = Probe(0)
        var ended: AnimationPosition?
        let property = PropertyAnimator(duration: 1, timing: .curve(.linear), animator: animator)
        property.addAnimations { probe.x = 100 }
        property.addCompletion { ended = $0 }
        property.startAnimation()
        step(to: 0.25)
        property.stopAnimation()
        #expect(probe.model == 25 && probe.shown == 25 && ended == .current)
    }
}
