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
        /// How well the element's first look matched there (normalized cross-correlation, 1 at best);
        /// nil where it was followed by the page around it.
        package var match: Double? = 1
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
        /// How it was followed: by its look, or by the page around it.
        package var tracker: Tracker = .template
        /// When the fitted side first reached the frame's edge after it set off (a panel growing
        /// to fill the screen): from then on the track says only how far at least it went, and
        /// the fits take it so; nil when it stayed inside.
        package var pastEdgeAt: Double?
        /// Frames of its motion that showed whole before it reached the edge: under
        /// `fewestMovingFrames`, the fit is loose.
        package var framesBeforeEdge = 0
        /// Whether the fit rests on few frames of motion (under `fewestMovingFrames` showed whole
        /// before the element reached past the frame's edge): its numbers are loose.
        package var isLoose: Bool { pastEdgeAt != nil && framesBeforeEdge < VideoFit.fewestMovingFrames }
        /// Says so when the fit rests on a few frames of motion before the element left the frame.
        package var edgeNote: String? {
            guard let edge = pastEdgeAt else { return nil }
            let when = String(format: "%.2f", edge)
            guard framesBeforeEdge < VideoFit.fewestMovingFrames else {
                return "the element reached past the frame's edge at \(when) s; from then on its \(property) is "
                    + "only a bound, which the fits take as such"
            }
            return "the element reached past the frame's edge at \(when) s, \(framesBeforeEdge) frame"
                + "\(framesBeforeEdge == 1 ? "" : "s") into its motion: the fit rests on those and is loose. For a "
                + "tighter one, track a part that stays on screen as it moves (a button, a title)"
        }
        /// The model that follows the track better, weighing how many numbers each takes (Akaike's
        /// criterion: a spring has five, a Bézier eight): a Bézier is named only when it follows
        /// clearly closer. Misses under what following an element may miss by count as that much
        /// — two pixels of the tracking size (960 on the longer side; at least two of the video's
        /// own) — so two fits that both follow every frame within it (a panel that leaves the
        /// screen after five frames, a near-critical spring that an ease-out curve also follows)
        /// name the spring, the simpler.
        package var best: String {
            let frames = Double(max(track.count, 1))
            let trackingPixel = Double(max(video.width, video.height)) / Double(VideoFit.trackingSide)
            let floor = max(2, 2 * trackingPixel)
            func criterion(_ error: Double, numbers: Double) -> Double {
                frames * log(max(error * error, floor * floor)) + 2 * numbers
            }
            return criterion(bezier.error, numbers: 8) < criterion(spring.error, numbers: 5) ? "bezier" : "spring"
        }
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
            let past = [
                box.x < 0 ? "left" : nil, box.y < 0 ? "top" : nil,
                box.x + box.width > Double(video.width) ? "right" : nil,
                box.y + box.height > Double(video.height) ? "bottom" : nil,
            ].compactMap { $0 }
            throw ReferenceVideo.Problem(
                "the box \(Self.text(box)) is not inside the video's \(video.width)×\(video.height) pixels"
                    + (past.isEmpty
                        ? ": give it a width and height of at least a pixel"
                        : " (it reaches past the \(Self.listed(past)) edge\(past.count > 1 ? "s" : "")): draw it within the frame")
            )
        }
        let followed = try follow(video, request)
        guard !followed.boxes.isEmpty else {
            throw ReferenceVideo.Problem("\(request.file) has no frames from \(request.at) s")
        }
        let track = zip(followed.times, followed.boxes).map { Sample(time: $0, box: $1.box, match: $1.match) }
        let lostAt = followed.lostAt
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
        let samples = track.map {
            MotionSample(
                time: $0.time, value: $0.box[keyPath: most.1],
                bound: bound(of: most.0, $0.box, width: Double(video.width), height: Double(video.height)))
        }
        try Self.checkFollowedLongEnough(samples, lostAt: lostAt)
        let start = request.start.flatMap { $0 <= track[0].time + 1e-6 ? $0 : nil }
        guard let spring = MotionFit.spring(samples, threshold: 1, start: start),
            let bezier = MotionFit.bezier(samples, threshold: 1, start: start)
        else {
            throw ReferenceVideo.Problem("the element's \(most.0) could not be fitted")
        }
        // Frames of its motion: from the first that left the start at all.
        let moving = MotionFit.movement(of: samples)?.firstMoving ?? samples.count
        let pastEdge = samples.indices.first { $0 >= moving && samples[$0].bound != .exact }
        let shownMoving = (pastEdge ?? samples.count) - min(moving, samples.count)
        return Result(
            video: video, track: track, property: most.0, spring: spring, bezier: bezier, lostAt: lostAt,
            tracker: followed.tracker, pastEdgeAt: pastEdge.map { samples[$0].time }, framesBeforeEdge: shownMoving)
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
                    "match": sample.match.map { rounded($0, 3) as Any } ?? NSNull(),
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
            "tracker": result.tracker.rawValue,
            "loose": result.isLoose,
            "past_edge_at": result.pastEdgeAt.map { rounded($0, 4) as Any } ?? NSNull(),
        ]
    }

    private static func rounded(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    /// What a tracked box's `property` says when the box touches the frame's edge: the element may
    /// reach past it (a panel overshooting the screen it fills), so a side on the edge is only a
    /// bound — its left at most 0, its width at least what shows.
    static func bound(of property: String, _ box: TrackedBox, width: Double, height: Double) -> MotionSample.Bound {
        // Within a fifth of a percent of the edge (and 2 pixels): tracked at a smaller size, a side
        // on the edge comes back a pixel or two inside it.
        let (across, down) = (max(2, width * 0.002), max(2, height * 0.002))
        let (left, top) = (box.x <= across, box.y <= down)
        let (right, bottom) = (box.x + box.width >= width - across, box.y + box.height >= height - down)
        switch property {
        case "x": return left ? .atMost : .exact
        case "y": return top ? .atMost : .exact
        case "width": return left || right ? .atLeast : .exact
        default: return top || bottom ? .atLeast : .exact
        }
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

    /// "left", "left and top", "left, top and right".
    static func listed(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }

    static func text(_ box: TrackedBox) -> String {
        [box.x, box.y, box.width, box.height].map {
            $0.rounded() == $0 ? String(Int($0)) : String(format: "%.1f", $0)
        }
        .joined(separator: ",")
    }
}
