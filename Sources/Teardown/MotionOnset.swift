/// When something in a video begins to move: the first frame that differs from the one before it
/// in more than `fraction` of its pixels by more than `level` grey levels — a status bar's clock
/// or a recording's compression noise changes less than that. The onset is half-way between the
/// last still frame and the first that moved: the motion began somewhere between the two, and the
/// middle is off by half a frame at most (the last still frame's own time lagged by up to a frame).
package enum MotionOnset {
    /// Grey levels a pixel must change by to count as changed.
    static let level = 24
    /// The share of the frame that must change (a status bar's clock is under 0.3 %).
    static let fraction = 0.01
    /// The side grey frames are compared at: enough to see a panel move, cheap to decode.
    static let longestSide = 240

    /// The onset in `video` from `start` (seconds from its first frame), or nil when nothing moves.
    package static func find(in video: ReferenceVideo, from start: Double = 0) throws(ReferenceVideo.Problem)
        -> Double?
    {
        var previous: GreyImage?
        var changedAt: Int?
        let decoded = try video.decodeGrey(longestSide: longestSide, from: start) { index, frame in
            defer { previous = frame }
            guard let previous, changed(previous, frame) else { return true }
            changedAt = index
            return false
        }
        guard let changedAt, changedAt > 0, changedAt < decoded.times.count else { return nil }
        return (decoded.times[changedAt - 1] + decoded.times[changedAt]) / 2
    }

    /// Whether `next` differs from `previous` in more than `fraction` of its pixels.
    static func changed(_ previous: GreyImage, _ next: GreyImage) -> Bool {
        guard previous.pixels.count == next.pixels.count, !next.pixels.isEmpty else { return false }
        let allowed = Int(Double(next.pixels.count) * fraction)
        let threshold = Float(level)
        var changed = 0
        for index in next.pixels.indices where abs(next.pixels[index] - previous.pixels[index]) > threshold {
            changed += 1
            if changed > allowed { return true }
        }
        return false
    }
}
