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

/// Live tuning as a designer uses it: a changed constant changes the next effect; the panel's
/// Save writes a file that loads back; the dump lists the scene's values.
@MainActor
@Suite(.serialized) struct LiveTuningTests {
    /// How far past the window's width the room's view grows while it opens (the spring's
    /// overshoot), with `rooms.present.damping` tuned to `damping` just before.
    private func roomsOvershoot(damping: Double) throws -> Double {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        let script = try InputScript.parse(
            Data(
                (#"{"events":[{"at":0.1,"type":"tune","name":"rooms.present.damping","value":\#(damping)},"#
                    + #"{"at":0.5,"type":"key","key":"enter"}]}"#).utf8))
        var widest = 0.0
        ReplayRunner().run(
            Timeline(script: script, windowSize: app.backend.pointSize), host: app.host, clock: app.clock
        ) {
            _, _, _ in
            if let detail = app.host.window.descendant(withIdentifier: "rooms.detail") {
                widest = max(widest, detail.frameInRoot.width)
            }
            return true
        }
        #expect(app.host.tuning[SceneTuning.Rooms.presentDamping] == damping)
        return widest - 390
    }

    @Test func theRoomsSpringFollowsTheTunedDamping() throws {
        let seed = try roomsOvershoot(damping: 0.7)
        let critical = try roomsOvershoot(damping: 1.0)
        let bouncy = try roomsOvershoot(damping: 0.5)
        #expect(seed > 1, "the seed's 0.7 spring overshoots (\(seed) pt)")
        #expect(critical < 0.01, "damping 1 never overshoots (\(critical) pt)")
        #expect(bouncy > seed + 1, "0.5 overshoots more than 0.7 (\(bouncy) against \(seed) pt)")
    }

    /// A slow 40 % drag closes the card at the seed's 30 % threshold and springs back at 50 %.
    @Test func theModalThresholdDecidesAFortyPercentDrag() throws {
        func end(threshold: Double) throws -> [String] {
            let dump = try HeadlessApp.dump(
                scene: .modal,
                events:
                    #"{"at":0.1,"type":"tune","name":"modal.finish.threshold","value":\#(threshold)},"#
                    + #"{"at":0.2,"type":"key","key":"enter"},"#
                    + #"{"at":1.5,"type":"drag","from":[195,300],"to":[195,648],"duration":1.0}"#)
            return dump["controllers"] as? [String] ?? []
        }
        #expect(try end(threshold: 0.3).last == "ModalHomeViewController")
        #expect(try end(threshold: 0.5).last == "ModalCardViewController")
    }

    /// T shows the panel; dragging a slider's thumb changes the value as it moves; Save writes a
    /// file that loads back into a fresh app as the same values; the dump lists them.
    @Test func thePanelTunesSavesAndLoadsBack() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.host.runFrame(inputs: [.key(.t, time: 0)])
        app.host.runFrame(inputs: [])
        let slider = try #require(
            app.host.tools.window.descendant(withIdentifier: "tuning.rooms.present.damping.slider") as? Slider)
        let thumb = slider.convert(slider.thumbCenter, to: nil)
        var seen: [Double] = []
        let owner = slider.onChange
        slider.onChange = { value in
            seen.append(value)
            owner(value)
        }
        let save = try #require(app.host.tools.window.descendant(withIdentifier: "tuning.save")).frameInRoot.center
        try app.replay(
            #"{"events":[{"at":0.2,"type":"drag","from":[\#(thumb.x),\#(thumb.y)],"to":[\#(thumb.x + 60),\#(thumb.y)],"duration":0.2},"#
                + #"{"at":0.6,"type":"tap","x":\#(save.x),"y":\#(save.y)},{"at":0.8,"type":"dump","file":"\#(app.path("d.json"))"}]}"#
        )
        #expect(seen.count >= 5, "the value follows the thumb frame by frame (\(seen.count) changes)")
        #expect(seen == seen.sorted() && (seen.last ?? 0) > 0.7)
        let tuned = app.host.tuning[SceneTuning.Rooms.presentDamping]
        // What the slider set is what the row shows: three decimals, not the thumb's raw float.
        #expect(tuned == (((seen.last ?? 0) * 1000).rounded() / 1000))
        #expect(tuned == (tuned * 1000).rounded() / 1000)
        let dump = try app.readDump("d.json")
        let dumped = try #require((dump["parameters"] as? [String: Double])?["rooms.present.damping"])
        #expect(abs(dumped - tuned) < 1e-9)

        let saved = try FileManager.default.contentsOfDirectory(atPath: app.path("captures"))
            .filter { $0.hasSuffix("-tuning.json") }
        #expect(saved.count == 1)
        let data = try Data(contentsOf: URL(fileURLWithPath: app.path("captures/" + (saved.first ?? ""))))
        let savedText = String(decoding: data, as: UTF8.self)
        #expect(savedText.contains("\"rooms.present.damping\": \(tuned)"), "\(savedText)")
        #expect(savedText.range(of: #"\.\d{5,}"#, options: .regularExpression) == nil, "no raw floats: \(savedText)")
        let fresh = try HeadlessApp(scene: .rooms)
        defer { fresh.finish() }
        try fresh.host.liveTuning.load(data)
        for parameter in SceneTuning.all {
            #expect(fresh.host.tuning[parameter] == app.host.tuning[parameter], "\(parameter.name)")
        }
    }

    /// With the panel open in the dock beside the scene, a swipe on the scene still pages the
    /// rooms row; a drag on the panel does not reach the row.
    @Test func thePanelLeavesTheSceneItsInput() throws {
        let app = try HeadlessApp(scene: .rooms, size: Size(width: 1280, height: 800))
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.1,"type":"key","key":"t"},{"at":0.3,"type":"drag","from":[700,400],"to":[300,400],"duration":0.3},"#
                + #"{"at":1.4,"type":"dump","file":"\#(app.path("paged.json"))"},"#
                + #"{"at":1.5,"type":"drag","from":[1600,500],"to":[1400,500],"duration":0.3},"#
                + #"{"at":3,"type":"dump","file":"\#(app.path("end.json"))"}]}"#)
        let paged = try app.readDump("paged.json")
        let end = try app.readDump("end.json")
        func offset(_ dump: [String: Any]) -> Double {
            (HeadlessApp.view("rooms.collection", in: dump)?["contentOffset"] as? [Double])?[0] ?? 0
        }
        #expect(offset(paged) > 100, "the swipe on the scene paged the row (offset \(offset(paged)))")
        #expect(offset(end) == offset(paged), "the drag on the panel left the row alone")
        #expect(end["window"] as? [Double] == [1280 + DockView.width, 800])
        #expect(end["scene_frame"] as? [Double] == [0, 0, 1280, 800])
        let panel = try #require(HeadlessApp.view("tuning.panel", in: end))
        #expect(panel["hidden"] as? Bool == false)
        #expect((panel["frame"] as? [Double])?[0] ?? 0 >= 1280, "the panel sits beside the scene")
    }

    /// With the panel open the scene keeps its keys (← → page the rooms, Escape leaves) until a
    /// slider is clicked; then ← → nudge that slider and Escape gives the keys back.
    @Test func theSceneKeepsItsKeysUntilASliderIsClicked() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        let frames = app.frames
        frames(5, [.key(.t, time: 0)])
        let collection = try #require(app.host.window.descendant(withIdentifier: "rooms.collection") as? ScrollView)
        frames(90, [.key(.right, time: app.clock.now)])
        #expect(collection.contentOffset.x > 100, "→ paged the rooms with the panel open")
        let slider = try #require(
            app.host.tools.window.descendant(withIdentifier: "tuning.rooms.present.damping.slider") as? Slider)
        let at = Point(x: slider.frameInRoot.midX, y: slider.frameInRoot.midY)
        frames(1, [.pointer(PointerEvent(phase: .down, location: at, time: app.clock.now))])
        frames(5, [.pointer(PointerEvent(phase: .up, location: at, time: app.clock.now))])
        let clicked = app.host.tuning.value(named: "rooms.present.damping") ?? 0
        let paged = collection.contentOffset.x
        frames(30, [.key(.right, time: app.clock.now)])
        #expect(abs((app.host.tuning.value(named: "rooms.present.damping") ?? 0) - clicked - 0.014) < 0.002)
        #expect(collection.contentOffset.x == paged, "→ nudged the slider, not the rooms")
        frames(5, [.key(.escape, time: app.clock.now)])
        #expect(app.host.liveTuning.isShown, "Escape left the slider, the panel stays")
        frames(60, [.key(.escape, time: app.clock.now)])
        #expect(app.host.sceneName == "gallery", "then Escape is the scene's again: back to the gallery")
    }

    /// The curve graph's expected spring follows a tuned damping in the very next frame.
    @Test func theGraphRedrawsTheTunedSpringAtOnce() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(#"{"events":[{"at":0.1,"type":"key","key":"g"}]}"#)
        let graph = app.host.lab.graph
        let before = try #require(graph.expected).timing as? SpringTiming
        #expect(before?.solution.dampingRatio == 0.7)
        try app.host.liveTuning.set("rooms.present.damping", to: 0.4)
        app.host.runFrame(inputs: [])
        let after = try #require(graph.expected).timing as? SpringTiming
        #expect(after?.solution.dampingRatio == 0.4)
        let peak = graph.points(of: try #require(graph.expected), startingAt: 0).map(\.y).min() ?? 0
        #expect(peak < graph.y(for: 1.2), "ζ 0.4 overshoots past 1.2")
    }

    @Test func badTuningIsRefusedNamingIt() throws {
        let tuning = Tuning(parameters: SceneTuning.all)
        #expect(throws: TuningError.unknownName("rooms.nope")) { try tuning.set("rooms.nope", to: 1) }
        #expect(throws: TuningError.self) { try tuning.set("rooms.present.damping", to: 5) }
        #expect(throws: ScriptError.self) { try LiveTuning.validate(Data(#"{"modal.flick.velocity": "fast"}"#.utf8)) }
        #expect(throws: ScriptError.self) {
            try InputScript.parse(Data(#"{"events":[{"at":0,"type":"tune","name":"x.y","value":1}]}"#.utf8))
        }
    }
}
