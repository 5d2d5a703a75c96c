import Testing

@testable import Motion

/// The animator tells an observer of each animation as it starts, and keeps no record of its own;
/// input lives on a clock of its own when one is given.
@MainActor
@Suite struct AnimatorObserverTests {
    final class Watcher: AnimatorObserver {
        var started: [AnimationRecord] = []
        func animator(_ animator: Animator, didStart animation: AnimationRecord) { started.append(animation) }
    }

    @Test func anObserverHearsOfEachAnimationAsItStarts() {
        let frames = AnimatorFrames()
        let watcher = Watcher()
        frames.animator.observer = watcher
        let probe = Probe(0)
        frames.step(to: 0.5)
        frames.animator.animate(timing: CurveTiming(start: 0.5, duration: 1, curve: .easeIn), changes: { probe.x = 10 })
        frames.animator.animate(
            timing: SpringTiming(start: 0.5, duration: 0.6, dampingRatio: 0.7), changes: { probe.x = 20 })
        #expect(watcher.started.count == 2)
        #expect(watcher.started.map(\.property) == [Probe.property, Probe.property])
        #expect(watcher.started.allSatisfy { $0.addedAt == 0.5 && $0.targetName == "Probe" })
        #expect(watcher.started.last?.timing is SpringTiming)
    }

    @Test func inputKeepsItsOwnClockWhenGivenOne() {
        let base = ManualClock()
        let slowed = MotionClock(base: base)
        #expect(Animator(clock: slowed, inputClock: base).inputClock === base)
        #expect(Animator(clock: base).inputClock === base)
    }
}
