import Motion

/// The animations the scene's animator started, as the motion lab (a transition's curves) and
/// the inspector (a view's running animations) read them. It keeps those still running, and,
/// while the animator retains finished ones for a scrubbed transition, those too.
@MainActor
package final class AnimationLog: AnimatorObserver {
    package private(set) var records: [AnimationRecord] = []

    package init() {}

    package func animator(_ animator: Animator, didStart animation: AnimationRecord) {
        records.append(animation)
    }

    /// The animations started at or after `time`, in the order they started.
    package func records(addedSince time: Double) -> [AnimationRecord] {
        records.filter { $0.addedAt >= time }
    }

    /// Lets go of the animations finished by `now`, unless the animator still retains finished
    /// ones (the lab keeps a running transition's, to scrub back to them).
    package func forgetFinished(at now: Double, retaining: Bool) {
        guard !retaining else { return }
        records.removeAll { $0.timing.isFinished(at: now) }
    }
}
