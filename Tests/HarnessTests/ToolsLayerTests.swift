import Foundation
import Graphics
import Platform
import PlatformSDL
import Scenes
import Testing

@testable import Harness
@testable import Tools

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
