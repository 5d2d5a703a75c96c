/// Following the box through the video: by its look (`ElementTracker`), and, for an element that
/// grows over a still page and changes its look as it does, by the page around it (`RegionTracker`).
extension VideoFit {
    /// How an element was followed.
    package enum Tracker: String, Sendable {
        /// By its look: the box that matches what was in it best.
        case template
        /// By the page around it: what no longer looks like the page and joins the box.
        case region
    }

    /// What following the box found: each frame's time and box (video pixels) and, where its look
    /// was matched, how well.
    struct Followed {
        var times: [Double]
        var boxes: [(box: TrackedBox, match: Double?)]
        /// When the element was lost (its track ends the frame before); nil when followed to the end.
        var lostAt: Double?
        var tracker: Tracker
    }

    /// The look tracker and the page tracker run side by side; the look's track is taken unless
    /// the page's agreed with it as the element set off and then kept it where the look lost it
    /// or followed only a part of it.
    static func follow(_ video: ReferenceVideo, _ request: Request) throws(ReferenceVideo.Problem) -> Followed {
        let box = request.box
        var tracker: ElementTracker?
        var region: RegionTracker?
        var boxes: [(box: TrackedBox, match: Double?)] = []
        var regionBoxes: [TrackedBox] = []
        var factor = 1.0
        var trackerProblem = false
        var lostIndex: Int?
        var movingFrames = 0
        var keptItsSize = true
        let decoded = try video.decodeWithColour(
            longestSide: trackingSide, from: request.at, until: request.until
        ) { index, frame, colour in
            if index == 0 {
                factor = Double(frame.width) / Double(video.width)
                tracker = ElementTracker(frame: frame, box: box.scaled(by: factor))
                region = RegionTracker(frame: frame, colour: colour, box: box.scaled(by: factor))
                guard tracker != nil else {
                    trackerProblem = true
                    return false
                }
                boxes.append((box, 1))
                regionBoxes.append(box)
                return true
            }
            if var following = region {
                regionBoxes.append(following.track(frame, colour: colour).scaled(by: 1 / factor))
                region = following
            }
            guard lostIndex == nil, var current = tracker else { return region != nil }
            let found = current.track(frame).scaled(by: 1 / factor)
            tracker = current
            // Lost: nothing looks enough like it, or the box collapsed to a sliver of itself.
            if current.lastScore < ElementTracker.lostBelow || found.width < box.width / 4
                || found.height < box.height / 4
            {
                lostIndex = index
                return region != nil
            }
            boxes.append((found, Double(current.lastScore)))
            // Followed by its look well into its motion at its own size (a card sliding, not a
            // panel growing) — far enough to be fitted even if lost later, with frames to spare:
            // the page is no longer needed (following it costs a few milliseconds a frame).
            // Moved: a side past a fiftieth of the box (and 4 pixels) from where it was drawn,
            // more than the look's own jitter on a still element.
            let jitter = max(4, max(box.width, box.height) / 50)
            if max(
                abs(found.x - box.x), abs(found.y - box.y), abs(found.x + found.width - box.x - box.width),
                abs(found.y + found.height - box.y - box.height)) > jitter
            {
                movingFrames += 1
                keptItsSize =
                    keptItsSize && abs(found.width / box.width - 1) < 0.1 && abs(found.height / box.height - 1) < 0.1
                if movingFrames >= fewestMovingFrames + 4 && keptItsSize { region = nil }
            }
            return true
        }
        if trackerProblem {
            throw ReferenceVideo.Problem(
                "the box \(Self.text(box)) holds one flat colour or is under 4 pixels at tracking size: "
                    + "draw it around the element's edges")
        }
        let times = Array(decoded.times.prefix(regionBoxes.count))
        let look = boxes.map(\.box)
        let pageKeptIt = regionBoxes.count > (lostIndex ?? boxes.count - 1)
        if pageKeptIt, agree(look, regionBoxes, size: box),
            lostIndex != nil || latchedOntoPart(look, regionBoxes, size: box)
        {
            return Followed(
                times: times, boxes: withoutSpikes(regionBoxes).map { ($0, nil) }, lostAt: nil, tracker: .region)
        }
        return Followed(
            times: Array(decoded.times.prefix(boxes.count)), boxes: boxes,
            lostAt: lostIndex.flatMap { decoded.times.count > $0 ? decoded.times[$0] : nil }, tracker: .template)
    }

    /// Whether the look followed a part of a growing element rather than the element: on some
    /// frame its box is a tenth smaller than the box drawn, one way or the other, while the page's
    /// has grown by a tenth both ways (a panel's header picture zooming as the panel opens, which
    /// its look keeps matching as its height shrinks). A card sliding off the frame shrinks its
    /// look too, but what the page sees of it grows one way only (where it was and where it is).
    static func latchedOntoPart(_ look: [TrackedBox], _ page: [TrackedBox], size: TrackedBox) -> Bool {
        zip(look, page).contains { look, page in
            (look.width < size.width * 0.9 || look.height < size.height * 0.9)
                && page.width >= size.width * 1.1 && page.height >= size.height * 1.1
        }
    }

    /// Whether the page's track agrees with the look's over the frames both followed once the
    /// element moved: three sides of four within a twentieth of the first box's size (and 4
    /// pixels) on two of the first three frames of its motion — the look's last frames before it
    /// is found lost may already stray. Three sides, as the look matches best where the element
    /// keeps its look — a panel's top as its sheet rises over the bottom — and strays at the side
    /// that changes; agreeing on still frames says nothing.
    static func agree(_ look: [TrackedBox], _ page: [TrackedBox], size: TrackedBox) -> Bool {
        let tolerance = (x: max(4, size.width / 20), y: max(4, size.height / 20))
        func sidesNear(_ a: TrackedBox, _ b: TrackedBox, within: Double) -> Int {
            let sides = [
                (a.x - b.x, tolerance.x), (a.x + a.width - b.x - b.width, tolerance.x), (a.y - b.y, tolerance.y),
                (a.y + a.height - b.y - b.height, tolerance.y),
            ]
            return sides.filter { abs($0.0) <= $0.1 * within }.count
        }
        let moving = (0..<min(look.count, page.count)).filter { sidesNear(look[$0], size, within: 0.1) < 4 }
        let agreeing = moving.prefix(3).filter { sidesNear(look[$0], page[$0], within: 1) >= 3 }
        return agreeing.count >= 2
    }

    /// The page's track with each side's lone spikes taken out: a side that lies outside its two
    /// neighbours, further from their middle than they are from each other (and 8 pixels), for
    /// one frame — a frame where the element next to a sliver of page matched the page — is put
    /// back half-way between them. A spring's side bends, even where it sets off, within that.
    static func withoutSpikes(_ boxes: [TrackedBox]) -> [TrackedBox] {
        guard boxes.count >= 3 else { return boxes }
        typealias Sides = (left: Double, top: Double, right: Double, bottom: Double)
        let sides: [Sides] = boxes.map { ($0.x, $0.y, $0.x + $0.width, $0.y + $0.height) }
        var mended = sides
        for index in 1..<(sides.count - 1) {
            let (before, here, after) = (sides[index - 1], sides[index], sides[index + 1])
            func fixed(_ a: Double, _ b: Double, _ c: Double) -> Double {
                let middle = (a + c) / 2
                let outside = b < min(a, c) || b > max(a, c)
                return outside && abs(b - middle) > max(8, abs(c - a)) ? middle : b
            }
            mended[index] = (
                fixed(before.left, here.left, after.left), fixed(before.top, here.top, after.top),
                fixed(before.right, here.right, after.right), fixed(before.bottom, here.bottom, after.bottom)
            )
        }
        return mended.map { TrackedBox(x: $0.left, y: $0.top, width: $0.right - $0.left, height: $0.bottom - $0.top) }
    }
}
