import Foundation
import Graphics
import Platform
import PlatformSDL
import Scenes
import Testing

@testable import Harness

/// Toasts and the keys' hint are drawn over the scene, never in its captures: F12 and a script's
/// capture are of the scene, Shift+F12 of the window as shown but its toast.
@MainActor
@Suite struct ToolsLayerTests {
    static func isShown(_ view: [String: Any]?) -> Bool { view?["hidden"] as? Bool == false }

    @Test func aToastNamesTheFileWrittenAndStaysOutOfTheScenesCapture() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":1.0,"type":"key","key":"f11"},
            {"at":1.5,"type":"dump","file":"\#(app.path("toast.json"))"},
            {"at":1.5,"type":"capture","file":"\#(app.path("scene.png"))"},
            {"at":1.5,"type":"key","key":"shift+f12"},
            {"at":4.5,"type":"dump","file":"\#(app.path("later.json"))"}]}
            """#)
        app.backend.waitForPendingWrites()
        let toast = HeadlessApp.view("lab.toast", in: try app.readDump("toast.json"))
        #expect(Self.isShown(toast))
        // The file's name, not the whole path.
        let text = toast?["text"] as? String ?? ""
        #expect(text.hasPrefix("Dump saved: teardowns-rooms-") && text.hasSuffix(".json") && !text.contains("/"))
        #expect(!Self.isShown(HeadlessApp.view("lab.toast", in: try app.readDump("later.json"))), "gone after ~2 s")

        // The scene's capture has no toast or hint; the window's has the hint, never a toast (it
        // reports a file, not the app: an F12's toast was baked into the next Shift+F12), and
        // differs nowhere else.
        let scene = try #require(SDLBackend.loadPNG(path: app.path("scene.png")))
        let captures = try FileManager.default.contentsOfDirectory(atPath: app.path("captures"))
        let windowFile = try #require(captures.first { $0.hasSuffix(".png") })
        let window = try #require(SDLBackend.loadPNG(path: app.path("captures/" + windowFile)))
        let difference = try #require(window.difference(to: scene, tolerance: 2))
        let hintFrame = try #require(
            HeadlessApp.view("lab.hint", in: try app.readDump("toast.json"))?["frame"] as? [Double])
        #expect(difference.region.minY >= hintFrame[1] - 1 && difference.region.maxY <= hintFrame[1] + hintFrame[3] + 1)
        #expect(difference.region.height > 10, "the hint is in the window's capture")

        // The same moment without any toast: the scene's capture is the same picture.
        let plain = try HeadlessApp(scene: .rooms)
        defer { plain.finish() }
        try plain.replay(#"{"events":[{"at":1.5,"type":"capture","file":"\#(plain.path("scene.png"))"}]}"#)
        plain.backend.waitForPendingWrites()
        let untouched = try #require(SDLBackend.loadPNG(path: plain.path("scene.png")))
        #expect(try #require(scene.maximumChannelDifference(to: untouched)) <= 2)
    }

    @Test func theHintShowsWhenASceneOpensAndFadesButTheGalleryKeepsItInItsFooter() throws {
        let app = try HeadlessApp(scene: .gallery)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":0.5,"type":"dump","file":"\#(app.path("gallery.json"))"},
            {"at":1.0,"type":"key","key":"enter"},
            {"at":2.5,"type":"dump","file":"\#(app.path("opened.json"))"},
            {"at":7.0,"type":"dump","file":"\#(app.path("later.json"))"}]}
            """#)
        #expect(!Self.isShown(HeadlessApp.view("lab.hint", in: try app.readDump("gallery.json"))))
        let opened = HeadlessApp.view("lab.hint", in: try app.readDump("opened.json"))
        #expect(Self.isShown(opened))
        #expect((opened?["text"] as? String)?.contains("T tune") == true)
        #expect(!Self.isShown(HeadlessApp.view("lab.hint", in: try app.readDump("later.json"))))
    }

    @Test func aProblemIsToastedToo() throws {
        let app = try HeadlessApp(scene: .modal)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":0.5,"type":"capture","file":"/dev/null/nowhere/shot.png"},
            {"at":1.0,"type":"dump","file":"\#(app.path("after.json"))"}]}
            """#)
        let toast = HeadlessApp.view("lab.toast", in: try app.readDump("after.json"))
        #expect(Self.isShown(toast))
        #expect((toast?["text"] as? String)?.contains("shot.png") == true)
    }

    @Test func aToastCutsPathsToTheirFileNames() {
        #expect(ToolsLayer.shortened("Capture saved: /tmp/a/b/shot.png") == "Capture saved: shot.png")
        #expect(ToolsLayer.shortened("Could not save /x/y.json: no room.") == "Could not save y.json: no room.")
        #expect(ToolsLayer.shortened("Keys: / and ?") == "Keys: / and ?")
    }
}

/// `?` lists the keys that work where the user is, grouped: this scene, motion, files.
@MainActor
@Suite struct KeyHelpTests {
    func texts(in dump: [String: Any]) -> [String] {
        (dump["views"] as? [[String: Any]] ?? []).filter { ($0["hidden"] as? Bool) == false }.compactMap {
            $0["text"] as? String
        }
    }

    @Test func theKeyListFollowsTheSceneAndIsGrouped() throws {
        let app = try HeadlessApp(scene: .settings)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":0.5,"type":"key","key":"?"},
            {"at":0.8,"type":"dump","file":"\#(app.path("settings.json"))"}]}
            """#)
        let shown = texts(in: try app.readDump("settings.json"))
        for heading in ["This scene", "Motion", "Files and the app"] { #expect(shown.contains(heading)) }
        #expect(shown.contains("slide the settings in / out"))
        #expect(shown.contains("capture the window, tools too"))

        let rooms = try HeadlessApp(scene: .rooms)
        defer { rooms.finish() }
        try rooms.replay(
            #"""
            {"events":[{"at":0.5,"type":"key","key":"?"},
            {"at":0.8,"type":"dump","file":"\#(rooms.path("rooms.json"))"}]}
            """#)
        let roomKeys = texts(in: try rooms.readDump("rooms.json"))
        #expect(roomKeys.contains("page the rooms"))
        #expect(!roomKeys.contains("slide the settings in / out"), "`,` works only in Settings")
    }
}

/// The curve graph (G) reads on its own: axes with units, one legend entry per curve, rounded
/// values, and a scene's expected spring only beside that scene's own transition.
@MainActor
@Suite struct CurveGraphReadabilityTests {
    func shownTexts(_ dump: [String: Any]) -> [String: String] {
        var texts: [String: String] = [:]
        for view in dump["views"] as? [[String: Any]] ?? [] where view["hidden"] as? Bool == false {
            if let id = view["id"] as? String, let text = view["text"] as? String { texts[id] = text }
        }
        return texts
    }

    @Test func theGraphHasAxesALegendThatFitsAndTheExpectedSpringOfItsOwnTransition() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.host.liveTuning.set("rooms.present.damping", to: 0.71234)
        try app.replay(
            #"""
            {"events":[{"at":0.2,"type":"key","key":"g"},{"at":0.5,"type":"key","key":"enter"},
            {"at":2.0,"type":"dump","file":"\#(app.path("graph.json"))"}]}
            """#)
        let texts = shownTexts(try app.readDump("graph.json"))
        #expect(texts["lab.graph.axis.time"] == "0 s")
        #expect(texts["lab.graph.axis.progress"] == "1")
        #expect(texts["lab.graph.expected"] == "expected: ζ 0.712")
        let graph = app.host.lab.graph
        #expect(!graph.curves.isEmpty)
        // One entry per curve, each naming a view and a property, none a list cut short.
        #expect(graph.curves.allSatisfy { !$0.properties[0].contains(",") })
        #expect(graph.curves.contains { $0.properties[0].hasPrefix("detail") || $0.properties[0].hasPrefix("wrapper") })

        // The gallery's push into Rooms is not the Rooms spring: no expected curve beside it.
        let gallery = try HeadlessApp(scene: .gallery)
        defer { gallery.finish() }
        try gallery.replay(
            #"""
            {"events":[{"at":0.2,"type":"key","key":"g"},{"at":0.5,"type":"key","key":"enter"},
            {"at":2.0,"type":"dump","file":"\#(gallery.path("push.json"))"}]}
            """#)
        let pushed = try gallery.readDump("push.json")
        #expect(pushed["scene"] as? String == "rooms")
        #expect(shownTexts(pushed)["lab.graph.expected", default: ""].isEmpty)
        #expect(gallery.host.lab.graph.expected == nil)
    }
}

/// The lab's panels that only show (curves, HUD, keys, badge) are tools: a capture of the scene is
/// the same with them open or not.
@MainActor
@Suite struct ToolsOutOfCapturesTests {
    @Test func aCaptureIsTheSameWithTheLabsPanelsOpen() throws {
        let withTools = try HeadlessApp(scene: .rooms)
        defer { withTools.finish() }
        try withTools.replay(
            #"""
            {"events":[{"at":0.2,"type":"key","key":"g"},{"at":0.2,"type":"key","key":"h"},
            {"at":0.2,"type":"key","key":"?"},{"at":0.3,"type":"pause"},
            {"at":0.6,"type":"capture","file":"\#(withTools.path("scene.png"))"},
            {"at":0.6,"type":"capture","file":"\#(withTools.path("window.png"))","window":true}]}
            """#)
        let plain = try HeadlessApp(scene: .rooms)
        defer { plain.finish() }
        try plain.replay(
            #"""
            {"events":[{"at":0.3,"type":"pause"},
            {"at":0.6,"type":"capture","file":"\#(plain.path("scene.png"))"}]}
            """#)
        withTools.backend.waitForPendingWrites()
        plain.backend.waitForPendingWrites()
        let scene = try #require(SDLBackend.loadPNG(path: withTools.path("scene.png")))
        let window = try #require(SDLBackend.loadPNG(path: withTools.path("window.png")))
        let untouched = try #require(SDLBackend.loadPNG(path: plain.path("scene.png")))
        #expect(try #require(scene.maximumChannelDifference(to: untouched)) <= 2, "the panels are not in the capture")
        // The panels sit in the dock, which widens the window beside the scene.
        #expect(window.width == scene.width + Int(DockView.width) && window.height == scene.height)
        let left = window.cropped(x: 0, y: 0, width: scene.width, height: scene.height)
        let overScene = try #require(left.difference(to: scene, tolerance: 2))
        #expect(overScene.fraction < 0.05, "only the badge and hint lie over the scene (\(overScene.fraction))")
        let dock = window.cropped(x: scene.width, y: 0, width: window.width - scene.width, height: window.height)
        let dockBackground = dock.pixel(x: 4, y: dock.height / 2)
        #expect(dockBackground.r == 28 && dockBackground.g == 28, "the dock's own column, not the scene")
    }
}

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
        let texts = (try app.readDump("before.json")["views"] as? [[String: Any]] ?? []).compactMap {
            $0["text"] as? String
        }
        #expect(texts.contains("Playing · Before · rooms.present.damping 0.7 → 0.3"))
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
        let texts = (try app.readDump("ghost.json")["views"] as? [[String: Any]] ?? []).compactMap {
            $0["text"] as? String
        }
        #expect(texts.contains("Playing · Ghost of before · rooms.present.damping 0.7 → 0.3"))
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
