import Graphics

/// A transition as it was drawn: the display list of each of its frames, kept after it ends so
/// the motion lab can play it again (P), loop it (L) and show it before and after a tuned value
/// changed (B). The lists are the very pictures the window showed, so a replayed frame is the
/// frame drawn then, pixel for pixel, whatever happened to the views since.
struct TransitionFilm {
    /// The transition's animator (`PanelTransition`…), shown while it plays.
    var name: String
    /// Which transition it is: the animator and where it goes (a room's opening and its closing
    /// share an animator), so B compares an opening with an opening.
    var kind: String
    var frames: [DisplayList] = []
    /// The scene's tuned values while it ran: B compares a film with the last one made with
    /// other values.
    var tuning: [String: Double]

    /// At most this many frames are kept (three seconds at 60 fps: every timed transition of the
    /// seeds whole); a transition held open by a long drag keeps its last three seconds. A frame's
    /// list can hold a hundred kilobytes (rasterized panels carry their commands), so films stay
    /// few and short.
    static let maximumFrames = 180

    mutating func append(_ frame: DisplayList) {
        frames.append(frame)
        if frames.count > Self.maximumFrames { frames.removeFirst(frames.count - Self.maximumFrames) }
    }

    /// What differs from `other`'s tuning, as the badge says it ("rooms.present.damping 0.7 → 0.4").
    func tuningChange(from other: TransitionFilm) -> String {
        let changed = tuning.keys.sorted().filter { other.tuning[$0] != tuning[$0] }
        guard let name = changed.first, let old = other.tuning[name], let new = tuning[name] else { return "" }
        return "\(name) \(Self.rounded(old)) → \(Self.rounded(new))"
            + (changed.count > 1 ? " +\(changed.count - 1)" : "")
    }

    static func rounded(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// A film being shown instead of the live scene: its frames one per displayed frame, holding
/// while the lab is paused; looped or played once; a before/after pair plays one then the other.
struct FilmPlayback {
    /// The films in order (one; or before, then after) and what the badge says for each.
    var reels: [(film: TransitionFilm, label: String)]
    var loops: Bool
    var reel = 0
    var frame = 0
    /// Held on one frame (the scrubber let go there) until played or ended.
    var held = false
    /// B's ghost: this film's frame drawn faintly over each frame of the reel (the run before a
    /// tuned change over the run after it), frame for frame from the start.
    var ghost: TransitionFilm?
    /// The scene's area the ghost covers.
    var ghostBounds = Rect.zero
    /// How strongly the ghost shows: enough to read its shapes, not to hide the run beneath.
    static let ghostAlpha = 0.4

    /// The frame to show now, then moves on; nil once a film played once is over.
    mutating func next(advancing: Bool) -> DisplayList? {
        guard reel < reels.count, !reels[reel].film.frames.isEmpty else { return nil }
        var shown = reels[reel].film.frames[frame]
        if let ghost, let over = ghost.frames.isEmpty ? nil : ghost.frames[min(frame, ghost.frames.count - 1)] {
            shown = Self.drawing(over, faintlyOver: shown, in: ghostBounds)
        }
        guard advancing, !held else { return shown }
        frame += 1
        if frame >= reels[reel].film.frames.count {
            frame = 0
            reel += 1
            if reel >= reels.count && loops { reel = 0 }
        }
        return shown
    }

    /// Where the shown frame is in its film: progress 0…1 and seconds (one frame a 60th).
    var position: (progress: Double, elapsed: Double, duration: Double) {
        let count = reels[min(reel, reels.count - 1)].film.frames.count
        let progress = count > 1 ? Double(min(frame, count - 1)) / Double(count - 1) : 1
        let duration = Double(max(count - 1, 1)) / 60
        return (progress, progress * duration, duration)
    }

    var label: String {
        let current = reels[min(reel, reels.count - 1)]
        return (loops ? "⟳ " : "▶ ") + current.label
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
