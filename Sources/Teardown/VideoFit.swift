import Foundation
import Motion

/// `teardowns --fit`: follows a box through a reference video and fits the motion of the side of
/// it that moved most with a spring and a Bézier curve — the JSON document the command prints.
package enum VideoFit {
    /// The longest side, in pixels, frames are shrunk to for tracking (sub-pixel matching keeps the
    /// box within a pixel or two of a phone recording's own).
    static let trackingSide = 960

    package struct Request: Sendable {
        package var file: String
        /// The element's box in the video's own pixels at `at`.
        package var box: TrackedBox
        package var at: Double = 0
        package var until: Double?
        /// When the motion began, if known (the transition's start marked on the video): the fits
        /// start there rather than finding it, so the box may be drawn after it, once the element shows.
        package var start: Double?

        package init(file: String, box: TrackedBox, at: Double = 0, until: Double? = nil, start: Double? = nil) {
            self.file = file
            self.box = box
            self.at = at
            self.until = until
            self.start = start
        }
    }

    package struct Sample: Equatable, Sendable {
        package var time: Double
        package var box: TrackedBox
        /// How well the element's first look matched there (normalized cross-correlation, 1 at best).
        package var match: Double = 1
    }

    package struct Result: Sendable {
        package var video: ReferenceVideo
        package var track: [Sample]
        package var property: String
        package var spring: SpringFit
        package var bezier: BezierFit
        /// When the element was lost (it changed its look or left the frame): the track and the
        /// fits end at the frame before; nil when it was followed to the end.
        package var lostAt: Double?
        package var best: String { bezier.error < spring.error ? "bezier" : "spring" }
        /// When the element began to move (the better fit's start).
        package var start: Double { best == "spring" ? spring.start : bezier.start }
    }

    /// Tracks and fits; a problem names what is wrong (a bad box, not a video, nothing moved).
    package static func run(_ request: Request) throws(ReferenceVideo.Problem) -> Result {
        let video = try ReferenceVideo(path: request.file)
        let box = request.box
        guard box.width >= 1, box.height >= 1, box.x >= 0, box.y >= 0, box.x + box.width <= Double(video.width),
            box.y + box.height <= Double(video.height)
        else {
            throw ReferenceVideo.Problem(
                "the box \(Self.text(box)) is not inside the video's \(video.width)×\(video.height) pixels: "
                    + "give --track X,Y,W,H with a width and height of at least a pixel")
        }
        var tracker: ElementTracker?
        var boxes: [(box: TrackedBox, match: Double)] = []
        var factor = 1.0
        var trackerProblem = false
        var lostIndex: Int?
        let decoded = try video.decodeGrey(longestSide: trackingSide, from: request.at, until: request.until) {
            index, frame in
            if index == 0 {
                factor = Double(frame.width) / Double(video.width)
                tracker = ElementTracker(frame: frame, box: box.scaled(by: factor))
                if tracker == nil {
                    trackerProblem = true
                    return false
                }
                boxes.append((box, 1))
                return true
            }
            guard var current = tracker else { return false }
            let found = current.track(frame).scaled(by: 1 / factor)
            tracker = current
            // Lost: nothing looks enough like it, or the box collapsed to a sliver of itself.
            if current.lastScore < ElementTracker.lostBelow || found.width < box.width / 4
                || found.height < box.height / 4
            {
                lostIndex = index
                return false
            }
            boxes.append((found, Double(current.lastScore)))
            return true
        }
        if trackerProblem {
            throw ReferenceVideo.Problem(
                "the box \(Self.text(box)) holds one flat colour or is under 4 pixels at tracking size: "
                    + "draw it around the element's edges")
        }
        guard !boxes.isEmpty else { throw ReferenceVideo.Problem("\(request.file) has no frames from \(request.at) s") }
        let track = zip(decoded.times, boxes).map { Sample(time: $0, box: $1.box, match: $1.match) }
        let lostAt = lostIndex.flatMap { $0 < decoded.times.count ? decoded.times[$0] : nil }
        let sides: [(String, KeyPath<TrackedBox, Double>)] = [
            ("x", \.x), ("y", \.y), ("width", \.width), ("height", \.height),
        ]
        let ranges = sides.map { name, path -> (String, KeyPath<TrackedBox, Double>, Double) in
            let values = track.map { $0.box[keyPath: path] }
            return (name, path, (values.max() ?? 0) - (values.min() ?? 0))
        }
        guard let most = ranges.max(by: { $0.2 < $1.2 }), most.2 >= 2 else {
            throw ReferenceVideo.Problem(
                "the element in \(Self.text(box)) never moves (by under 2 pixels over \(track.count) "
                    + "frame\(track.count == 1 ? "" : "s")): track an element that moves, from a frame before it "
                    + "comes to rest (--at, or an earlier frame in the dock)")
        }
        let samples = track.map { MotionSample(time: $0.time, value: $0.box[keyPath: most.1]) }
        try Self.checkFollowedLongEnough(samples, lostAt: lostAt)
        let start = request.start.flatMap { $0 <= track[0].time + 1e-6 ? $0 : nil }
        guard let spring = MotionFit.spring(samples, threshold: 1, start: start),
            let bezier = MotionFit.bezier(samples, threshold: 1, start: start)
        else {
            throw ReferenceVideo.Problem("the element's \(most.0) could not be fitted")
        }
        return Result(
            video: video, track: track, property: most.0, spring: spring, bezier: bezier, lostAt: lostAt)
    }

    /// The document `--fit` prints.
    package static func document(_ result: Result) -> [String: Any] {
        let video = result.video
        let frames = video.declaredFrames > 0 ? video.declaredFrames : Int((video.duration * video.fps).rounded())
        let spring = result.spring
        return [
            "video": [
                "width": video.width, "height": video.height, "fps": rounded(video.fps, 3), "frames": frames,
                "duration": rounded(video.duration, 4),
            ] as [String: Any],
            "track": result.track.map { sample -> [String: Any] in
                [
                    "t": rounded(sample.time, 4), "x": rounded(sample.box.x, 2), "y": rounded(sample.box.y, 2),
                    "width": rounded(sample.box.width, 2), "height": rounded(sample.box.height, 2),
                    "match": rounded(sample.match, 3),
                ]
            },
            "start": rounded(result.start, 4),
            "property": result.property,
            "spring": [
                "damping_ratio": rounded(spring.dampingRatio, 4), "duration": rounded(spring.duration, 4),
                "response": rounded(spring.spring.response, 4), "stiffness": rounded(spring.spring.stiffness, 3),
                "damping": rounded(spring.spring.damping, 3), "tension": rounded(spring.spring.tension, 3),
                "friction": rounded(spring.spring.friction, 3), "error": rounded(spring.error, 3),
            ] as [String: Any],
            "bezier": [
                "x1": rounded(result.bezier.curve.c1x, 4), "y1": rounded(result.bezier.curve.c1y, 4),
                "x2": rounded(result.bezier.curve.c2x, 4), "y2": rounded(result.bezier.curve.c2y, 4),
                "duration": rounded(result.bezier.duration, 4), "error": rounded(result.bezier.error, 3),
            ] as [String: Any],
            "best": result.best,
            "lost_at": result.lostAt.map { rounded($0, 4) as Any } ?? NSNull(),
        ]
    }

    private static func rounded(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    /// Lost within a few frames of setting off (a panel whose picture crops as it grows, an icon
    /// that turns white under a bar): what was followed is not enough to fit, and a fit of it
    /// would only look sure of itself.
    static func checkFollowedLongEnough(_ samples: [MotionSample], lostAt: Double?) throws(ReferenceVideo.Problem) {
        guard let lostAt, let moving = firstClearlyMoving(samples), samples.count - moving < fewestMovingFrames
        else { return }
        let frames = samples.count - moving
        throw ReferenceVideo.Problem(
            "the element was lost at \(seconds(lostAt)) s, \(frames) frame\(frames == 1 ? "" : "s") after it began to "
                + "move (it changed its look or left the frame): too little to fit. Draw the box around a part that "
                + "keeps its look as it moves (a button, a label), at any frame of the motion")
    }

    /// A lost element must have been followed this many frames into its motion to be fitted.
    static let fewestMovingFrames = 8

    /// The first sample clearly on its way: past a tenth of the whole reach and 2 pixels from the
    /// first (a pixel of jitter in a still box is not a start).
    static func firstClearlyMoving(_ samples: [MotionSample]) -> Int? {
        guard let from = samples.first?.value else { return nil }
        let reach = samples.map { abs($0.value - from) }.max() ?? 0
        return samples.firstIndex { abs($0.value - from) > max(2, reach / 10) }
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.2f", value) }

    private static func text(_ box: TrackedBox) -> String {
        [box.x, box.y, box.width, box.height].map {
            $0.rounded() == $0 ? String(Int($0)) : String(format: "%.1f", $0)
        }
        .joined(separator: ",")
    }
}
