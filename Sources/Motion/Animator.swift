/// Runs every property animation and frame-driven simulation against one clock.
///
/// Animations are additive, as Core Animation's since iOS 8: changing a property inside
/// `animate` sets its model at once and adds an offset (from − to) that shrinks to zero along the
/// timing. A second animation on a property in flight adds its own offset while the first keeps
/// running, so what is on screen never jumps and keeps its velocity. Each frame `tick` writes
/// model + Σ offsets into the targets' presentation.
@MainActor
public final class Animator {
    public let clock: any Clock
    /// Read by the retargeting extension (`Animator+Retarget`); changed only here.
    private(set) var tracks: [AnimationKey: Track] = [:]
    private var trackOrder: [AnimationKey] = []
    private var tickers: [any FrameTicker] = []
    private var followers: [any FrameTicker] = []
    private var pendingCompletions: [AnimationGroup] = []
    private var afterTickActions: [() -> Void] = []
    /// Set while a driven transition builds its animations (see `driven(by:duration:_:)`).
    var scope: TimingScope?
    /// While true, finished animations stay (contributing nothing) instead of being dropped, so a
    /// clock sent back in time shows them again: the motion lab keeps a running transition's
    /// animations this way until it ends. Switching it off drops them.
    public var retainsFinishedAnimations = false {
        didSet { if !retainsFinishedAnimations && oldValue { dropFinishedAnimations() } }
    }
    /// Frame tickers (simulations that integrate) only ever move forwards in time.
    private var lastTickerTime = -Double.infinity
    private var lastTickerInputTime = -Double.infinity

    /// Told of every animation as it starts (the motion lab graphs them, the inspector lists a
    /// view's): the animator keeps no record of its own.
    public weak var observer: (any AnimatorObserver)?

    /// `inputClock` is the clock input lives on, when animations run on another: the app's own,
    /// never slowed or paused by the motion lab (a press delay or a double-click window is the
    /// user's time, not the animation's).
    public init(clock: any Clock, inputClock: (any Clock)? = nil) {
        self.clock = clock
        self.inputClock = inputClock ?? clock
    }

    /// The clock input lives on (see `init`).
    public let inputClock: any Clock

    final class Track {
        let target: any AnimationTarget
        let property: AnimatableProperty
        var animations: [Animation] = []

        init(target: any AnimationTarget, property: AnimatableProperty) {
            self.target = target
            self.property = property
        }
    }

    struct Animation {
        /// Where it started; moved by `retarget` when the layout it runs in changes.
        var from: [Double]
        /// From − to; remapped by `retarget(from:to:)`.
        var delta: [Double]
        let timing: any AnimationTiming
        /// Nil once its group has completed (replaced animations keep running as residue).
        var group: AnimationGroup?
        /// The clock's time when it was added.
        let addedAt: Double
        /// Set once it has finished (its completion bookkeeping done), while it is retained.
        var hasFinished = false
        /// Set when it finished at its start (a reversed or cancelled run) and the model went back
        /// to `from`. The offset is then measured from `from`, not from the model it was added
        /// over: kept for the motion lab, it must add nothing at progress 0, or the frame it ends
        /// on would show the model moved back plus the whole way again.
        var modelRestoredToStart = false

        /// What it adds to the model at `progress` (0 = its start, 1 = its end).
        func offset(at progress: Double, component index: Int) -> Double {
            modelRestoredToStart ? -delta[index] * progress : delta[index] * (1 - progress)
        }
    }

    // MARK: Starting

    /// Runs `changes`, then animates every animatable property they changed from what was on
    /// screen to its new model value along `timing`. `completion` runs once: true when all of them
    /// finished, false as soon as one is replaced by a newer animation or stopped.
    public func animate(
        timing: any AnimationTiming, changes: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        commit(AnimationTransaction.recording(changes), timing: timing, completion: completion)
    }

    /// Runs `changes`, then animates them on the animator that owns what they changed (the window
    /// of the first changed view: each window has its own), with the timing `timing` makes for it.
    /// When nothing changed belongs to a window the changes simply stand and `completion` runs at
    /// once with true, as UIKit does for views that are not on screen.
    public static func animate(
        timing: (Animator) -> any AnimationTiming, changes: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let transaction = AnimationTransaction.recording(changes)
        guard let animator = transaction.changes.lazy.compactMap({ $0.target.runningAnimator }).first else {
            completion?(true)
            return
        }
        animator.commit(transaction, timing: timing(animator), completion: completion)
    }

    /// Animates what a recorded transaction changed along `timing`.
    func commit(_ transaction: AnimationTransaction, timing: any AnimationTiming, completion: ((Bool) -> Void)?) {
        let group = AnimationGroup(completion: completion)
        for change in transaction.changes {
            let after = change.target.modelComponents(for: change.property)
            guard after != change.before, after.count == change.before.count else { continue }
            add(
                target: change.target, property: change.property, from: change.before, to: after, timing: timing,
                group: group)
        }
        if group.liveAnimations == 0 { pendingCompletions.append(group) }
        // Show the start values at once, so this frame's hit testing and drawing see no jump.
        for change in transaction.changes { refreshPresentation(of: change.target, change.property) }
    }

    /// Writes one property's current offset to its target without running a whole tick.
    func refreshPresentation(of target: any AnimationTarget, _ property: AnimatableProperty) {
        guard let track = tracks[AnimationKey(target: target, property: property)] else { return }
        target.setPresentationOffset(offset(of: track, at: clock.now), for: property)
    }

    /// Adds one animation directly (property animators and tests use it).
    func add(
        target: any AnimationTarget, property: AnimatableProperty, from: [Double], to: [Double],
        timing: any AnimationTiming, group: AnimationGroup?
    ) {
        let key = AnimationKey(target: target, property: property)
        let track: Track
        if let existing = tracks[key] {
            track = existing
            // The animations already running on this property are replaced: their completions
            // report false now, their offsets keep running so nothing jumps.
            for index in track.animations.indices {
                if let old = track.animations[index].group, old !== group {
                    old.interrupt()
                    track.animations[index].group = nil
                }
            }
        } else {
            track = Track(target: target, property: property)
            tracks[key] = track
            trackOrder.append(key)
        }
        let delta = zip(from, to).map { $0 - $1 }
        track.animations.append(
            Animation(from: from, delta: delta, timing: timing, group: group, addedAt: clock.now))
        group?.liveAnimations += 1
        observer?.animator(
            self,
            didStart: AnimationRecord(
                targetName: target.animationName, property: property, timing: timing, addedAt: clock.now))
    }

    // MARK: Reading

    /// What is on screen for a property now: model + the offsets of its animations.
    public func presentation(of target: any AnimationTarget, _ property: AnimatableProperty) -> [Double] {
        let model = target.modelComponents(for: property)
        guard let track = tracks[AnimationKey(target: target, property: property)] else { return model }
        return zip(model, offset(of: track, at: clock.now)).map { $0 + $1 }
    }

    /// The property's on-screen velocity (units per second), the sum over its animations.
    public func velocity(of target: any AnimationTarget, _ property: AnimatableProperty) -> [Double] {
        let count = target.modelComponents(for: property).count
        guard let track = tracks[AnimationKey(target: target, property: property)] else {
            return Array(repeating: 0, count: count)
        }
        var result = Array(repeating: 0.0, count: count)
        let now = clock.now
        for animation in track.animations {
            let speed = animation.timing.velocity(at: now)
            for i in 0..<min(count, animation.delta.count) { result[i] -= animation.delta[i] * speed }
        }
        return result
    }

    public func isAnimating(_ target: any AnimationTarget, _ property: AnimatableProperty) -> Bool {
        guard let track = tracks[AnimationKey(target: target, property: property)] else { return false }
        return track.animations.contains { !$0.hasFinished }
    }

    /// Something moves by itself (a running animation or simulation): a replay keeps stepping.
    public var isAnimating: Bool {
        let now = clock.now
        return !tickers.isEmpty || !pendingCompletions.isEmpty || !afterTickActions.isEmpty
            || tracks.values.contains {
                $0.animations.contains { !$0.hasFinished && $0.timing.isRunning(at: now) }
            }
    }

    private func dropFinishedAnimations() {
        let now = clock.now
        for key in trackOrder {
            guard let track = tracks[key] else { continue }
            track.animations.removeAll { $0.hasFinished && $0.timing.isFinished(at: now) }
            if track.animations.isEmpty {
                track.target.setPresentationOffset(nil, for: track.property)
                tracks[key] = nil
            }
        }
        trackOrder.removeAll { tracks[$0] == nil }
    }

    private func offset(of track: Track, at time: Double) -> [Double] {
        var result = Array(repeating: 0.0, count: track.animations.first?.delta.count ?? 0)
        for animation in track.animations {
            let progress = animation.timing.progress(at: time)
            for i in result.indices where i < animation.delta.count {
                result[i] += animation.offset(at: progress, component: i)
            }
        }
        return result
    }

    // MARK: Frames

    public func addTicker(_ ticker: any FrameTicker) {
        if !tickers.contains(where: { $0 === ticker }) { tickers.append(ticker) }
    }

    public func removeTicker(_ ticker: any FrameTicker) {
        tickers.removeAll { $0 === ticker }
        followers.removeAll { $0 === ticker }
    }

    /// Adds something that follows what is on screen (the status bar's split at a sliding
    /// panel's edge): it ticks after this frame's animations have been applied, so it never lags
    /// a frame behind them; it stays while `tick` returns true.
    public func addFollower(_ follower: any FrameTicker) {
        if !followers.contains(where: { $0 === follower }) { followers.append(follower) }
    }

    /// Advances everything to the clock's time: simulations step, presentation offsets are
    /// written, finished animations are removed and their completions run.
    public func tick() {
        let now = clock.now
        // Tickers also wait on the user's time (a wheel's pause, a press delay): they tick when
        // either clock moved, so a paused lab does not hold input back until it resumes.
        let inputNow = inputClock.now
        if now > lastTickerTime || inputNow > lastTickerInputTime {
            lastTickerTime = now
            lastTickerInputTime = inputNow
            for ticker in tickers where !ticker.tick(at: now) { removeTicker(ticker) }
        }
        var finishedGroups: [AnimationGroup] = []
        for key in trackOrder {
            guard let track = tracks[key] else { continue }
            var kept: [Animation] = []
            for var animation in track.animations {
                guard animation.timing.isFinished(at: now) else {
                    kept.append(animation)
                    continue
                }
                if !animation.hasFinished {
                    if animation.timing.finalPosition(at: now) == .start {
                        track.target.setModelComponents(animation.from, for: track.property)
                        animation.modelRestoredToStart = true
                    }
                    if let group = animation.group {
                        group.liveAnimations -= 1
                        if group.liveAnimations == 0 { finishedGroups.append(group) }
                    }
                }
                if retainsFinishedAnimations {
                    animation.hasFinished = true
                    kept.append(animation)
                }
            }
            track.animations = kept
            if kept.isEmpty {
                track.target.setPresentationOffset(nil, for: track.property)
                tracks[key] = nil
            } else {
                track.target.setPresentationOffset(offset(of: track, at: now), for: track.property)
            }
        }
        trackOrder.removeAll { tracks[$0] == nil }
        let pending = pendingCompletions
        pendingCompletions = []
        for group in pending + finishedGroups { group.finish() }
        let actions = afterTickActions
        afterTickActions = []
        for action in actions { action() }
        for follower in followers where !follower.tick(at: now) { removeTicker(follower) }
    }

    /// Runs `action` at the end of the current (or next) tick, after models are settled.
    func afterTick(_ action: @escaping () -> Void) {
        afterTickActions.append(action)
    }

    /// Stops every animation of `target` where it is now: the model takes the on-screen value
    /// (as removing a layer's animations after reading its presentation), completions report false.
    public func stopAnimations(of target: any AnimationTarget) {
        for key in trackOrder where key.object == ObjectIdentifier(target) {
            guard let track = tracks[key] else { continue }
            let shown = presentation(of: target, track.property)
            for animation in track.animations { animation.group?.interrupt() }
            track.target.setModelComponents(shown, for: track.property)
            track.target.setPresentationOffset(nil, for: track.property)
            tracks[key] = nil
        }
        trackOrder.removeAll { tracks[$0] == nil }
    }

    /// Removes the animations driven by `timing` (a property animator that stops); the model
    /// becomes what is on screen, as UIViewPropertyAnimator's stop at `.current`.
    func removeAnimations(drivenBy timing: any AnimationTiming, keepingModelAt position: AnimationPosition) {
        let now = clock.now
        for key in trackOrder {
            guard let track = tracks[key] else { continue }
            guard track.animations.contains(where: { $0.timing === timing }) else { continue }
            var model = track.target.modelComponents(for: track.property)
            for animation in track.animations where animation.timing === timing {
                switch position {
                case .current:
                    let progress = timing.progress(at: now)
                    model = model.indices.map { i in
                        i < animation.delta.count ? model[i] + animation.offset(at: progress, component: i) : model[i]
                    }
                case .start:
                    model = animation.from
                case .end:
                    break
                }
                animation.group?.interrupt()
            }
            track.animations.removeAll { $0.timing === timing }
            track.target.setModelComponents(model, for: track.property)
            if track.animations.isEmpty {
                track.target.setPresentationOffset(nil, for: track.property)
                tracks[key] = nil
            } else {
                track.target.setPresentationOffset(offset(of: track, at: now), for: track.property)
            }
        }
        trackOrder.removeAll { tracks[$0] == nil }
    }
}
