import Foundation
import Graphics
import Testing
import Views

@testable import Harness
@testable import Tools

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
        // 105 pt of the 200 pt reveal (115 pt of drag less the 10 pt slop): the panel's right
        // edge 105 pt in, the overlay a little past half way.
        #expect(frame("settings.panel", mid) == [-285, 0, 390, 844])
        #expect(HeadlessApp.view("settings.overlay", in: mid)?["alpha"] as? Double == 0.42)
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

    /// The clock stays legible over whatever is under each of its glyphs (≥ 3:1), on every frame
    /// of the panel opening and closing, at a phone's size (where the panel's edge cuts through
    /// the clock: "9:" was white on the white panel) and at 1280 × 800.
    /// Escape while the panel still springs in sends it back from where it is, at once and
    /// smoothly: its edge turns round without a jump, and the page is back within the dismissal.
    @Test func escapeWhileOpeningSendsThePanelBack() throws {
        let app = try HeadlessApp(scene: .settings)
        defer { app.finish() }
        var edges: [(time: Double, right: Double)] = []
        app.host.frameObserver = { phase in
            guard phase == .displayListBuilt, let panel = app.host.window.descendant(withIdentifier: "settings.panel")
            else { return }
            edges.append((app.clock.now, panel.frameInRoot.maxX))
        }
        try app.replay(
            #"{"events":[{"at":0.2,"type":"key","key":"comma"},{"at":0.45,"type":"key","key":"escape"},"#
                + #"{"at":1.4,"type":"quit"}]}"#)
        let atEscape = try #require(edges.last { $0.time <= 0.45 })
        #expect(atEscape.right > 60 && atEscape.right < 200, "still opening at the key: \(atEscape.right)")
        let after = edges.filter { $0.time > 0.45 }.map(\.right)
        let steps = zip(after, after.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 <= 0.5 }, "heads back without turning round again: \(after)")
        #expect(zip([atEscape.right] + after, after).allSatisfy { abs($1 - $0) < 40 }, "no jump: \(after)")
        #expect(app.host.makeDump().controllers == ["AppController", "SettingsHomeViewController"])
    }

    @Test(arguments: [Size(width: 390, height: 844), Size(width: 1280, height: 800)])
    func theClockReadsOnEveryFrameWhereverThePanelsEdgeIs(size: Size) throws {
        let app = try HeadlessApp(scene: .settings, size: size, drawing: .everyFrame)
        defer { app.finish() }
        func luminance(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Double {
            Color(red: Double(p.r) / 255, green: Double(p.g) / 255, blue: Double(p.b) / 255).relativeLuminance
        }
        func contrast(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }
        // The clock's box: centred, y 3–18.
        let box = (minX: Int(size.width / 2) - 20, maxX: Int(size.width / 2) + 20)
        var inkColumns: [Int] = []
        var problems: [String] = []
        var frames = 0
        app.host.frameObserver = { phase in
            guard phase == .drawn, let pixels = app.backend.readPixels() else { return }
            frames += 1
            if inkColumns.isEmpty {
                // Before the panel: the columns where the glyphs are solid (dark on the light bar).
                inkColumns = (box.minX...box.maxX).filter { x in
                    (4...17).contains { y in
                        contrast(luminance(pixels.pixel(x: x, y: y)), luminance(pixels.pixel(x: x, y: 1))) > 7
                    }
                }
                return
            }
            // In each of them, the glyph's strongest pixel against the bar just above it.
            let weak = inkColumns.filter { x in
                let background = luminance(pixels.pixel(x: x, y: 1))
                let best = (4...17).map { contrast(luminance(pixels.pixel(x: x, y: $0)), background) }.max() ?? 1
                return best < 3
            }
            // One column may sit exactly on the panel's antialiased edge.
            if weak.count > 1 { problems.append("at \(app.clock.now) s columns \(weak) under 3:1") }
        }
        try app.replay(
            #"{"events":[{"at":0.2,"type":"key","key":"comma"},{"at":1.8,"type":"key","key":"escape"},"#
                + #"{"at":2.6,"type":"quit"}]}"#)
        #expect(frames > 100)
        #expect(inkColumns.count > 10)
        #expect(problems.isEmpty, "\(size): \(problems.count) frames, first \(problems.prefix(3))")
    }
}
