import Controllers
import Foundation
import Graphics
import PlatformSDL
import Testing
import Views

@testable import Harness
@testable import Scenes
@testable import Tools

/// Zooming Icons, as a user drives it (issue 10): centred rows, the zoom from the tapped circle
/// to the detail screen and back, and the edge swipe that scrubs the way back.
@MainActor
@Suite(.serialized) struct IconsReplayTests {
    func frame(_ id: String, _ dump: [String: Any]) -> [Double]? {
        HeadlessApp.view(id, in: dump)?["frame"] as? [Double]
    }

    func alpha(_ id: String, _ dump: [String: Any]) -> Double? {
        HeadlessApp.view(id, in: dump)?["alpha"] as? Double
    }

    func controllers(_ dump: [String: Any]) -> [String] { dump["controllers"] as? [String] ?? [] }

    /// Taps the second circle (Listening) at 0.5 s: its centre is at (255, 150) in the menu.
    static let tapListening = #"{"at":0.5,"type":"tap","x":255,"y":150}"#
    /// The push starts with the tap's up, one frame after its down.
    static let pushStart = 0.5 + 1.0 / 60

    /// Every frame of the push and of the pop, the flying icon is drawn where and as large as the
    /// dump says it is: it grows from the menu icon's size to the detail icon's, and back.
    @Test func theFlyingIconIsDrawnAtItsFrameInEveryFrameBothWays() throws {
        let app = try HeadlessApp(scene: .icons)
        defer { app.finish() }
        var frames = 0
        var widths: [Double] = []
        var problems: [String] = []
        app.host.frameObserver = { phase in
            guard phase == .displayListBuilt,
                let icon = app.host.window.descendant(withIdentifier: "icons.zoom.icon") as? ImageView,
                let image = icon.image
            else { return }
            let shown = icon.frameInRoot
            let drawn = app.host.lastDisplayList.commands.compactMap { command -> Rect? in
                if case .image(image, _, let destination, _, _) = command { return destination }
                return nil
            }
            frames += 1
            guard let rect = drawn.first, drawn.count == 1 else {
                problems.append("at \(app.clock.now) s the icon is drawn \(drawn.count) times")
                return
            }
            widths.append(rect.width)
            // Aspect fit of a square picture: the frame itself, within a pixel.
            let off = [rect.minX - shown.minX, rect.minY - shown.minY, rect.maxX - shown.maxX, rect.maxY - shown.maxY]
            if off.contains(where: { abs($0) > 1 }) {
                problems.append("at \(app.clock.now) s drawn \(rect), shown \(shown)")
            }
        }
        try app.replay(
            #"{"events":[\#(Self.tapListening),{"at":2,"type":"key","key":"escape"},{"at":3.5,"type":"quit"}]}"#)
        #expect(frames > 40)
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        // It grows by small steps, not at once: no frame-to-frame jump of more than a fifth of the way.
        let steps = zip(widths, widths.dropFirst()).map { abs($1 - $0) }
        #expect((steps.max() ?? 0) < (120 - 50) / 5, "largest step \(steps.max() ?? 0) pt")
        #expect((widths.min() ?? 0) < 60 && (widths.max() ?? 0) > 110)
    }

    /// In a wide window the disc still covers the whole window as it lands: its bottom corners
    /// take the circle's colour with the rest, not white until the last frame.
    @Test func inAWideWindowTheDiscCoversTheCornersAsItLands() throws {
        let app = try HeadlessApp(scene: .icons, size: Size(width: 1280, height: 800))
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.5,"type":"key","key":"enter"},"#
                + #"{"at":1.08,"type":"dump","file":"\#(app.path("landing.json"))"},"#
                + #"{"at":1.08,"type":"capture","file":"\#(app.path("landing.png"))"}]}"#)
        app.backend.waitForPendingWrites()
        let landing = try app.readDump("landing.json")
        #expect(landing["transitioning"] as? Bool == true, "still landing")
        let disc = try #require(frame("icons.zoom", landing))
        let radius = disc[2] / 2
        let centre = (x: disc[0] + radius, y: disc[1] + radius)
        for corner in [(0.0, 0.0), (1280.0, 0.0), (0.0, 800.0), (1280.0, 800.0)] {
            let distance =
                ((corner.0 - centre.x) * (corner.0 - centre.x) + (corner.1 - centre.y) * (corner.1 - centre.y))
                .squareRoot()
            #expect(distance < radius, "corner \(corner) is \(distance) pt from the disc's centre, radius \(radius)")
        }
        let pixels = try #require(SDLBackend.loadPNG(path: app.path("landing.png")))
        let colour = pixels.pixel(x: 640, y: 785)
        #expect(pixels.pixel(x: 2, y: 797) == colour && pixels.pixel(x: 1277, y: 797) == colour)
    }

    @Test func rowsAreCentredWithFortyPointsBetweenThem() throws {
        let app = try HeadlessApp(scene: .icons)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.1,"type":"dump","file":"\#(app.path("menu.json"))"},"#
                + #"{"at":0.1,"type":"capture","file":"\#(app.path("icons-menu.png"))"}]}"#)
        let menu = try app.readDump("menu.json")
        for row in [[0, 1], [2, 3, 4]] {
            let first = try #require(frame("icons.item.\(row.first!)", menu))
            let last = try #require(frame("icons.item.\(row.last!)", menu))
            #expect(abs(first[0] - (390 - (last[0] + last[2]))) <= 0.5)
        }
        let top = try #require(frame("icons.item.0", menu))
        let below = try #require(frame("icons.item.2", menu))
        #expect(top[1] == 100)
        #expect(below[1] - (top[1] + top[3]) == 40)
        app.backend.waitForPendingWrites()
        try HeadlessApp.compareWithGolden(app.path("icons-menu.png"), golden: "icons-menu.png")
    }

    @Test func theCircleZoomsIntoTheDetailAndTheMenuShrinksAway() throws {
        let app = try HeadlessApp(scene: .icons)
        defer { app.finish() }
        let start = Self.pushStart
        try app.replay(
            #"{"events":[{"at":0.1,"type":"dump","file":"\#(app.path("menu.json"))"},\#(Self.tapListening),"#
                + #"{"at":\#(start),"type":"dump","file":"\#(app.path("start.json"))"},"#
                + #"{"at":\#(start + 0.2),"type":"dump","file":"\#(app.path("delay.json"))"},"#
                + #"{"at":\#(start + 0.1),"type":"capture","file":"\#(app.path("icons-mid-push.png"))"},"#
                + #"{"at":\#(start + 0.58),"type":"dump","file":"\#(app.path("landing.json"))"},"#
                + #"{"at":\#(start + 1.2),"type":"dump","file":"\#(app.path("detail.json"))"},"#
                + #"{"at":\#(start + 1.2),"type":"capture","file":"\#(app.path("icons-detail.png"))"}]}"#)
        let menu = try app.readDump("menu.json")
        let startDump = try app.readDump("start.json")
        // The flying circle starts exactly on the tapped circle, which is hidden while it flies.
        #expect(frame("icons.zoom", startDump) == frame("icons.item.1.circle", menu))
        #expect(HeadlessApp.view("icons.item.1.circle", in: startDump)?["hidden"] as? Bool == true)
        #expect(startDump["transitioning"] as? Bool == true)
        // Labels wait 0.2 s: still below the window.
        let waiting = try #require(frame("icons.detail.title", try app.readDump("delay.json")))
        #expect(waiting[1] >= 844)
        // Landing: the circle covers the window, the icon sits on the detail's, the menu is 0.8 and gone.
        let landing = try app.readDump("landing.json")
        let zoom = try #require(frame("icons.zoom", landing))
        #expect(zoom[0] <= 0 && zoom[1] <= 0 && zoom[0] + zoom[2] >= 390 && zoom[1] + zoom[3] >= 844)
        let flying = try #require(frame("icons.zoom.icon", landing))
        let target = try #require(frame("icons.detail.icon", landing))
        #expect(zip(flying, target).allSatisfy { abs($0 - $1) < 1 })
        let shrunk = try #require(frame("icons.menu", landing))
        #expect(abs(shrunk[2] - 0.8 * 390) < 2)
        #expect((alpha("icons.menu", landing) ?? 1) < 0.01)
        // At rest: the detail with its bar and labels in place, nothing flying.
        let detail = try app.readDump("detail.json")
        #expect(controllers(detail) == ["AppController", "IconsViewController", "IconsDetailViewController"])
        #expect(HeadlessApp.view("icons.zoom", in: detail) == nil)
        #expect(frame("icons.back", detail)?[1] == 20)
        let summary = try #require(frame("icons.detail.summary", detail))
        #expect(abs(summary[1] + summary[3] - (844 - 80)) < 0.5)
        #expect(HeadlessApp.view("icons.detail.icon", in: detail)?["hidden"] as? Bool == false)
        app.backend.waitForPendingWrites()
        try HeadlessApp.compareWithGolden(app.path("icons-mid-push.png"), golden: "icons-mid-push.png")
        try HeadlessApp.compareWithGolden(app.path("icons-detail.png"), golden: "icons-detail.png")
    }

    @Test func backReturnsIntoTheCellAndRestoresTheMenu() throws {
        let app = try HeadlessApp(scene: .icons)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.1,"type":"dump","file":"\#(app.path("menu.json"))"},\#(Self.tapListening),"#
                + #"{"at":2.0,"type":"tap","x":50,"y":42},{"at":4,"type":"dump","file":"\#(app.path("back.json"))"}]}"#)
        let back = try app.readDump("back.json")
        #expect(controllers(back) == ["AppController", "IconsViewController", "IconsMenuViewController"])
        #expect(frame("icons.menu", back) == [0, 0, 390, 844])
        #expect(alpha("icons.menu", back) == 1)
        #expect(frame("icons.item.1.circle", back) == frame("icons.item.1.circle", try app.readDump("menu.json")))
        #expect(HeadlessApp.view("icons.item.1.circle", in: back)?["hidden"] as? Bool == false)
        #expect(back["scene"] as? String == "icons")
    }

    /// An edge swipe scrubs the way back; let go slowly at 30 % and the detail comes back whole.
    @Test func anInteractivePopCancelledAtThirtyPercentRestoresTheDetail() throws {
        let app = try HeadlessApp(scene: .icons)
        defer { app.finish() }
        try app.replay(
            #"{"events":[\#(Self.tapListening),"#
                + #"{"at":2.0,"type":"drag","from":[5,400],"to":[132,400],"duration":1.0},"#
                + #"{"at":2.9,"type":"dump","file":"\#(app.path("scrubbing.json"))"},"#
                + #"{"at":4.5,"type":"dump","file":"\#(app.path("end.json"))"}]}"#)
        let scrubbing = try app.readDump("scrubbing.json")
        #expect(scrubbing["transitioning"] as? Bool == true)
        #expect(HeadlessApp.view("icons.zoom", in: scrubbing) != nil)
        let end = try app.readDump("end.json")
        #expect(controllers(end) == ["AppController", "IconsViewController", "IconsDetailViewController"])
        #expect(end["transitioning"] as? Bool == false)
        #expect(HeadlessApp.view("icons.zoom", in: end) == nil)
        #expect(frame("icons.back", end)?[1] == 20)
        #expect(frame("icons.detail.background", end) == [0, 0, 390, 844])
        #expect(HeadlessApp.view("icons.detail.icon", in: end)?["hidden"] as? Bool == false)
        let summary = try #require(frame("icons.detail.summary", end))
        #expect(abs(summary[1] + summary[3] - (844 - 80)) < 0.5)
    }

    /// At the menu the back swipe belongs to the app: it goes back to the gallery.
    @Test func anEdgeSwipeOnTheMenuGoesBackToTheGallery() throws {
        let app = try HeadlessApp(scene: .icons)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.3,"type":"drag","from":[5,400],"to":[300,400],"duration":0.3},"#
                + #"{"at":2,"type":"dump","file":"\#(app.path("end.json"))"}]}"#)
        #expect(try app.readDump("end.json")["scene"] as? String == "gallery")
    }

    /// A resize while the zoom flies: once it lands the detail fills the new window.
    @Test func aResizeDuringTheZoomLandsOnTheNewWindow() throws {
        let app = try HeadlessApp(scene: .icons)
        defer { app.finish() }
        try app.replay(
            #"{"events":[\#(Self.tapListening),{"at":0.7,"type":"resize","width":1280,"height":800},"#
                + #"{"at":3,"type":"dump","file":"\#(app.path("end.json"))"}]}"#)
        let end = try app.readDump("end.json")
        #expect(frame("icons.detail", end) == [0, 0, 1280, 800])
        #expect(frame("icons.detail.background", end) == [0, 0, 1280, 800])
        #expect(HeadlessApp.view("icons.zoom", in: end) == nil)
        #expect(end["transitioning"] as? Bool == false)
    }

    /// Screens that cannot name a coloured view and an icon get the default slide, not the zoom.
    @Test func theZoomIsChosenOnlyBetweenScreensThatCanZoom() {
        let zoom = ZoomingIconTransition()
        let navigation = NavigationController(rootViewController: ViewController())
        let plain = ViewController()
        let detail = IconsDetailViewController(item: IconItem.all[0])
        #expect(zoom.navigationController(navigation, animatorFor: .push, from: plain, to: detail) == nil)
        let menu = IconsMenuViewController()
        // Nothing selected yet: the menu has no circle to fly from.
        #expect(zoom.navigationController(navigation, animatorFor: .push, from: menu, to: detail) == nil)
    }
}
