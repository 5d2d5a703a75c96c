/// Retargeting: new model values for properties already in flight, the motion carrying on
/// towards them (a window resized under a running transition).
extension Animator {
    /// Gives what `changes` sets new model values without a new animation, keeping every
    /// animation in flight on those properties: each keeps its offset, and its start moves by the
    /// same amount as the model. The motion carries on towards the new values, and one sent back
    /// to its start (a cancelled gesture) lands on the new layout's start. A transition that must
    /// follow a window resized under it uses this (UIKit's `viewWillTransition(to:with:)`).
    public func retarget(_ changes: () -> Void) {
        apply(retargeting: AnimationTransaction.recording(changes))
    }

    /// `retarget(from:to:)` on the animator that owns what `end` sets.
    public static func retarget(from start: () -> Void, to end: () -> Void) {
        var owner: Animator?
        let probe = AnimationTransaction.recording(end)
        owner = probe.changes.lazy.compactMap({ $0.target.runningAnimator }).first
        for change in probe.changes.reversed() { change.target.setModelComponents(change.before, for: change.property) }
        guard let owner else {
            end()
            return
        }
        owner.retarget(from: start, to: end)
    }

    /// `retarget(_:)` on the animator that owns what `changes` sets (nothing more to do when
    /// none of it is in a window: the new values simply stand).
    public static func retarget(_ changes: () -> Void) {
        let transaction = AnimationTransaction.recording(changes)
        transaction.changes.lazy.compactMap({ $0.target.runningAnimator }).first?.apply(retargeting: transaction)
    }

    /// Remaps the animation in flight on each property `end` sets so it runs from the value
    /// `start` sets to the value `end` sets, at the progress it has reached: for a layout whose
    /// start and end move by different amounts (a card leaving by one window height, the height
    /// having changed). What is on screen moves to the same point of the new path; a return to
    /// the start lands on the new start. A property with several animations stacked on it moves
    /// them all by the end's change instead, as `retarget(_:)`.
    public func retarget(from start: () -> Void, to end: () -> Void) {
        let starting = AnimationTransaction.recording(start)
        var starts: [AnimationKey: [Double]] = [:]
        for change in starting.changes {
            starts[AnimationKey(target: change.target, property: change.property)] =
                change.target.modelComponents(for: change.property)
        }
        // Back to the models as they were, so `end` is measured from them.
        for change in starting.changes.reversed() {
            change.target.setModelComponents(change.before, for: change.property)
        }
        let ending = AnimationTransaction.recording(end)
        for change in ending.changes {
            let key = AnimationKey(target: change.target, property: change.property)
            guard let track = tracks[key] else { continue }
            let after = change.target.modelComponents(for: change.property)
            let live = track.animations.indices.filter { !track.animations[$0].hasFinished }
            if live.count == 1, let index = live.first, let newStart = starts[key], newStart.count == after.count,
                track.animations[index].from.count == after.count
            {
                track.animations[index].from = newStart
                track.animations[index].delta = zip(newStart, after).map { $0 - $1 }
            } else {
                for index in track.animations.indices where track.animations[index].from.count == after.count {
                    for i in after.indices { track.animations[index].from[i] += after[i] - change.before[i] }
                }
            }
            refreshPresentation(of: change.target, change.property)
        }
    }

    func apply(retargeting transaction: AnimationTransaction) {
        for change in transaction.changes {
            guard let track = tracks[AnimationKey(target: change.target, property: change.property)] else { continue }
            let after = change.target.modelComponents(for: change.property)
            guard after.count == change.before.count else { continue }
            for index in track.animations.indices where track.animations[index].from.count == after.count {
                for i in after.indices { track.animations[index].from[i] += after[i] - change.before[i] }
            }
            refreshPresentation(of: change.target, change.property)
        }
    }
}
