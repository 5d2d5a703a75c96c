import Foundation
import Graphics
import Testing
import Views

@testable import Harness

/// Slide-in Settings, as a user drives it (issue 11): the edge drag pulls the panel in under the
/// finger; past 40 % (or a flick) it opens over an 0.8 overlay, otherwise it slides back.
@MainActor
@Suite(.serialized) struct SettingsReplayTests {
    func run(_ events: String, golden: String? = nil) throws -> [String: Any] {
        try HeadlessApp.dump(scene: .settings, events: events, golden: golden)
    }

    func frame(_ id: String, _ dump: [String: Any]) -> [Double]? {
        HeadlessApp.view(id, in: dump)?["frame"] as? [Double]
    }

    func controllers(_ dump: [String: Any]) -> [String] { dump["controllers"] as? [String] ?? [] }

    /// Half the 200 pt reveal (after the 10 pt slop), slowly: the panel opens, right edge at 200.
    @Test func anEdgeDragToHalfWayOpensThePanel() throws {
        let end = try run(
            #"{"at":0.3,"type":"drag","from":[5,400],"to":[115,400],"duration":1.0}"#, golden: "settings-open.png")
        #expect(controllers(end) == ["AppController", "SettingsHomeViewController", "SettingsPanelViewController"])
        #expect(frame("settings.panel", end) == [-190, 0, 390, 844])
        #expect(HeadlessApp.view("settings.overlay", in: end)?["alpha"] as? Double == 0.8)
        // The back swipe yielded: the scene is still on screen.
        #expect(end["scene"] as? String == "settings")
    }

    @Test func aShortSlowEdgeDragSlidesBack() throws {
        let end = try run(
            #"{"at":0.3,"type":"drag","from":[5,400],"to":[35,400],"duration":1.0}"#, golden: "settings-home.png")
        #expect(controllers(end) == ["AppController", "SettingsHomeViewController"])
        #expect(HeadlessApp.view("settings.panel", in: end) == nil)
    }

    @Test func tappingTheOverlayCloses() throws {
        let end = try run(#"{"at":0.3,"type":"key","key":"comma"},{"at":1.6,"type":"tap","x":300,"y":400}"#)
        #expect(controllers(end) == ["AppController", "SettingsHomeViewController"])
        #expect(HeadlessApp.view("settings.overlay", in: end) == nil)
    }

    @Test func draggingThePanelLeftCloses() throws {
        let end = try run(
            #"{"at":0.3,"type":"key","key":"comma"},{"at":1.6,"type":"drag","from":[150,400],"to":[40,400],"duration":0.5}"#
        )
        #expect(controllers(end) == ["AppController", "SettingsHomeViewController"])
    }

    /// Mid-drag: the panel is under the finger (linear) and the overlay is part way.
    @Test func midEdgeDragThePanelFollowsTheFinger() throws {
        let app = try HeadlessApp(scene: .settings)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.3,"type":"down","x":5,"y":400},{"at":0.4,"type":"move","x":20,"y":400},"#
                + #"{"at":0.5,"type":"move","x":120,"y":400},"#
                + #"{"at":0.6,"type":"capture","file":"\#(app.path("settings-mid-drag.png"))"},"#
                + #"{"at":0.6,"type":"dump","file":"\#(app.path("mid.json"))"}]}"#)
        let mid = try app.readDump("mid.json")
        // 100 pt of the 200 pt reveal: half way, the panel's right edge 100 pt in.
        #expect(frame("settings.panel", mid) == [-290, 0, 390, 844])
        #expect(HeadlessApp.view("settings.overlay", in: mid)?["alpha"] as? Double == 0.4)
        app.backend.waitForPendingWrites()
        try HeadlessApp.compareWithGolden(app.path("settings-mid-drag.png"), golden: "settings-mid-drag.png")
    }

    /// A toggle keeps its state when the panel closes and opens again (and while the app runs).
    @Test func aToggleRemembersItsState() throws {
        let app = try HeadlessApp(scene: .settings)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.3,"type":"key","key":"comma"},{"at":1.5,"type":"key","key":"down"},"#
                + #"{"at":1.6,"type":"key","key":"down"},{"at":1.7,"type":"key","key":"enter"},"#
                + #"{"at":2.0,"type":"key","key":"escape"},{"at":2.6,"type":"tap","x":350,"y":42}]}"#)
        // Haptics started on; Enter on the second row turned it off, and the reopened panel shows it off.
        #expect(app.host.app?.settings.isOn("haptics") == false)
        #expect(app.host.app?.settings.isOn("sounds") == true)
        let haptics = try #require(app.host.window.descendant(withIdentifier: "settings.toggle.haptics") as? Switch)
        #expect(!haptics.isOn)
        #expect(app.host.windowHost.visibleControllers.last?.dumpName == "SettingsPanelViewController")
    }

    /// The panel keeps the rule of its frame (right edge at 200 pt) through a resize, also one
    /// that lands while it slides in.
    @Test(arguments: [0.5, 2.0])
    func thePanelKeepsItsPlaceAcrossAResize(resizeAt: Double) throws {
        let end = try run(
            #"{"at":0.3,"type":"key","key":"comma"},{"at":\#(resizeAt),"type":"resize","width":800,"height":600}"#)
        #expect(frame("settings.panel", end) == [-600, 0, 800, 600])
        #expect(frame("settings.overlay", end) == [0, 0, 800, 600])
        #expect(end["transitioning"] as? Bool == false)
    }
}
