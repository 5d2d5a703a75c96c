import Graphics

/// A transition as it was drawn: the display list of each of its frames, kept after it ends so
/// the motion lab can play it again (P), loop it (L) and show it before and after a tuned value
/// changed (B). The lists are the very pictures the window showed, so a replayed frame is the
/// frame drawn then, pixel for pixel, whatever happened to the views since.
package struct TransitionFilm {
    /// The transition's animator (`PanelTransition`…), shown while it plays.
    var name: String
    /// Which transition it is: the animator and where it goes (a room's opening and its closing
    /// share an animator), so B compares an opening with an opening.
    var kind: String
    package var frames: [DisplayList] = []
    /// Each frame's time on the animation clock, from the film's first frame: a transition run
    /// ten times slower, or shown at 30 fps, is kept as it plays at full speed — one frame per
    /// sixtieth of its own time at most — so its length is the transition's.
    var times: [Double] = []
    /// The scene's tuned values while it ran: B compares a film with the last one made with
    /// other values.
    var tuning: [String: Double]
    /// The animation clock's time of the first frame.
    private var start: Double?

    /// At most this many frames are kept (three seconds of the transition's own time: every timed
    /// transition of the seeds whole); a transition held open by a long drag keeps its last three
    /// seconds. A frame's list can hold a hundred kilobytes (rasterized panels carry their
    /// commands), so films stay few and short.
    static let maximumFrames = 180
    static let frameInterval = 1.0 / 60

    init(name: String, kind: String, tuning: [String: Double]) {
        self.name = name
        self.kind = kind
        self.tuning = tuning
    }

    /// Keeps `frame`, drawn at `time` on the animation clock, unless it comes less than a
    /// sixtieth of a second of animation time after the last one kept (slow motion) or before it
    /// (a clock sent back by scrubbing).
    mutating func append(_ frame: DisplayList, at time: Double) {
        let start = self.start ?? time
        self.start = start
        let offset = time - start
        if let last = times.last, offset < last + Self.frameInterval - 1e-6 { return }
        frames.append(frame)
        times.append(offset)
        if frames.count > Self.maximumFrames {
            frames.removeFirst(frames.count - Self.maximumFrames)
            times.removeFirst(times.count - Self.maximumFrames)
        }
    }

    /// The film's length in its own time, first frame to last.
    package var duration: Double { (times.last ?? 0) - (times.first ?? 0) }

    /// Its length once a frame drawn at `time` on the animation clock is added (the landing
    /// frame, drawn after the timeline already shows the film), as `append` would keep it.
    func duration(endingAt time: Double) -> Double {
        guard let start, let last = times.last, time - start >= last + Self.frameInterval - 1e-6 else {
            return duration
        }
        return time - start - (times.first ?? 0)
    }

    /// The frame shown `elapsed` seconds after the first: the last one drawn by then.
    func frame(at elapsed: Double) -> DisplayList? {
        guard let first = times.first else { return nil }
        let target = first + elapsed + 1e-6
        var low = 0
        var high = times.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if times[middle] <= target { low = middle } else { high = middle - 1 }
        }
        return frames[low]
    }

    /// Reduce Motion's entry beside the tuned values a film keeps (1 when on).
    static let reduceMotionEntry = "accessibility.reduce_motion"

    /// What differs from `other`'s tuning, as the badge says it ("rooms.present.damping 0.7 → 0.4").
    func tuningChange(from other: TransitionFilm) -> String {
        let changed = tuning.keys.sorted().filter { other.tuning[$0] != tuning[$0] }
        guard let name = changed.first, let old = other.tuning[name], let new = tuning[name] else { return "" }
        let more = changed.count > 1 ? " +\(changed.count - 1)" : ""
        if name == Self.reduceMotionEntry {
            return "Reduce Motion \(old == 1 ? "on" : "off") → \(new == 1 ? "on" : "off")" + more
        }
        return "\(name) \(Self.rounded(old)) → \(Self.rounded(new))" + more
    }

    static func rounded(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// A film being shown instead of the live scene, in the animation clock's time (so S slows a
/// replay, Space holds it and `.` steps it); looped or played once; a before/after pair plays
/// one then the other.
package struct FilmPlayback {
    /// The films in order (one; or before, then after) and what the badge says for each.
    var reels: [(film: TransitionFilm, label: String)]
    var loops: Bool
    var reel = 0
    /// Seconds of the current reel's own time shown.
    var elapsed = 0.0
    /// Held on one frame (the scrubber let go there) until played or ended.
    package var held = false
    /// B's ghost: this film's frame drawn faintly over each frame of the reel (the run before a
    /// tuned change over the run after it), at the same moment of each.
    var ghost: TransitionFilm?
    /// The scene's area the ghost covers.
    var ghostBounds = Rect.zero
    /// How strongly the ghost shows: enough to read its shapes, not to hide the run beneath.
    static let ghostAlpha = 0.4
    /// The first frame shows the start as it is; the next ones move on by the clock.
    private var started = false

    init(reels: [(film: TransitionFilm, label: String)], loops: Bool, elapsed: Double = 0, held: Bool = false) {
        self.reels = reels
        self.loops = loops
        self.elapsed = elapsed
        self.held = held
    }

    /// The frame to show now, `step` seconds of animation time after the last one shown; nil
    /// once a film played once is over.
    mutating func next(after step: Double) -> DisplayList? {
        guard reel < reels.count, !reels[reel].film.frames.isEmpty else { return nil }
        if started && !held {
            elapsed += max(step, 0)
            if elapsed > reels[reel].film.duration + 1e-6 {
                elapsed = 0
                reel += 1
                if reel >= reels.count && loops { reel = 0 }
                guard reel < reels.count, !reels[reel].film.frames.isEmpty else { return nil }
            }
        }
        started = true
        guard var shown = reels[reel].film.frame(at: elapsed) else { return nil }
        if let ghost, let over = ghost.frame(at: min(elapsed, ghost.duration)) {
            shown = Self.drawing(over, faintlyOver: shown, in: ghostBounds)
        }
        return shown
    }

    /// Where the shown frame is in its film: progress 0…1 and seconds of its own time.
    var position: (progress: Double, elapsed: Double, duration: Double) {
        let duration = reels[min(reel, reels.count - 1)].film.duration
        let shown = min(elapsed, duration)
        return (duration > 0 ? shown / duration : 1, shown, duration)
    }

    var label: String {
        let current = reels[min(reel, reels.count - 1)]
        // Words, not ⟳: the app's fonts have no such glyph (it drew as grey bars).
        return (held ? "Held · " : loops ? "Looping · " : "Playing · ") + current.label
    }

    /// `ghost` at `ghostAlpha` over `frame`: one group the size of the scene, so the ghost's own
    /// overlapping views blend among themselves first, as one faded picture over its own
    /// background.
    static func drawing(_ ghost: DisplayList, faintlyOver frame: DisplayList, in bounds: Rect) -> DisplayList {
        DisplayList(
            commands: frame.commands + [.beginGroup(bounds: bounds, alpha: ghostAlpha)]
                + [.fill(rect: bounds, color: ghost.clearColor, cornerRadius: 0)] + ghost.commands + [.endGroup],
            clearColor: frame.clearColor)
    }
}
