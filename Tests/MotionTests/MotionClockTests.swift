import Testing

@testable import Motion

/// The motion lab's clock and the animator's retention of finished animations.
@MainActor
@Suite struct MotionClockTests {
    @Test func slowPauseStepAndSeek() {
        let base = ManualClock()
        let clock = MotionClock(base: base)
        base.set(to: 1)
        #expect(clock.now == 1)
        clock.setSlowdown(10)
        base.set(to: 2)
        #expect(abs(clock.now - 1.1) < 1e-12)
        clock.pause()
        base.set(to: 5)
        #expect(abs(clock.now - 1.1) < 1e-12)
        clock.step(by: 1.0 / 60)
        #expect(abs(clock.now - (1.1 + 1.0 / 60)) < 1e-12)
        clock.seek(to: 0.5)
        #expect(clock.now == 0.5)
        clock.resume()
        clock.setSlowdown(1)
        base.set(to: 6)
        #expect(abs(clock.now - 1.5) < 1e-12)
        clock.setSlowdown(.nan)
        #expect(clock.slowdown == 1)
    }

    /// With retention on, an animation that finished early comes back when the clock goes back
    /// (a scrubbed transition shows it again); its completion runs once; switching retention off
    /// drops it. Without retention, going back shows the final value.
    @Test func finishedAnimationsAreKeptWhileRetainedSoGoingBackShowsThem() {
        let base = ManualClock()
        let clock = MotionClock(base: base)
        let animator = Animator(clock: clock)
        animator.retainsFinishedAnimations = true
        let short = Probe(0)
        let long = Probe(0)
        var completions = 0
        animator.animate(
            timing: CurveTiming(start: 0, duration: 0.2, curve: .linear), changes: { short.x = 100 },
            completion: { _ in completions += 1 })
        animator.animate(timing: CurveTiming(start: 0, duration: 0.6, curve: .linear), changes: { long.x = 100 })
        base.set(to: 0.5)
        animator.tick()
        #expect(short.shown == 100 && completions == 1)
        #expect(animator.isAnimating)
        clock.pause()
        clock.seek(to: 0.1)
        animator.tick()
        #expect(abs(short.shown - 50) < 1e-9)
        #expect(abs(long.shown - 100.0 / 6) < 1e-9)
        #expect(!animator.isAnimating(short, Probe.property))
        clock.seek(to: 0.5)
        animator.tick()
        #expect(short.shown == 100 && completions == 1)
        animator.retainsFinishedAnimations = false
        clock.seek(to: 0.1)
        animator.tick()
        #expect(short.shown == 100, "dropped once retention ends")

        let other = Probe(0)
        let plain = Animator(clock: clock)
        clock.seek(to: 1)
        plain.animate(timing: CurveTiming(start: 1, duration: 0.2, curve: .linear), changes: { other.x = 100 })
        clock.seek(to: 1.5)
        plain.tick()
        clock.seek(to: 1.1)
        plain.tick()
        #expect(other.shown == 100)
    }

    /// Space pressed while a frame is handled pauses on that frame's moment: the frames after it
    /// show exactly what it showed, however long the frame took on the real clock.
    @Test func pausingInsideAFrameHoldsThatFramesMoment() {
        let base = ManualClock()
        base.set(to: 10)
        let clock = MotionClock(base: base)
        clock.setSlowdown(10)
        clock.beginFrame()
        let shown = clock.now
        base.set(to: 10.05)
        clock.pause()
        clock.endFrame()
        base.set(to: 11)
        clock.beginFrame()
        #expect(clock.now == shown)
        clock.endFrame()
    }
}
