import Foundation
import Graphics
import Motion
import Platform
import PlatformSDL
import Scenes
import Testing
import Views

@testable import Harness
@testable import Tools

/// The motion lab as a designer uses it: slow motion, pause and step, scrubbing, the curve graph
/// and recording, each checked against what a normal run shows.
@MainActor
@Suite(.serialized) struct MotionLabTests {
    /// Every identified view's frame and alpha in a dump: the scene's, which come before the
    /// tools' (the dock, open while the clock is slowed, has a scroll view of its own).
    private func geometry(_ dump: [String: Any]) -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        for view in dump["views"] as? [[String: Any]] ?? [] {
            let id = view["id"] as? String
            if id?.hasPrefix("lab.") == true || id?.hasPrefix("tuning.") == true { break }
            guard let id, let frame = view["frame"] as? [Double] else { continue }
            result[id] = frame + [(view["alpha"] as? Double) ?? 1]
        }
        return result
    }

    /// The two dumps show the same screen: the same views, each within 0.5 pt and 0.01 alpha.
    private func expectSameScreen(_ a: [String: Any], _ b: [String: Any], _ what: String) {
        let left = geometry(a)
        let right = geometry(b)
        #expect(Set(left.keys) == Set(right.keys), "\(what): different views on screen")
        var worst = 0.0
        var worstID = ""
        for (id, values) in left {
            guard let other = right[id], other.count == values.count else { continue }
            for (x, y) in zip(values, other) where abs(x - y) > worst {
                worst = abs(x - y)
                worstID = id
            }
        }
        #expect(worst <= 0.5, "\(what): \(worstID) differs by \(worst)")
    }

    /// The room's open, dumped `after` seconds into it at normal speed.
    private func normalRun(after: Double) throws -> [String: Any] {
        try HeadlessApp.dump(scene: .rooms, events: #"{"at":0.5,"type":"key","key":"enter"}"#, at: 0.5 + after)
    }

    /// A moment of the open that is still moving (the spring's overshoot), so a wrong time shows.
    private static let moment = 0.3

    @Test func tenTimesSlowerReachesTheSameStateAtTenTimesTheTime() throws {
        let normal = try normalRun(after: Self.moment)
        let slow = try HeadlessApp.dump(
            scene: .rooms,
            events: #"{"at":0.1,"type":"slow","factor":10},{"at":0.5,"type":"key","key":"enter"}"#,
            at: 0.5 + Self.moment * 10)
        expectSameScreen(normal, slow, "×10 at 3 s against ×1 at 0.3 s")
        #expect(slow["transitioning"] as? Bool == true)
        // And a moment earlier it is not there yet: the comparison can fail.
        let early = try HeadlessApp.dump(
            scene: .rooms,
            events: #"{"at":0.1,"type":"slow","factor":10},{"at":0.5,"type":"key","key":"enter"}"#,
            at: 0.5 + Self.moment * 5)
        #expect(geometry(early)["rooms.detail"] != geometry(normal)["rooms.detail"])
    }

    @Test func pauseHoldsAndStepAdvancesExactlyOneFrame() throws {
        let pauseAt = 0.5 + 10.0 / 60
        let normalNext = try HeadlessApp.dump(
            scene: .rooms, events: #"{"at":0.5,"type":"key","key":"enter"}"#, at: pauseAt + 1.0 / 60)
        let held = try HeadlessApp.dump(
            scene: .rooms,
            events: #"{"at":0.5,"type":"key","key":"enter"},{"at":\#(pauseAt),"type":"pause"}"#, at: 2)
        let normalAtPause = try HeadlessApp.dump(
            scene: .rooms, events: #"{"at":0.5,"type":"key","key":"enter"}"#, at: pauseAt)
        expectSameScreen(normalAtPause, held, "paused for 1.8 s")
        let stepped = try HeadlessApp.dump(
            scene: .rooms,
            events:
                #"{"at":0.5,"type":"key","key":"enter"},{"at":\#(pauseAt),"type":"pause"},{"at":1.5,"type":"step"}"#,
            at: 2)
        expectSameScreen(normalNext, stepped, "one step after the pause")
        #expect(geometry(stepped)["rooms.detail"] != geometry(held)["rooms.detail"])
    }

    /// Scrubbed to half way — forwards from early on, and back from near the end (after some of
    /// the transition's animations have finished) — the screen is the normal run's at half time.
    @Test func scrubbingToHalfWayShowsTheNormalRunsFrame() throws {
        let normal = try normalRun(after: 0.3)
        let forwards = try HeadlessApp.dump(
            scene: .rooms,
            events:
                #"{"at":0.5,"type":"key","key":"enter"},{"at":0.55,"type":"pause"},{"at":0.6,"type":"scrub","progress":0.5}"#,
            at: 1.5)
        expectSameScreen(normal, forwards, "scrubbed forwards to 0.5")
        let backwards = try HeadlessApp.dump(
            scene: .rooms,
            events:
                #"{"at":0.5,"type":"key","key":"enter"},{"at":1.05,"type":"pause"},{"at":1.1,"type":"scrub","progress":0.5}"#,
            at: 1.5)
        expectSameScreen(normal, backwards, "scrubbed back to 0.5")
        #expect(backwards["transitioning"] as? Bool == true)
    }

    /// Resumed after a scrub, the transition plays on from there and ends as a normal run does.
    @Test func aScrubbedTransitionResumesAndEnds() throws {
        let normal = try normalRun(after: 3)
        let resumed = try HeadlessApp.dump(
            scene: .rooms,
            events:
                #"{"at":0.5,"type":"key","key":"enter"},{"at":0.9,"type":"pause"},{"at":1.0,"type":"scrub","progress":0.2},"#
                + #"{"at":1.2,"type":"resume"}"#,
            at: 3.5)
        expectSameScreen(normal, resumed, "after resuming")
        #expect(resumed["transitioning"] as? Bool == false)
    }

    /// Dragging the scrubber's thumb scrubs; letting go resumes.
    @Test func draggingTheScrubberScrubs() throws {
        // Slowed, the timeline is in the dock beside the scene (not over the phone's bottom).
        let slowed = #"{"at":0.1,"type":"slow","factor":20},{"at":0.5,"type":"key","key":"enter"}"#
        let placed = try HeadlessApp.dump(scene: .rooms, events: slowed, at: 0.6)
        let bar = try #require(HeadlessApp.view("lab.scrubber", in: placed)?["frame"] as? [Double])
        #expect(bar[0] >= 390, "the timeline is in the dock, right of the 390 pt scene: \(bar)")
        // The track runs across the bar below its caption: from its left end to its middle.
        let (left, middle, y) = (bar[0] + 16, bar[0] + bar[2] / 2, bar[1] + 38)
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[\#(slowed),"#
                + #"{"at":0.6,"type":"down","x":\#(left),"y":\#(y)},{"at":0.7,"type":"move","x":\#(middle),"y":\#(y)},"#
                + #"{"at":0.8,"type":"dump","file":"\#(app.path("held.json"))"},{"at":0.9,"type":"up","x":\#(middle),"y":\#(y)},"#
                + #"{"at":0.95,"type":"dump","file":"\#(app.path("let-go.json"))"}]}"#)
        let held = try app.readDump("held.json")
        #expect(HeadlessApp.view("lab.scrubber", in: held)?["hidden"] as? Bool == false)
        let normal = try normalRun(after: 0.3)
        expectSameScreen(normal, held, "the thumb held at half way")
        #expect(app.host.lab.clock.isPaused == false)
    }

    /// A 0.5 s recording is 30 numbered frames, and its last frame is the app's frame of that moment.
    @Test func aRecordingWritesEveryFrame() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        let folder = app.path("recording")
        try app.replay(
            #"{"events":[{"at":0.5,"type":"record","dir":"\#(folder)","duration":0.5},{"at":0.5,"type":"key","key":"enter"},"#
                + #"{"at":\#(0.5 + 29.0 / 60),"type":"capture","file":"\#(app.path("moment.png"))"}]}"#)
        app.host.lab.finishRecording()
        app.backend.waitForPendingWrites()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
        #expect(files.count == 30)
        #expect(files.first == "frame-0001.png" && files.last == "frame-0030.png")
        let last = try #require(SDLBackend.loadPNG(path: folder + "/frame-0030.png"))
        let moment = try #require(SDLBackend.loadPNG(path: app.path("moment.png")))
        #expect(last.maximumChannelDifference(to: moment) == 0)
        let first = try #require(SDLBackend.loadPNG(path: folder + "/frame-0001.png"))
        #expect((first.maximumChannelDifference(to: last) ?? 0) > 0)
    }

    /// R pressed while nothing moves waits for the next transition: its first frame is the
    /// transition's first, not the screen before (the recording of 84 identical frames), and it
    /// ends 0.2 s after the transition's last; R during the wait cancels it, writing nothing.
    @Test func rWaitsForTheTransitionAndRecordsItFromItsFirstFrameToItsLast() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.host.lab.keepsRecordingFrames = true
        app.host.lab.encodesRecordings = false
        try app.replay(
            #"""
            {"events":[{"at":0.2,"type":"key","key":"r"},{"at":0.25,"type":"key","key":"r"},
            {"at":0.3,"type":"key","key":"r"},
            {"at":1.0,"type":"key","key":"enter"},{"at":1.0,"type":"capture","file":"\#(app.path("first.png"))"},
            {"at":1.6,"type":"capture","file":"\#(app.path("last.png"))"}]}
            """#)
        app.host.lab.finishRecording()
        app.backend.waitForPendingWrites()
        let captures = app.path("captures")
        let folders = try FileManager.default.contentsOfDirectory(atPath: captures).filter {
            $0.hasSuffix("-recording")
        }
        #expect(folders.count == 1, "the cancelled wait left no folder: \(folders)")
        let folder = captures + "/" + (folders.first ?? "")
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("frame-") }
            .sorted()
        // The 0.6 s opening (37 frames) and 0.2 s at rest.
        #expect((46...52).contains(frames.count), "\(frames.count) frames")
        let first = try #require(SDLBackend.loadPNG(path: folder + "/frame-0001.png"))
        let opening = try #require(SDLBackend.loadPNG(path: app.path("first.png")))
        #expect(first.maximumChannelDifference(to: opening) == 0, "the first frame is the opening's first")
        let last = try #require(SDLBackend.loadPNG(path: folder + "/" + (frames.last ?? "")))
        let rest = try #require(SDLBackend.loadPNG(path: app.path("last.png")))
        #expect(last.maximumChannelDifference(to: rest) == 0, "the last frame shows the room at rest")
    }

    /// With the lab in use, the timeline stays on screen from a transition's start through its
    /// end into its film: no frame between the two hides it (it flickered off for one frame).
    @Test func theTimelineDoesNotFlickerWhenATransitionEnds() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.frames(5, [.key(.g, time: app.clock.now)])
        app.frames(1, [.key(.enter, time: app.clock.now)])
        var shown: [Bool] = []
        var captions: [String] = []
        for _ in 0..<90 {
            app.frames(1)
            shown.append(!app.host.lab.scrubber.isHidden)
            captions.append(app.host.lab.scrubber.captionText)
        }
        let first = try #require(shown.firstIndex(of: true), "the timeline showed during the opening")
        #expect(!shown[first...].contains(false), "hidden on frame \(shown[first...].firstIndex(of: false) ?? -1)")
        #expect(app.host.runningTransition == nil, "the opening ended within the frames watched")
        // Once the opening has ended its caption stays as it is: the film's whole length from the
        // first frame after (it said "0.58 / 0.58 s" for one frame, then "0.60 / 0.60 s").
        let final = try #require(captions.last)
        let changes = zip(captions, captions.dropFirst()).filter { $0 != $1 }.map(\.1)
        #expect(changes.last == final && changes.filter { !$0.contains("%") }.count == 1, "\(changes.suffix(3))")
    }

    /// Films are pictures at the scene's size: after a resize the last one is let go, so P never
    /// plays a picture that leaves part of a larger scene bare (monkey seed 20261126).
    @Test func aResizeLetsTheFilmsGo() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.frames(1, [.key(.enter, time: app.clock.now)])
        app.frames(80)
        #expect(app.host.lab.lastFilm != nil, "the opening was filmed")
        app.frames(2, [.resized(Size(width: 600, height: 700))])
        #expect(app.host.lab.lastFilm == nil)
        app.frames(2, [.key(.p, time: app.clock.now)])
        #expect(app.host.lab.playback == nil, "nothing to play at the new size")
    }

    /// A second `record` while one runs finishes the first (its file is made) and starts anew.
    @Test func aSecondRecordingFinishesTheFirst() throws {
        guard RecordingCadenceTests.hasFFmpeg() else { return }
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.2,"type":"record","dir":"\#(app.path("one"))","duration":0.5,"format":"gif"},"#
                + #"{"at":0.3,"type":"record","dir":"\#(app.path("two"))","duration":0.3,"format":"mp4"},"#
                + #"{"at":0.2,"type":"key","key":"enter"}]}"#)
        app.host.lab.finishRecording()
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.path("one")) == ["recording.gif"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.path("two")) == ["recording.mp4"])
    }

    /// A script's `record` as a GIF or an MP4 is the same file, byte for byte, on every run.
    @Test(arguments: ["gif", "mp4"])
    func aRecordedFileIsTheSameOnEveryRun(format: String) throws {
        guard RecordingCadenceTests.hasFFmpeg() else { return }
        var files: [Data] = []
        for run in 0..<2 {
            let app = try HeadlessApp(scene: .rooms)
            defer { app.finish() }
            let folder = app.path("take\(run)")
            try app.replay(
                #"{"events":[{"at":0.5,"type":"record","dir":"\#(folder)","duration":0.25,"format":"\#(format)"},"#
                    + #"{"at":0.5,"type":"key","key":"enter"}]}"#)
            app.host.lab.finishRecording()
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(names == ["recording.\(format)"], "only the \(format) stays: \(names)")
            files.append(try Data(contentsOf: URL(fileURLWithPath: folder + "/recording.\(format)")))
        }
        #expect(files[0].count > 1000 && files[0] == files[1])
    }

    /// The recorder hands the video to ffmpeg and reports when it is made; that must not keep
    /// the app alive after its window closes.
    @Test func anAppThatRecordedIsFreedWhenItCloses() throws {
        weak var closedHost: AppHost?
        do {
            let app = try HeadlessApp(scene: .rooms)
            closedHost = app.host
            try app.replay(
                #"{"events":[{"at":0.5,"type":"record","dir":"\#(app.path("recording"))","duration":0.2},"#
                    + #"{"at":0.5,"type":"key","key":"enter"},{"at":1.5,"type":"key","key":"escape"}]}"#)
            app.host.lab.finishRecording()
            app.finish()
        }
        #expect(closedHost == nil, "the app is still alive after it closed")
    }

    /// The curve graph of the Rooms open (a 0.7 spring) rises above the 1.0 line; a damping-1
    /// spring's never does.
    @Test func theGraphShowsTheSpringsOvershoot() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.2,"type":"key","key":"g"},{"at":0.5,"type":"key","key":"enter"},{"at":0.6,"type":"pause"}]}"#
        )
        let graph = try #require(app.host.lab.graph.isHidden == false ? app.host.lab.graph : nil)
        let image = try app.captureFrame("graph.png", window: true)
        let frame = graph.frameInRoot
        let plot = graph.plotRect
        let lineOne = graph.y(for: 1.0)
        let springColours = CurveGraphView.palette.prefix(graph.curves.count)
        func curvePixelsAboveOne() -> Int {
            var count = 0
            for y in stride(from: Int(frame.minY + plot.minY), to: Int(frame.minY + lineOne) - 3, by: 1) {
                for x in Int(frame.minX + plot.minX)..<Int(frame.minX + plot.maxX) {
                    let pixel = image.pixel(x: x, y: y)
                    if springColours.contains(where: { $0.isClose(to: pixel) }) { count += 1 }
                }
            }
            return count
        }
        #expect(curvePixelsAboveOne() > 20, "the 0.7 spring's overshoot is drawn above 1")

        let critical = CurveGraphView()
        critical.frame = Rect(x: 0, y: 0, width: 360, height: 220)
        let timing = SpringTiming(start: 0, duration: 0.6, dampingRatio: 1)
        let under = SpringTiming(start: 0, duration: 0.6, dampingRatio: 0.7)
        critical.show(
            (
                "test", MotionSpan(start: 0, duration: 0.6),
                [
                    AnimationRecord(targetName: "a", property: .center, timing: timing, addedAt: 0),
                    AnimationRecord(targetName: "b", property: .alpha, timing: under, addedAt: 0),
                ]
            ), now: 0.3)
        let topOfOne = critical.y(for: 1.0)
        #expect(critical.points(of: critical.curves[0]).allSatisfy { $0.y >= topOfOne - 1e-9 })
        #expect(critical.points(of: critical.curves[1]).contains { $0.y < critical.y(for: 1.03) })
    }

    @Test func theLabKeysToggleTheirPanels() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.1,"type":"key","key":"h"},{"at":0.1,"type":"key","key":"?"},{"at":0.1,"type":"key","key":"s"},"#
                + #"{"at":0.2,"type":"dump","file":"\#(app.path("on.json"))"},{"at":0.3,"type":"key","key":"h"},"#
                + #"{"at":0.3,"type":"key","key":"?"},{"at":0.3,"type":"key","key":"s"},{"at":0.3,"type":"key","key":"space"},"#
                + #"{"at":0.4,"type":"dump","file":"\#(app.path("off.json"))"},{"at":0.5,"type":"key","key":"space"}]}"#
        )
        let on = try app.readDump("on.json")
        #expect(HeadlessApp.view("lab.hud", in: on)?["hidden"] as? Bool == false)
        #expect(HeadlessApp.view("lab.help", in: on)?["hidden"] as? Bool == false)
        #expect(HeadlessApp.view("lab.badge", in: on)?["hidden"] as? Bool == false)
        let off = try app.readDump("off.json")
        #expect(HeadlessApp.view("lab.hud", in: off)?["hidden"] as? Bool == true)
        #expect(HeadlessApp.view("lab.help", in: off)?["hidden"] as? Bool == true)
        #expect(HeadlessApp.view("lab.badge", in: off)?["hidden"] as? Bool == false, "paused shows the badge")
        #expect(app.host.lab.clock.slowdown == 1 && !app.host.lab.clock.isPaused)
    }
}

extension Color {
    /// Whether a captured pixel is this colour (within rounding and antialiasing).
    fileprivate func isClose(to pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        abs(Double(pixel.r) - red * 255) < 24 && abs(Double(pixel.g) - green * 255) < 24
            && abs(Double(pixel.b) - blue * 255) < 24
    }
}
