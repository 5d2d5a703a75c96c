import Foundation
import Graphics
import Platform
import PlatformSDL
import Testing
import Views

@testable import Harness
@testable import Teardown
@testable import Tools

/// A screen recording of the real app beside and over the recreation: loaded by a script's
/// `reference` event, lined up by where its motion begins, shown at the moment of the transition
/// the scene shows (live and played again), and bad files said in one line with the app running on.
@MainActor
@Suite(.serialized) struct ReferenceToolTests {
    /// A card released at 0.5 s on a spring, at 30 fps and 3× a phone's points (1170 × 2532).
    static var motion: TeardownVideos.Motion { TeardownVideos.spring(dampingRatio: 0.62, response: 0.38, fps: 30) }
    static let video: String? = {
        let folder = NSTemporaryDirectory() + "teardowns-reference-tool-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return TeardownVideos.make(motion, named: "card", in: folder)
    }()

    /// Where the card's right edge is in a window capture with the video over the whole scene, in
    /// scene points: one past the last column, scanning along a row of the card between its grid
    /// lines, that is the card's blue (its left edge is a dark grid line).
    static func cardRight(in image: PixelImage, sceneWidth: Int) -> Int? {
        // Between the grid's lines (every 100 px of the card), right of its orange block.
        let row = Int((Double(Self.motion.top) + 250) / 3)
        return (0..<sceneWidth).last { x in
            let pixel = image.pixel(x: x, y: row)
            return abs(Int(pixel.r) - 0x34) < 24 && abs(Int(pixel.g) - 0x78) < 24 && abs(Int(pixel.b) - 0xF6) < 24
        }.map { $0 + 1 }
    }

    /// Where the view `id` sits in the dock once `video` is loaded (the same layout on every run),
    /// and that run's dump.
    static func inDock(_ id: String, afterLoading video: String) throws -> (frame: Rect, dump: [String: Any]) {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.1,"type":"reference","file":"\#(video)"},"#
                + #"{"at":0.3,"type":"dump","file":"\#(app.path("d.json"))"}]}"#)
        let dump = try app.readDump("d.json")
        let values = try #require(HeadlessApp.view(id, in: dump)?["frame"] as? [Double])
        return (Rect(x: values[0], y: values[1], width: values[2], height: values[3]), dump)
    }

    /// A script that loads `video`, follows the card from its first frame, then plays `then`
    /// (events, each with a trailing comma) and dumps to `dump` at 0.4 s.
    static func loadingAndTracking(_ video: String, then: String, dump: String) -> String {
        let box = TeardownVideos.firstBox(of: motion)
        return #"{"events":[{"at":0.1,"type":"reference","file":"\#(video)"},"#
            + #"{"at":0.2,"type":"reference","track":[\#(box.x),\#(box.y),\#(box.width),\#(box.height)]},"#
            + then + #"{"at":0.4,"type":"dump","file":"\#(dump)"}]}"#
    }

    /// The card's right edge in the video's frame `index`, in scene points.
    static func expectedRight(frame index: Int) -> Double {
        Double(Self.motion.frames[index] + TeardownVideos.card.width) / 3
    }

    /// The dump says the same of the overlay however it was set: U pressed to the difference (25,
    /// 50, 75, 100 %, then the difference), or a script asking for the difference at once.
    @Test func theDifferenceReadsTheSameWhetherPressedOrScripted() throws {
        let video = try #require(Self.video, "ffmpeg made the video")
        func overlay(_ events: String) throws -> (onion: Double?, difference: Bool?) {
            let app = try HeadlessApp(scene: .rooms)
            defer { app.finish() }
            try app.replay(
                #"{"events":[{"at":0.1,"type":"reference","file":"\#(video)"},"# + events
                    + #"{"at":0.9,"type":"dump","file":"\#(app.path("dump.json"))"}]}"#)
            let reference = try #require(try app.readDump("dump.json")["reference"] as? [String: Any])
            return (reference["onion"] as? Double, reference["difference"] as? Bool)
        }
        let presses = (0..<5).map { #"{"at":0.\#($0 + 3),"type":"key","key":"u"},"# }.joined()
        let pressed = try overlay(presses)
        let scripted = try overlay(#"{"at":0.3,"type":"reference","difference":true},"#)
        #expect(pressed.difference == true && scripted.difference == true)
        #expect(
            pressed.onion == 1 && scripted.onion == 1,
            "pressed \(String(describing: pressed.onion)), scripted \(String(describing: scripted.onion))")
    }

    @Test func theVideoShowsTheMomentOfTheTransitionOnScreen() throws {
        let video = try #require(Self.video, "ffmpeg made the video")
        let app = try HeadlessApp(scene: .rooms, drawing: .everyFrame)
        defer { app.finish() }
        // The video over the whole scene, then a room opens at 1.0 s; captured 0.1 s into it, while
        // the card moves fastest.
        try app.replay(
            #"{"events":[{"at":0.1,"type":"reference","file":"\#(video)","onion":1},"#
                + #"{"at":1.0,"type":"key","key":"enter"},"#
                + #"{"at":1.1,"type":"capture","file":"\#(app.path("over.png"))","window":true},"#
                + #"{"at":1.3,"type":"dump","file":"\#(app.path("dump.json"))"}]}"#)
        app.backend.waitForPendingWrites()
        let tool = app.host.referenceTool
        let film = try #require(tool.film)
        // Where the card starts to move, found on its own: between the last still frame and the
        // first that moved, within a frame of 0.5 s.
        #expect(abs(film.start - 0.5) <= 1.0 / 30 + 0.001, "start \(film.start)")
        #expect(film.pictures.count == Self.motion.frames.count)
        let reference = try #require(try app.readDump("dump.json")["reference"] as? [String: Any])
        #expect(reference["frames"] as? Int == Self.motion.frames.count)
        #expect(reference["onion"] as? Double == 1)
        // 0.1 s into the room's opening the video shows its frame 0.1 s after its own start.
        let image = try #require(SDLBackend.loadPNG(path: app.path("over.png")))
        let index = film.frameIndex(atMoment: 0.1)
        #expect(abs(film.times[index] - (film.start + 0.1)) <= 1.0 / 30 + 0.001)
        let expected = Self.expectedRight(frame: index)
        let right = try #require(Self.cardRight(in: image, sceneWidth: 390), "the card shows over the scene")
        #expect(abs(Double(right) - expected) <= 2, "card ends at \(right) pt; frame \(index) has it at \(expected)")
        // The neighbouring frames have it elsewhere: the frame shown is that one.
        #expect(abs(Self.expectedRight(frame: index + 1) - expected) > 4)
        #expect(abs(Self.expectedRight(frame: index - 1) - expected) > 4)
        // The dock shows it too, beside the scene.
        let dock = try #require(HeadlessApp.view("lab.reference.picture", in: try app.readDump("dump.json")))
        let frame = try #require(dock["frame"] as? [Double])
        #expect(frame[0] >= 390, "the reference sits in the dock, right of the scene")
    }

    @Test func aReplayShowsTheVideoAtTheReplaysMoment() throws {
        let video = try #require(Self.video, "ffmpeg made the video")
        let app = try HeadlessApp(scene: .rooms, drawing: .everyFrame)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.1,"type":"reference","file":"\#(video)","onion":1},"#
                + #"{"at":0.5,"type":"key","key":"enter"},{"at":2.5,"type":"key","key":"p"},"#
                + #"{"at":2.8,"type":"capture","file":"\#(app.path("replay.png"))","window":true}]}"#)
        app.backend.waitForPendingWrites()
        let film = try #require(app.host.referenceTool.film)
        let moment = try #require(app.host.lab.shownMoment)
        // P plays the opening again from its start: about 0.3 s in (a frame either way).
        #expect(abs(moment - 0.3) <= 1.0 / 30, "replay at \(moment) s")
        let index = film.frameIndex(atMoment: moment)
        let image = try #require(SDLBackend.loadPNG(path: app.path("replay.png")))
        let right = try #require(Self.cardRight(in: image, sceneWidth: 390))
        #expect(abs(Double(right) - Self.expectedRight(frame: index)) <= 1.5, "card ends at \(right) pt")
    }

    /// In a window the video is read off the frame loop: frames keep coming while it is read,
    /// the dock says so, and the frame that finds it done shows it.
    @Test func aWindowKeepsDrawingWhileTheVideoIsRead() throws {
        let video = try #require(Self.video, "ffmpeg made the video")
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.host.loadsInBackground = true
        app.host.referenceTool.perform(.load(file: video, onion: nil))
        app.frames(1)
        let load = try #require(app.host.referenceTool.loading, "read in the background")
        let captions = {
            app.host.tools.window.descendant(withIdentifier: "lab.reference")?.subviews.compactMap {
                ($0 as? Label)?.text
            } ?? []
        }
        if app.host.referenceTool.film == nil {
            #expect(captions().contains { $0.contains("Reading the video") }, "\(captions())")
        }
        load.waitUntilDone()
        app.frames(1)
        #expect(app.host.referenceTool.film?.pictures.count == Self.motion.frames.count)
        #expect(app.host.referenceTool.loading == nil)
    }

    /// The mean brightness of the scene's area in a window capture (0…255).
    static func meanBrightness(_ image: PixelImage, sceneWidth: Int) -> Double {
        var sum = 0
        for y in 0..<image.height {
            for x in 0..<sceneWidth {
                let pixel = image.pixel(x: x, y: y)
                sum += Int(pixel.r) + Int(pixel.g) + Int(pixel.b)
            }
        }
        return Double(sum) / Double(3 * sceneWidth * image.height)
    }

    /// The app's own recording of a room opening as the reference: the difference over the
    /// scene is nearly black through the opening (the two agree); with the spring tuned looser,
    /// the room's edges and text stand out where the two part.
    @Test func theDifferenceIsDarkWhereTheRecreationMatchesTheVideo() throws {
        let recorder = try HeadlessApp(scene: .rooms)
        defer { recorder.finish() }
        let folder = recorder.path("recording")
        try recorder.replay(
            #"{"events":[{"at":0.2,"type":"record","dir":"\#(folder)","duration":1.5,"format":"mp4"},"#
                + #"{"at":0.5,"type":"key","key":"enter"},{"at":2.0,"type":"dump","file":"\#(recorder.path("r.json"))"}]}"#
        )
        recorder.host.lab.finishRecording()
        let video = folder + "/recording.mp4"
        #expect(FileManager.default.fileExists(atPath: video))
        func differenceMean(damping: Double) throws -> Double {
            let app = try HeadlessApp(scene: .rooms, drawing: .everyFrame)
            defer { app.finish() }
            try app.replay(
                #"{"events":[{"at":0.1,"type":"reference","file":"\#(video)"},"#
                    + #"{"at":0.2,"type":"reference","difference":true},"#
                    + #"{"at":0.3,"type":"tune","name":"rooms.present.damping","value":\#(damping)},"#
                    + #"{"at":1.0,"type":"key","key":"enter"},"#
                    + #"{"at":1.25,"type":"capture","file":"\#(app.path("difference.png"))","window":true}]}"#)
            app.backend.waitForPendingWrites()
            #expect(app.host.referenceTool.showsDifference)
            let image = try #require(SDLBackend.loadPNG(path: app.path("difference.png")))
            return Self.meanBrightness(image, sceneWidth: 390)
        }
        let same = try differenceMean(damping: 0.7)
        let tuned = try differenceMean(damping: 0.3)
        #expect(same < 6, "the recreation against its own recording: mean \(same) of 255")
        #expect(tuned > same * 2 && tuned > 8, "a looser spring parts from the video: \(tuned) against \(same)")
    }

    /// The start found on its own can be moved: ] a frame later, [ a frame earlier, a script's
    /// `start` to a moment; the video then shows the frame that far from it.
    @Test func theStartMovesAFrameAtATimeOrToAMoment() throws {
        let video = try #require(Self.video, "ffmpeg made the video")
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.1,"type":"reference","file":"\#(video)"}]}"#)
        let tool = app.host.referenceTool
        let found = try #require(tool.film?.start)
        #expect(tool.handle(.bracketRight))
        #expect(tool.handle(.bracketRight))
        #expect(abs((tool.film?.start ?? 0) - (found + 2.0 / 30)) < 0.002, "two frames later")
        #expect(tool.handle(.bracketLeft))
        #expect(abs((tool.film?.start ?? 0) - (found + 1.0 / 30)) < 0.002, "one back")
        tool.perform(.start(0.2))
        #expect(tool.film?.start == 0.2)
        #expect(tool.film?.frameIndex(atMoment: 0.1) == 9, "0.3 s into the video is its frame 9")
        let script = try InputScript.parse(Data(#"{"events":[{"at":1,"type":"reference","start":0.4}]}"#.utf8))
        #expect(script.events.first?.kind == .tool(.reference(.start(0.4))))
        #expect(script.events.first?.jsonText() == #"{"at":1,"type":"reference","start":0.4}"#)
    }

    /// The card is followed from where its motion begins and fitted; A puts the fitted spring
    /// into the scene's constants (damping within 0.05 of the 0.62 it was drawn with).
    @Test func anElementIsFollowedFittedAndApplied() throws {
        let video = try #require(Self.video, "ffmpeg made the video")
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            Self.loadingAndTracking(video, then: #"{"at":0.3,"type":"key","key":"a"},"#, dump: app.path("fit.json")))
        let dump = try app.readDump("fit.json")
        let fit = try #require((dump["reference"] as? [String: Any])?["fit"] as? [String: Any])
        #expect(fit["best"] as? String == "spring" && fit["property"] as? String == "x")
        let damping = try #require(fit["damping_ratio"] as? Double)
        #expect(abs(damping - 0.62) <= 0.05, "damping \(damping)")
        let parameters = try #require(dump["parameters"] as? [String: Double])
        #expect(abs((parameters["rooms.present.damping"] ?? 0) - 0.62) <= 0.05, "applied: \(parameters)")
        #expect(parameters["rooms.present.duration"] != 0.6, "the duration was applied too")
        // The tracked motion and the fits are drawn under the reference in the dock.
        let plot = try #require(HeadlessApp.view("lab.reference.plot", in: dump))
        #expect(plot["hidden"] as? Bool == false)
        #expect(((plot["frame"] as? [Double])?[3] ?? 0) > 50)
    }

    /// Once followed, the orange box in the dock outlines the element in whichever frame shows:
    /// the card where it has slid to when the room's opening shows the video's later frames.
    @Test func theBoxInTheDockOutlinesTheElementInTheFrameShown() throws {
        let video = try #require(Self.video, "ffmpeg made the video")
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            Self.loadingAndTracking(
                video, then: #"{"at":0.3,"type":"key","key":"enter"},{"at":0.9,"type":"key","key":"space"},"#,
                dump: app.path("box.json")))
        let tool = app.host.referenceTool
        let film = try #require(tool.film)
        let fit = try #require(tool.fit, "the card was followed")
        let frame = try #require(tool.shownFrame)
        let box = try #require(tool.panel.trackBox.box, "the box is drawn")
        let sample = try #require(fit.track.min { abs($0.time - film.times[frame]) < abs($1.time - film.times[frame]) })
        let scale = tool.panel.trackBox.bounds.width / Double(film.videoWidth)
        #expect(abs(sample.box.x - Double(TeardownVideos.firstBox(of: Self.motion).x)) > 100, "the card has slid")
        #expect(abs(box.minX - sample.box.x * scale) < 0.5, "box at \(box.minX), card at \(sample.box.x * scale)")
        #expect(abs(box.width - sample.box.width * scale) < 0.5)
        // Drawn where it is, on the frame its picture shows: the orange edges laid out at once
        // (a box laid out at the tools' next pass ran a frame behind the picture).
        app.frames(1, [.key(.space, time: app.host.clock.now), .key(.escape, time: app.host.clock.now)])
        var places: Set<Double> = []
        for _ in 0..<12 {
            app.frames(1)
            let box = try #require(tool.panel.trackBox.box)
            let top = try #require(tool.panel.trackBox.subviews.first?.frame)
            #expect(abs(top.minX - box.minX) < 1e-9 && abs(top.width - box.width) < 1e-9, "\(top) for \(box)")
            places.insert(box.minX)
        }
        #expect(places.count > 3, "the card slides back as the room closes")
    }

    /// The tracked card in the lab's curve graph (G) beside the recreation's curves: its x as red
    /// dots from 0 at the video's marked start up to 1 at rest, the spring's overshoot above 1,
    /// drawn where the graph says.
    @Test func theTrackedMotionIsDrawnInTheCurveGraph() throws {
        let video = try #require(Self.video, "ffmpeg made the video")
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            Self.loadingAndTracking(video, then: #"{"at":0.3,"type":"key","key":"g"},"#, dump: app.path("g.json")))
        let graph = app.host.lab.graph
        let measured = try #require(graph.measured.first)
        #expect(measured.name == "video x" && graph.measured.count == 1, "\(graph.measured.map(\.name))")
        #expect(abs((measured.progress.last ?? 0) - 1) < 0.02)
        #expect((measured.progress.max() ?? 0) > 1.05, "the spring's overshoot shows above 1")
        // Still before the marked start (0.47 s: the frame before the card moves), then rising.
        let still = zip(measured.times, measured.progress).filter { $0.0 <= 0 }.map(\.1)
        #expect(!still.isEmpty && still.allSatisfy { abs($0) < 0.01 })
        let dump = try app.readDump("g.json")
        let legend = try #require(HeadlessApp.view("lab.graph.measured.0", in: dump))
        #expect(legend["text"] as? String == "• video x" && legend["hidden"] as? Bool == false)
        let window = try app.captureFrame("graph.png", window: true)
        let origin = graph.convert(Point(x: 0, y: 0), to: nil)
        let dots = graph.points(of: measured)
        #expect(dots.count > 10)
        let red = dots.filter { dot in
            let pixel = window.pixel(x: Int(origin.x + dot.x), y: Int(origin.y + dot.y))
            return pixel.r > 200 && pixel.g < 110 && pixel.b < 100
        }
        #expect(red.count >= dots.count * 3 / 4, "\(red.count) of \(dots.count) dots are red in the capture")
    }

    /// The box drawn with the pointer over the video in the dock, around the card in the frame
    /// shown, is followed and fitted as a script's `track` is.
    @Test func aBoxDrawnOverTheDocksVideoIsFollowedAndFitted() throws {
        let video = try #require(Self.video, "ffmpeg made the video")
        let load = #"{"at":0.1,"type":"reference","file":"\#(video)"}"#
        // Where the video sits in the dock (the same layout on every run).
        let picture = try Self.inDock("lab.reference.track", afterLoading: video).frame
        // The card's box on the frame shown before anything moves, in the dock's points.
        let box = TeardownVideos.firstBox(of: Self.motion)
        let (across, down) = (picture.width / 1170, picture.height / 2532)
        let from = (picture.minX + box.x * across, picture.minY + box.y * down)
        let to = (from.0 + box.width * across, from.1 + box.height * down)
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[\#(load),{"at":0.3,"type":"drag","from":[\#(from.0),\#(from.1)],"to":[\#(to.0),\#(to.1)],"#
                + #""duration":0.3},{"at":0.8,"type":"dump","file":"\#(app.path("fit.json"))"}]}"#)
        let fit = try #require(
            (try app.readDump("fit.json")["reference"] as? [String: Any])?["fit"] as? [String: Any], "fitted")
        #expect(fit["best"] as? String == "spring" && fit["property"] as? String == "x")
        let damping = try #require(fit["damping_ratio"] as? Double)
        #expect(abs(damping - 0.62) <= 0.05, "damping \(damping)")
    }

    /// The video's strip under its picture in the dock: a click marks the start at the frame
    /// there, and a drag along it moves the start with the pointer to the frame it is let go on;
    /// the frame shown follows (the frame at the start, as the scene is at the transition's 0).
    @Test func aClickOnTheVideosStripMarksTheStart() throws {
        let video = try #require(Self.video, "ffmpeg made the video")
        let load = #"{"at":0.1,"type":"reference","file":"\#(video)"}"#
        // Where the strip sits in the dock (the same layout on every run).
        let (strip, dump) = try Self.inDock("lab.reference.strip", afterLoading: video)
        let found = (dump["reference"] as? [String: Any])?["start"] as? Double ?? 0
        #expect(abs(found - 0.5) < 0.04, "the motion found at \(found) s, the card leaves at 0.5 s")
        let duration = 2.2
        func x(_ seconds: Double) -> Double { strip.minX + 6 + seconds / duration * (strip.width - 12) }
        let y = strip.midY
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[\#(load),{"at":0.3,"type":"tap","x":\#(x(1.0)),"y":\#(y)},"#
                + #"{"at":0.5,"type":"dump","file":"\#(app.path("click.json"))"},"#
                + #"{"at":0.6,"type":"drag","from":[\#(x(1.0)),\#(y)],"to":[\#(x(0.2)),\#(y)],"duration":0.3},"#
                + #"{"at":1.1,"type":"dump","file":"\#(app.path("drag.json"))"}]}"#)
        let clicked = try #require(try app.readDump("click.json")["reference"] as? [String: Any])
        #expect(abs((clicked["start"] as? Double ?? 0) - 1.0) < 0.001, "\(clicked)")
        #expect(clicked["frame"] as? Int == 30)
        let dragged = try #require(try app.readDump("drag.json")["reference"] as? [String: Any])
        #expect(abs((dragged["start"] as? Double ?? 0) - 0.2) < 0.001, "\(dragged)")
    }

    @Test func aFileThatIsNotAVideoIsSaidInOneLineAndTheAppRunsOn() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        var messages: [String] = []
        app.backend.diagnostics.sink = { messages.append($0) }
        let text = app.path("notes.txt")
        try Data("not a video".utf8).write(to: URL(fileURLWithPath: text))
        let empty = app.path("empty.mp4")
        try Data().write(to: URL(fileURLWithPath: empty))
        try app.replay(
            #"{"events":[{"at":0.1,"type":"reference","file":"\#(app.path("missing.mp4"))"},"#
                + #"{"at":0.2,"type":"reference","file":"\#(text)"},"#
                + #"{"at":0.3,"type":"reference","file":"\#(empty)"},{"at":0.4,"type":"key","key":"u"},"#
                + #"{"at":0.6,"type":"key","key":"enter"},{"at":1.6,"type":"dump","file":"\#(app.path("d.json"))"}]}"#)
        #expect(messages.count == 4, "\(messages)")
        #expect(messages.contains { $0.contains("missing.mp4: no such file") })
        #expect(messages.contains { $0.contains("notes.txt is not a video") })
        #expect(messages.contains { $0.contains("empty.mp4 is empty") })
        #expect(messages.contains { $0.contains("No reference video") })
        #expect(messages.allSatisfy { !$0.contains("\n") }, "one line each")
        let dump = try app.readDump("d.json")
        #expect(dump["reference"] == nil)
        #expect(dump["scene"] as? String == "rooms" && (dump["controllers"] as? [String])?.count ?? 0 >= 1)
    }
}
