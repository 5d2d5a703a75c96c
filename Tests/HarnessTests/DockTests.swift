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

/// The dock: the tools open beside the scene, which keeps its size, place and coordinates; the
/// window widens when the screen has room and the dock lies over the scene when it has not.
@MainActor
@Suite struct DockTests {
    private func frame(_ id: String, _ dump: [String: Any]) -> Rect? {
        guard let values = HeadlessApp.view(id, in: dump)?["frame"] as? [Double], values.count == 4 else { return nil }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    private func hidden(_ id: String, _ dump: [String: Any]) -> Bool {
        HeadlessApp.view(id, in: dump)?["hidden"] as? Bool ?? true
    }

    /// T, G, H and ? open the dock beside a 390×844 phone: the window is the phone and the dock,
    /// the scene's views do not move, every panel is inside the dock and none overlaps another;
    /// closing them gives the window back.
    @Test func theToolsOpenBesideThePhoneWhichKeepsItsSize() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.2,"type":"dump","file":"\#(app.path("before.json"))"},"#
                + #"{"at":0.3,"type":"key","key":"t"},{"at":0.3,"type":"key","key":"g"},{"at":0.3,"type":"key","key":"h"},"#
                + #"{"at":0.3,"type":"key","key":"?"},{"at":0.5,"type":"dump","file":"\#(app.path("open.json"))"},"#
                + #"{"at":0.6,"type":"key","key":"t"},{"at":0.6,"type":"key","key":"g"},{"at":0.6,"type":"key","key":"h"},"#
                + #"{"at":0.6,"type":"key","key":"?"},{"at":0.8,"type":"dump","file":"\#(app.path("closed.json"))"}]}"#)
        let before = try app.readDump("before.json")
        let open = try app.readDump("open.json")
        let closed = try app.readDump("closed.json")
        #expect(before["window"] as? [Double] == [390, 844])
        #expect(open["window"] as? [Double] == [390 + DockView.width, 844])
        #expect(open["scene_frame"] as? [Double] == [0, 0, 390, 844])
        #expect(frame("rooms.panel.0", open) == frame("rooms.panel.0", before), "the scene did not move")
        let dock = try #require(frame("lab.dock", open))
        #expect(dock == Rect(x: 390, y: 0, width: DockView.width, height: 844))
        let panels = try ["tuning.panel", "lab.graph", "lab.hud", "lab.help"].map { id in
            #expect(!hidden(id, open), "\(id) is shown")
            return try #require(frame(id, open), "\(id)")
        }
        for (upper, lower) in zip(panels, panels.dropFirst()) {
            #expect(upper.maxY <= lower.minY, "\(upper) and \(lower) do not overlap")
        }
        // The column may run past the window's bottom (it scrolls), never past its sides.
        for panel in panels { #expect(panel.minX >= dock.minX && panel.maxX <= dock.maxX) }
        #expect(closed["window"] as? [Double] == [390, 844])
        #expect(hidden("lab.dock", closed))
    }

    /// A capture of the scene is the same with the tools open or not: at 1280×800 the dock
    /// widens the window to 1644 px, and the scene's pictures were decoded again at that side
    /// (1536 px kept instead of 1280), which moved a room's picture by up to 27 levels.
    @Test func theScenesPicturesKeepTheirSizeWhenTheDockOpens() throws {
        let app = try HeadlessApp(scene: .rooms, size: Size(width: 1280, height: 800))
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.3,"type":"capture","file":"\#(app.path("closed.png"))"},"#
                + #"{"at":0.4,"type":"key","key":"t"},{"at":0.7,"type":"capture","file":"\#(app.path("open.png"))"}]}"#)
        app.backend.waitForPendingWrites()
        let closed = try #require(SDLBackend.loadPNG(path: app.path("closed.png")))
        let open = try #require(SDLBackend.loadPNG(path: app.path("open.png")))
        #expect(app.host.makeDump().window == [1280 + DockView.width, 800])
        #expect(open.maximumChannelDifference(to: closed) == 0)
    }

    /// With the dock open a script's resize sizes the scene (the window is it and the dock); the
    /// window manager's size gives the scene what the dock leaves.
    @Test func resizingKeepsTheDockBesideTheScene() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.host.runFrame(inputs: [.key(.t, time: 0)])
        app.host.runFrame(inputs: [.resized(Size(width: 600, height: 700))])
        #expect(app.host.sceneFrame == Rect(x: 0, y: 0, width: 600, height: 700))
        #expect(app.backend.pointSize == Size(width: 600 + DockView.width, height: 700))
        app.host.runFrame(inputs: [.windowResized(Size(width: 1000, height: 800))])
        #expect(app.host.sceneFrame == Rect(x: 0, y: 0, width: 1000 - DockView.width, height: 800))
        #expect(app.backend.pointSize == Size(width: 1000, height: 800))
        #expect(app.host.tools.dock.frame == Rect(x: 1000 - DockView.width, y: 0, width: DockView.width, height: 800))
    }

    /// The pointer on the dock is the tools': a drag on the tuning panel's slider tunes, and the
    /// scene beneath the same x never sees it; the wheel over the dock scrolls the dock's column.
    @Test func thePointerOnTheDockIsTheTools() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.host.runFrame(inputs: [.key(.t, time: 0), .key(.g, time: 0), .key(.h, time: 0), .key(.question, time: 0)])
        app.host.runFrame(inputs: [])
        let slider = try #require(
            app.host.tools.window.descendant(withIdentifier: "tuning.rooms.present.damping.slider") as? Slider)
        let track = slider.frameInRoot
        #expect(track.minX > 390, "the slider sits in the dock")
        let before = (app.host.tuning.value(named: "rooms.present.damping") ?? 0)
        let at = Point(x: track.minX + track.width * 0.9, y: track.midY)
        app.host.runFrame(inputs: [.pointer(PointerEvent(phase: .down, location: at, time: 0.1))])
        app.host.runFrame(inputs: [.pointer(PointerEvent(phase: .up, location: at, time: 0.15))])
        #expect(
            (app.host.tuning.value(named: "rooms.present.damping") ?? 0) > before, "a click on the track set the value")
        let column = app.host.tools.dock.scroll
        #expect(column.contentSize.height > column.bounds.height, "tuning and the key list overflow the column")
        app.host.runFrame(inputs: [.wheel(delta: Point(x: 0, y: -120), location: Point(x: 500, y: 400), time: 0.3)])
        func settle() {
            for _ in 0..<150 {
                app.clock.set(to: app.clock.now + 1.0 / 60)
                app.host.runFrame(inputs: [])
            }
        }
        settle()
        #expect(column.contentOffset.y > 0, "the wheel over the dock scrolled its column")
        // Wheeled far past either end, the column springs back to it, as a scroll view does.
        let end = column.contentSize.height - column.bounds.height
        for _ in 0..<10 {
            app.host.runFrame(inputs: [
                .wheel(delta: Point(x: 0, y: -400), location: Point(x: 500, y: 400), time: app.clock.now)
            ])
        }
        settle()
        #expect(
            abs(column.contentOffset.y - end) < 0.5, "rests at the column's end (\(column.contentOffset.y) of \(end))")
        for _ in 0..<10 {
            app.host.runFrame(inputs: [
                .wheel(delta: Point(x: 0, y: 400), location: Point(x: 500, y: 400), time: app.clock.now)
            ])
        }
        settle()
        #expect(abs(column.contentOffset.y) < 0.5, "rests at the column's top (\(column.contentOffset.y))")
    }

    /// A screen without room beside the scene: the window keeps the scene's size and the dock lies
    /// over it, under the bars, no taller than its panels, at the side away from the last press on
    /// the scene.
    @Test func withoutRoomTheDockLiesOverTheSceneAwayFromThePress() throws {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 1100, height: 700), scale: 1,
            assetsDirectory: HeadlessApp.repositoryRoot + "/Assets",
            pictureCache: .folder(NSTemporaryDirectory() + "teardowns-dock-\(UUID().uuidString)"))
        let cramped = CrampedScreen(base: backend)
        let host = AppHost(
            backend: cramped, clock: ManualClock(), scene: .rooms,
            captures: CaptureStore(directory: NSTemporaryDirectory() + "teardowns-dock-captures") { "20261122-000000" })
        host.runFrame(inputs: [.key(.t, time: 0)])
        host.runFrame(inputs: [])
        #expect(backend.pointSize == Size(width: 1100, height: 700), "the window kept its size")
        #expect(host.tools.placement == .over(atLeft: false))
        #expect(host.tools.dock.frame.maxX <= 1100 && host.tools.dock.frame.minX > 550)
        // Below its bars and no taller than its panels: a press under it is the scene's.
        let dock = host.tools.dock.frame
        #expect(dock.minY == ToolsLayer.overlayTop && dock.maxY < 700 - 40, "\(dock)")
        let press = Point(x: dock.midX, y: 690)
        host.runFrame(inputs: [.pointer(PointerEvent(phase: .down, location: press, time: 0.1))])
        host.runFrame(inputs: [.pointer(PointerEvent(phase: .up, location: press, time: 0.12))])
        #expect(host.tools.placement == .over(atLeft: true))
        #expect(host.tools.dock.frame.minX < 100)
        backend.shutdown()
    }

    /// A panel that rides along (a readout) shows while the dock is open for another and never
    /// opens it; a panel of any height leaves the scene's bottom free when the dock lies over
    /// the scene (the second newcomer's frame counter broke that room).
    @Test func aRidingPanelNeverOpensTheDockAndNoPanelCoversTheScenesBottom() {
        final class Tall: View {
            override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 2000) }
        }
        let tools = ToolsLayer(
            size: Size(width: 1100, height: 700), metrics: EstimatedContentMetrics(), clock: ManualClock())
        let readout = Tall()
        tools.addToDock(readout, opensDock: false)
        #expect(!tools.wantsDock, "a readout alone leaves the dock closed")
        let panel = View(frame: .zero)
        panel.isHidden = true
        tools.addToDock(panel)
        #expect(!tools.wantsDock)
        panel.isHidden = false
        #expect(tools.wantsDock, "an ordinary panel shown opens it")
        tools.layOut(
            windowSize: Size(width: 1100, height: 700), sceneSize: Size(width: 1100, height: 700),
            placement: .over(atLeft: false))
        #expect(tools.dock.frame.maxY <= 700 - ToolsLayer.overlayBottomRoom, "\(tools.dock.frame)")
    }
}

/// A screen with no room for anything wider than the window.
@MainActor
private final class CrampedScreen: WrappingBackend {
    let base: any Backend
    init(base: any Backend) { self.base = base }
    func hasRoom(for size: Size) -> Bool { size.width <= base.pointSize.width && size.height <= base.pointSize.height }
    func draw(_ list: DisplayList) { base.draw(list) }
    func drawOverlay(_ list: DisplayList) { base.drawOverlay(list) }
    func readPixels() -> PixelImage? { base.readPixels() }
}
