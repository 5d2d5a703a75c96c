import Foundation
import Graphics
import Platform
import PlatformSDL
import Scenes
import Testing

@testable import Harness
@testable import Tools

/// The last transition stays: P plays it again frame for frame, L loops it, B shows it before and
/// after a tuned value, and touching the scene ends the replay.
@MainActor
@Suite struct TransitionReplayTests {
    @Test func pPlaysTheLastTransitionAgainFrameForFrameAndLLoopsIt() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":0.5,"type":"key","key":"enter"},
            {"at":0.8,"type":"capture","file":"\#(app.path("original.png"))"},
            {"at":3.0,"type":"key","key":"p"},
            {"at":3.3,"type":"capture","file":"\#(app.path("replayed.png"))"},
            {"at":5.0,"type":"capture","file":"\#(app.path("over.png"))"},
            {"at":6.0,"type":"key","key":"l"},
            {"at":6.3,"type":"capture","file":"\#(app.path("loop1.png"))"},
            {"at":9.0,"type":"dump","file":"\#(app.path("looping.json"))"},
            {"at":9.1,"type":"tap","x":195,"y":600},
            {"at":9.2,"type":"dump","file":"\#(app.path("stopped.json"))"}]}
            """#)
        app.backend.waitForPendingWrites()
        func image(_ name: String) throws -> PixelImage { try #require(SDLBackend.loadPNG(path: app.path(name))) }
        let original = try image("original.png")
        // The replay shows the very frame drawn 0.3 s into the opening, and ends at rest.
        #expect(try #require(try image("replayed.png").maximumChannelDifference(to: original)) == 0)
        #expect(try #require(try image("over.png").maximumChannelDifference(to: original)) > 50)
        #expect(try #require(try image("loop1.png").maximumChannelDifference(to: original)) == 0)
        func badge(_ dump: [String: Any]) -> [String] {
            (dump["views"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }.filter {
                $0.hasPrefix("Looping · ")
            }
        }
        #expect(badge(try app.readDump("looping.json")) == ["Looping · PanelTransition"], "still looping 3 s later")
        #expect(badge(try app.readDump("stopped.json")).isEmpty, "a tap on the scene ends the replay")
    }

    /// A key for the scene while a film is shown in its place ends the film first: Escape only
    /// ends it (the room stays open, as the live scene shows), and the next Escape closes the room.
    @Test func escapeDuringAReplayEndsItAndLeavesTheSceneAsItWas() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":0.5,"type":"key","key":"enter"},
            {"at":3.0,"type":"key","key":"l"},
            {"at":3.2,"type":"key","key":"escape"},
            {"at":3.3,"type":"dump","file":"\#(app.path("ended.json"))"},
            {"at":3.4,"type":"key","key":"escape"},
            {"at":5.0,"type":"dump","file":"\#(app.path("closed.json"))"}]}
            """#)
        let ended = try app.readDump("ended.json")
        let texts = (ended["views"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(!texts.contains { $0.hasPrefix("Looping · ") }, "the loop ended")
        #expect((ended["controllers"] as? [String])?.last == "RoomDetailViewController", "the room is still open")
        #expect((try app.readDump("closed.json")["controllers"] as? [String])?.last == "RoomsViewController")
    }

    @Test func bPlaysTheTransitionWithTheOldValueThenTheNew() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":0.5,"type":"key","key":"enter"},
            {"at":0.8,"type":"capture","file":"\#(app.path("old.png"))"},
            {"at":2.5,"type":"key","key":"escape"},
            {"at":4.5,"type":"tune","name":"rooms.present.damping","value":0.3},
            {"at":5.0,"type":"key","key":"enter"},
            {"at":5.3,"type":"capture","file":"\#(app.path("new.png"))"},
            {"at":7.0,"type":"key","key":"b"},
            {"at":7.3,"type":"capture","file":"\#(app.path("before.png"))"},
            {"at":7.3,"type":"dump","file":"\#(app.path("before.json"))"}]}
            """#)
        app.backend.waitForPendingWrites()
        func image(_ name: String) throws -> PixelImage { try #require(SDLBackend.loadPNG(path: app.path(name))) }
        #expect(try #require(try image("old.png").maximumChannelDifference(to: try image("new.png"))) > 20)
        #expect(try #require(try image("before.png").maximumChannelDifference(to: try image("old.png"))) == 0)
        let dump = try app.readDump("before.json")
        let texts = (dump["views"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        // Over the scene the badge keeps to its right part, wrapping what it says (across the
        // whole width it lay over the growing room's ×).
        #expect(texts.contains("Playing · Before"))
        #expect(texts.contains("rooms.present.damping 0.7 → 0.3"))
        let badge = try #require(HeadlessApp.view("lab.badge", in: dump)?["frame"] as? [Double])
        let close = try #require(HeadlessApp.view("rooms.close", in: dump)?["frame"] as? [Double])
        #expect(badge[0] > close[0] + close[2], "the badge at \(badge) clear of × at \(close)")
    }

    /// B again while before/after plays: the new run with the old one drawn faintly over it,
    /// frame for frame — each pixel 0.4 of the old run's and 0.6 of the new one's.
    @Test func bAgainShowsTheOldRunAsAGhostOverTheNew() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":0.5,"type":"key","key":"enter"},
            {"at":0.8,"type":"capture","file":"\#(app.path("old.png"))"},
            {"at":2.5,"type":"key","key":"escape"},
            {"at":4.5,"type":"tune","name":"rooms.present.damping","value":0.3},
            {"at":5.0,"type":"key","key":"enter"},
            {"at":5.3,"type":"capture","file":"\#(app.path("new.png"))"},
            {"at":7.0,"type":"key","key":"b"},
            {"at":7.4,"type":"key","key":"b"},
            {"at":7.7,"type":"capture","file":"\#(app.path("ghost.png"))"},
            {"at":7.7,"type":"dump","file":"\#(app.path("ghost.json"))"}]}
            """#)
        app.backend.waitForPendingWrites()
        func image(_ name: String) throws -> PixelImage { try #require(SDLBackend.loadPNG(path: app.path(name))) }
        let old = try image("old.png")
        let new = try image("new.png")
        let ghost = try image("ghost.png")
        var worst = 0
        var differing = 0
        for index in stride(from: 0, to: ghost.rgba.count, by: 4) {
            for channel in 0..<3 {
                let blended = 0.4 * Double(old.rgba[index + channel]) + 0.6 * Double(new.rgba[index + channel])
                let off = Int(abs(Double(ghost.rgba[index + channel]) - blended).rounded())
                worst = max(worst, off)
                if old.rgba[index + channel] != new.rgba[index + channel] { differing += 1 }
            }
        }
        #expect(differing > 10_000, "the two runs differ at this moment")
        #expect(worst <= 3, "the ghost is the old run at 0.4 over the new (off by up to \(worst))")
        let dump = try app.readDump("ghost.json")
        let texts = (dump["views"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        // The badge wraps what it says rather than run past the scene (it was cut with "…").
        #expect(texts.contains("Playing · Ghost of before"))
        #expect(texts.contains("rooms.present.damping 0.7 → 0.3"))
        let badge = try #require(HeadlessApp.view("lab.badge", in: dump)?["frame"] as? [Double])
        #expect(badge[0] >= 0 && badge[0] + badge[2] <= 390, "the badge at \(badge) within the scene")
    }

    /// A transition watched ten times slower is kept as it plays at full speed: its film is as
    /// long as the transition, and P shows, 0.3 s in, the frame a normal run shows then.
    @Test func aSlowedTransitionsFilmIsTheTransitionAtFullSpeed() throws {
        let normal = try HeadlessApp(scene: .rooms)
        defer { normal.finish() }
        try normal.replay(
            #"{"events":[{"at":0.5,"type":"key","key":"enter"},{"at":0.8,"type":"capture","file":"\#(normal.path("n.png"))"}]}"#
        )
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":0.1,"type":"slow","factor":10},{"at":0.5,"type":"key","key":"enter"},
            {"at":8.0,"type":"slow","factor":1},{"at":8.5,"type":"key","key":"p"},
            {"at":8.8,"type":"capture","file":"\#(app.path("replayed.png"))"}]}
            """#)
        let film = try #require(app.host.lab.lastFilm)
        #expect(abs(film.duration - 0.6) < 0.05, "the film lasts the transition's 0.6 s (\(film.duration))")
        #expect(film.frames.count < 60, "one frame per sixtieth of the transition's time (\(film.frames.count))")
        app.backend.waitForPendingWrites()
        normal.backend.waitForPendingWrites()
        let replayed = try #require(SDLBackend.loadPNG(path: app.path("replayed.png")))
        let original = try #require(SDLBackend.loadPNG(path: normal.path("n.png")))
        #expect(try #require(replayed.maximumChannelDifference(to: original)) <= 2)
    }

    /// The timeline's Play, Loop and B/A buttons do what P, L and B do.
    @Test func theTimelinesButtonsPlayLoopAndCompare() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":0.2,"type":"key","key":"g"},{"at":0.5,"type":"key","key":"enter"},
            {"at":2.5,"type":"dump","file":"\#(app.path("ended.json"))"}]}
            """#)
        let ended = try app.readDump("ended.json")
        #expect(HeadlessApp.view("lab.scrubber.compare", in: ended)?["hidden"] as? Bool == true, "nothing to compare")
        let play = try #require(HeadlessApp.view("lab.scrubber.play", in: ended)?["frame"] as? [Double])
        let loop = try #require(HeadlessApp.view("lab.scrubber.loop", in: ended)?["frame"] as? [Double])
        #expect(play[0] >= 390, "the timeline sits in the dock beside the scene")
        func tap(_ frame: [Double]) {
            let at = Point(x: frame[0] + frame[2] / 2, y: frame[1] + frame[3] / 2)
            for phase in [PointerEvent.Phase.down, .up] {
                app.clock.set(to: app.clock.now + 1.0 / 60)
                app.host.runFrame(inputs: [.pointer(PointerEvent(phase: phase, location: at, time: app.clock.now))])
            }
            for _ in 0..<10 {
                app.clock.set(to: app.clock.now + 1.0 / 60)
                app.host.runFrame(inputs: [])
            }
        }
        func badge() -> [String] {
            app.host.makeDump().views.compactMap(\.text).filter {
                $0.hasPrefix("Playing · ") || $0.hasPrefix("Looping · ")
            }
        }
        tap(play)
        #expect(badge() == ["Playing · PanelTransition"])
        #expect(app.host.lab.playback?.held == false, "playing, not held where the bar was clicked")
        tap(loop)
        #expect(badge() == ["Looping · PanelTransition"])
    }
}

/// After a transition ends its timeline stays: scrubbing it shows the frame drawn at that point.
@MainActor
@Suite struct FilmScrubTests {
    @Test func scrubbingAFinishedTransitionShowsItsFramesAndHoldsThere() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":0.2,"type":"key","key":"g"},{"at":0.5,"type":"key","key":"enter"},
            {"at":0.7,"type":"capture","file":"\#(app.path("original.png"))"},
            {"at":3.0,"type":"dump","file":"\#(app.path("ended.json"))"}]}
            """#)
        let film = try #require(app.host.lab.lastFilm)
        #expect(film.frames.count > 20)
        // The scrubber stays with the finished transition at its end.
        #expect(HeadlessApp.view("lab.scrubber", in: try app.readDump("ended.json"))?["hidden"] as? Bool == false)
        // 0.2 s in: the frame twelve frames after the first.
        app.host.lab.perform(.scrub(progress: 12 / Double(film.frames.count - 1)))
        let held = try app.captureFrame("held.png")
        let later = try app.captureFrame("later.png")
        let original = try #require(SDLBackend.loadPNG(path: app.path("original.png")))
        #expect(try #require(held.maximumChannelDifference(to: original)) == 0)
        #expect(try #require(later.maximumChannelDifference(to: original)) == 0, "held on that frame")
    }
}

/// A film being made when the window is resized starts again at the new size: kept whole, its
/// first frames were a third of the scene, and B played them as its "before" (the monkey found
/// the scene bare around them).
@MainActor
@Suite struct FilmResizeTests {
    @Test func aFilmBegunBeforeAResizeKeepsOnlyFramesOfTheNewSize() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.2,"type":"key","key":"enter"},"#
                + #"{"at":0.4,"type":"resize","width":600,"height":800},{"at":2,"type":"quit"}]}"#)
        let film = try #require(app.host.lab.lastFilm)
        for (index, frame) in film.frames.enumerated() {
            let widest =
                frame.commands.compactMap { command -> Double? in
                    if case .fill(let rect, _, _) = command { return rect.width }
                    return nil
                }.max() ?? 0
            #expect(widest >= 600, "frame \(index) of the film was drawn \(widest) pt wide")
        }
    }

    /// A film looped with L replays the motion it was made with: one made at a tuned damping is
    /// tuned motion (the monkey lets its spring swing past a frame), one made at the seed's is not.
    @Test func aLoopedFilmKnowsWhetherItWasMadeWithTunedValues() throws {
        for damping in [0.1, nil] {
            let app = try HeadlessApp(scene: .rooms)
            defer { app.finish() }
            let tune = damping.map { #"{"at":0.2,"type":"tune","name":"rooms.present.damping","value":\#($0)},"# } ?? ""
            try app.replay(
                #"{"events":[\#(tune){"at":0.5,"type":"key","key":"enter"},{"at":4.0,"type":"key","key":"l"},"#
                    + #"{"at":4.2,"type":"step"}]}"#)
            #expect(app.host.lab.shownFilm != nil, "the film loops")
            #expect(app.host.lab.replaysTunedMotion(defaults: app.host.tuning.parameters) == (damping != nil))
        }
    }
}

/// The lab's badge puts its parts on as few lines as fit, each part whole.
@MainActor
@Suite struct LabBadgeWrappingTests {
    @Test func partsWrapToTheWidthGivenEachWhole() {
        let measure = { (text: String) in Double(text.count) * 7 }
        let parts = ["Playing", "Ghost of before", "rooms.present.damping 0.7 → 0.3", "Paused"]
        #expect(
            LabBadgeView.lines(of: parts, within: 200, measure: measure) == [
                "Playing · Ghost of before", "rooms.present.damping 0.7 → 0.3", "Paused",
            ])
        #expect(LabBadgeView.lines(of: parts, within: 10_000, measure: measure) == [parts.joined(separator: " · ")])
        // A part wider than the room has a line of its own, not split.
        #expect(
            LabBadgeView.lines(of: ["a", "bbbbbbbbbb", "c"], within: 20, measure: measure) == ["a", "bbbbbbbbbb", "c"])
    }
}
