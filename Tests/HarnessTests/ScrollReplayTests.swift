import Foundation
import Graphics
import Testing
import Views

@testable import Harness
@testable import Tools

/// Scrolling as a user does it, replayed headless and read back from the dump.
@MainActor
@Suite(.serialized) struct ScrollReplayTests {
    func offsetY(_ dump: [String: Any]) -> Double? {
        (HeadlessApp.view("gallery.scroll", in: dump)?["contentOffset"] as? [Double])?[1]
    }

    @Test func pullingTheGalleryDownRubberBandsAndSettlesBack() throws {
        let app = try HeadlessApp()
        defer { app.finish() }
        try app.replay(
            """
            {"events":[{"at":0.1,"type":"drag","from":[200,600],"to":[200,800],"duration":0.5},
              {"at":0.55,"type":"dump","file":"\(app.path("pulled.json"))"},
              {"at":2.5,"type":"dump","file":"\(app.path("rest.json"))"}]}
            """)
        let pulled = try #require(offsetY(try app.readDump("pulled.json")))
        // Finger travel past the 10 pt slop, resisted by the rubber band: less than the finger, more than nothing.
        #expect(pulled < -60 && pulled > -180)
        #expect(offsetY(try app.readDump("rest.json")) == 0)
        #expect(try app.readDump("rest.json")["settled"] as? Bool == true)
    }

    @Test func aFlingInAShortWindowComesToRestAtTheBottom() throws {
        let app = try HeadlessApp(size: Size(width: 390, height: 420))
        defer { app.finish() }
        try app.replay(
            """
            {"events":[{"at":0.1,"type":"drag","from":[200,380],"to":[200,180],"duration":0.1},
              {"at":0.3,"type":"dump","file":"\(app.path("moving.json"))"}]}
            """)
        let scroller = try #require(app.host.window.descendant(withIdentifier: "gallery.scroll") as? Views.ScrollView)
        let bottom = scroller.maximumContentOffset.y
        #expect(bottom > 100)
        #expect(app.host.isAnimating == false)
        #expect(scroller.contentOffset.y == bottom)
        let moving = try #require(offsetY(try app.readDump("moving.json")))
        #expect(moving > 150)
    }

    @Test func theWheelScrollsTheGalleryUnderThePointer() throws {
        let app = try HeadlessApp(size: Size(width: 390, height: 420))
        defer { app.finish() }
        try app.replay(
            """
            {"events":[{"at":0.0,"type":"move","x":200,"y":300},{"at":0.1,"type":"wheel","dy":-40},
              {"at":0.12,"type":"dump","file":"\(app.path("w.json"))"}]}
            """)
        #expect(offsetY(try app.readDump("w.json")) == 40)
    }
}
