import Foundation
import Graphics
import Testing

@testable import Harness
@testable import Tools

/// Sliding Panels, driven as a user would and read back from the dump (ids from issue 5).
@MainActor
@Suite(.serialized) struct RoomsReplayTests {
    static let pitch = 234.0 + 10  // floor(0.6 × 390) + the 10 pt line spacing
    static let inset = (390.0 - 234) / 2

    func offsetX(_ dump: [String: Any]) -> Double? {
        (HeadlessApp.view("rooms.collection", in: dump)?["contentOffset"] as? [Double])?[0]
    }

    func frame(_ id: String, _ dump: [String: Any]) -> [Double]? {
        HeadlessApp.view(id, in: dump)?["frame"] as? [Double]
    }

    /// Which panel rests centred, and how far from exactly centred it is.
    func centred(_ offset: Double) -> (index: Double, error: Double) {
        let position = (offset + Self.inset) / Self.pitch
        return (position.rounded(), abs(position - position.rounded()) * Self.pitch)
    }

    func run(_ events: String) throws -> (HeadlessApp, [String: Any]) {
        let app = try HeadlessApp(scene: .rooms)
        try app.replay(#"{"events":[\#(events),{"at":5,"type":"dump","file":"\#(app.path("end.json"))"}]}"#)
        return (app, try app.readDump("end.json"))
    }

    @Test func panelsAreSixTenthsOfTheWindowAndTheFirstRestsCentred() throws {
        let (app, dump) = try run(#"{"at":0.1,"type":"key","key":"f11"}"#)
        defer { app.finish() }
        #expect(frame("rooms.panel.0", dump) == [78, 169, 234, 506])
        #expect(frame("rooms.panel.1", dump)?.first == 78 + Self.pitch)
        #expect(offsetX(dump) == -Self.inset)
    }

    @Test func aShortQuickFlickMovesToTheNextPanel() throws {
        let (app, dump) = try run(#"{"at":0.2,"type":"drag","from":[300,422],"to":[240,422],"duration":0.1}"#)
        defer { app.finish() }
        let rest = centred(try #require(offsetX(dump)))
        #expect(rest.index == 1)
        #expect(rest.error <= 0.5)
    }

    @Test func aSlowThirtyPercentDragSpringsBack() throws {
        let (app, dump) = try run(#"{"at":0.2,"type":"drag","from":[300,422],"to":[217,422],"duration":1.0}"#)
        defer { app.finish() }
        let rest = centred(try #require(offsetX(dump)))
        #expect(rest.index == 0 && rest.error <= 0.5)
    }

    /// Paging projects with UIKit's fast rate (0.99/ms): a fling of about 2000 pt/s coasts under
    /// 200 pt more, so it rests centred one or two panels on, never five.
    @Test func aLongFlingRestsCentredWithinItsProjection() throws {
        let (app, dump) = try run(#"{"at":0.2,"type":"drag","from":[350,422],"to":[150,422],"duration":0.1}"#)
        defer { app.finish() }
        let rest = centred(try #require(offsetX(dump)))
        #expect(rest.error <= 0.5)
        #expect(rest.index >= 1 && rest.index <= 2)
    }

    /// An ordinary flick (80 pt in 0.1 s) moves exactly one panel; a hard one (300 pt) a few.
    @Test(arguments: [(80.0, 1.0...1.0), (300.0, 2.0...3.0)])
    func flicksMoveOnePanelOrAFew(distance: Double, panels: ClosedRange<Double>) throws {
        let (app, dump) = try run(
            #"{"at":0.2,"type":"drag","from":[350,422],"to":[\#(350 - distance),422],"duration":0.1}"#)
        defer { app.finish() }
        let rest = centred(try #require(offsetX(dump)))
        #expect(rest.error <= 0.5)
        #expect(panels.contains(rest.index))
    }

    @Test func arrowKeysAndTheWheelPage() throws {
        let (app, dump) = try run(
            #"{"at":0.1,"type":"key","key":"right"},{"at":0.8,"type":"key","key":"right"},{"at":1.6,"type":"key","key":"left"},"#
                + #"{"at":2.5,"type":"move","x":200,"y":400},{"at":2.6,"type":"wheel","dy":-40}"#)
        defer { app.finish() }
        let rest = centred(try #require(offsetX(dump)))
        #expect(rest.index == 2 && rest.error <= 0.5)
    }

    /// Each wheel notch pages one more panel, even while the row still moves from the last one
    /// (as each arrow key press does): three notches a quarter of a second apart, three panels.
    @Test func eachWheelNotchPagesOneMorePanel() throws {
        let (app, dump) = try run(
            #"{"at":0.5,"type":"move","x":200,"y":400},{"at":1.0,"type":"wheel","dy":-40},"#
                + #"{"at":1.25,"type":"wheel","dy":-40},{"at":1.5,"type":"wheel","dy":-40}"#)
        defer { app.finish() }
        let rest = centred(try #require(offsetX(dump)))
        #expect(rest.index == 3 && rest.error <= 0.5, "rests on panel \(rest.index)")
    }

    /// Paused by the motion lab, two notches page forward once resumed (they were taken for one
    /// slow burst and paged back to where the row started).
    @Test func wheelNotchesWhilePausedPageForwardOnResume() throws {
        let (app, dump) = try run(
            #"{"at":0.5,"type":"move","x":200,"y":400},{"at":0.6,"type":"pause"},{"at":1.0,"type":"wheel","dy":-40},"#
                + #"{"at":1.5,"type":"wheel","dy":-40},{"at":2.0,"type":"resume"}"#)
        defer { app.finish() }
        let rest = centred(try #require(offsetX(dump)))
        #expect(rest.index >= 1 && rest.error <= 0.5, "rests on panel \(rest.index)")
    }

    @Test func tappingAPanelGrowsItIntoTheDetailScreen() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        let first = 0.5 + 1.0 / 60
        try app.replay(
            """
            {"events":[{"at":0.1,"type":"dump","file":"\(app.path("row.json"))"},
              {"at":0.5,"type":"tap","x":195,"y":422},
              {"at":\(first),"type":"dump","file":"\(app.path("start.json"))"},
              {"at":0.7,"type":"dump","file":"\(app.path("mid.json"))"},
              {"at":2.0,"type":"dump","file":"\(app.path("rest.json"))"}]}
            """)
        let panel = try #require(frame("rooms.panel.0", try app.readDump("row.json")))
        let start = try app.readDump("start.json")
        #expect(start["transitioning"] as? Bool == true)
        let wrapperAtStart = try #require(frame("rooms.wrapper", start))
        #expect(wrapperAtStart == panel)
        #expect(HeadlessApp.view("rooms.panel.0", in: start)?["hidden"] as? Bool == true)
        let mid = try app.readDump("mid.json")
        let wrapperMid = try #require(frame("rooms.wrapper", mid))
        #expect(wrapperMid[2] > 234 && wrapperMid[2] < 390 * 1.05)
        let overlay = try #require(HeadlessApp.view("rooms.overlay", in: mid)?["alpha"] as? Double)
        #expect(overlay > 0.1 && overlay < 0.6)
        let rest = try app.readDump("rest.json")
        #expect(rest["transitioning"] as? Bool == false)
        #expect(frame("rooms.detail", rest) == [0, 0, 390, 844])
        #expect(frame("rooms.detail.content", rest)?[1] == 64)
        #expect(frame("rooms.detail.title", rest)?[1] == 20)
        #expect(HeadlessApp.view("rooms.detail.image", in: rest)?["alpha"] as? Double == 0)
        #expect(HeadlessApp.view("rooms.close", in: rest)?["alpha"] as? Double == 1)
        #expect((rest["controllers"] as? [String])?.last == "RoomDetailViewController")
    }

    @Test func draggingTheSheetPastHalfWayRestsAtTheBottomWithTheRoomShowing() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        // 60 % of the 716 pt travel is 430 pt; drag slowly and rest before letting go.
        try app.replay(
            """
            {"events":[{"at":0.2,"type":"key","key":"enter"},
              {"at":1.5,"type":"drag","from":[195,300],"to":[195,740],"duration":1.0},
              {"at":2.45,"type":"dump","file":"\(app.path("held.json"))"},
              {"at":5,"type":"dump","file":"\(app.path("rest.json"))"}]}
            """)
        let held = try app.readDump("held.json")
        let sheetHeld = try #require(frame("rooms.detail.content", held))
        #expect(sheetHeld[1] > 400)
        let rest = try app.readDump("rest.json")
        #expect(frame("rooms.detail.content", rest)?[1] == 780.0)  // 64 pt from the bottom
        #expect(HeadlessApp.view("rooms.detail.image", in: rest)?["alpha"] as? Double == 1)
        // Progress 1: title at h/2 − 44, subtitle at h/2.
        #expect(frame("rooms.detail.title", rest)?[1] == 378.0)
        #expect(frame("rooms.detail.subtitle", rest)?[1] == 422.0)
    }

    @Test func closeReturnsToExactlyWhereThePanelIs() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            """
            {"events":[{"at":0.1,"type":"key","key":"right"},{"at":1.0,"type":"dump","file":"\(app.path("row.json"))"},
              {"at":1.1,"type":"key","key":"enter"},{"at":2.5,"type":"tap","x":26,"y":42},
              {"at":2.7,"type":"dump","file":"\(app.path("closing.json"))"},
              {"at":4.0,"type":"dump","file":"\(app.path("back.json"))"}]}
            """)
        let panel = try #require(frame("rooms.panel.1", try app.readDump("row.json")))
        let closing = try app.readDump("closing.json")
        #expect(closing["transitioning"] as? Bool == true)
        let back = try app.readDump("back.json")
        #expect(frame("rooms.panel.1", back) == panel)
        #expect(HeadlessApp.view("rooms.panel.1", in: back)?["hidden"] as? Bool == false)
        #expect(HeadlessApp.view("rooms.wrapper", in: back) == nil)
        #expect(HeadlessApp.view("rooms.overlay", in: back) == nil)
        #expect((back["controllers"] as? [String])?.last == "RoomsViewController")
    }

    @Test func closingWhileItOpensReversesWithoutAJump() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        let close = 0.5 + 0.25
        try app.replay(
            """
            {"events":[{"at":0.5,"type":"key","key":"enter"},
              {"at":\(close - 1.0 / 60),"type":"dump","file":"\(app.path("before.json"))"},
              {"at":\(close),"type":"key","key":"escape"},
              {"at":\(close),"type":"dump","file":"\(app.path("at.json"))"},
              {"at":4,"type":"dump","file":"\(app.path("back.json"))"}]}
            """)
        let before = try #require(frame("rooms.wrapper", try app.readDump("before.json")))
        let at = try #require(frame("rooms.wrapper", try app.readDump("at.json")))
        // One frame apart: the wrapper moved a little, not back to the panel or on to full size.
        #expect(abs(at[2] - before[2]) < 25)
        let back = try app.readDump("back.json")
        #expect(frame("rooms.panel.0", back) == [78, 169, 234, 506])
        #expect((back["controllers"] as? [String])?.last == "RoomsViewController")
    }
}

/// The room's sheet dragged far past its end in a short window (monkey seed 424242: 3,500 pt
/// down in a 160 pt window) snaps back as fast as from one end to the other, not in a time that
/// grows with how far the finger went (it took 101 s, the app animating all the while).
@MainActor
@Suite(.serialized) struct RoomSheetOverdragTests {
    @Test func aSheetDraggedFarPastItsEndSettlesWithinASecondAndAHalf() throws {
        let app = try HeadlessApp(scene: .rooms, size: Size(width: 1208, height: 160))
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.3,"type":"key","key":"enter"},"#
                + #"{"at":1.5,"type":"drag","from":[574,58],"to":[277,3573],"duration":0.1},"#
                + #"{"at":3.2,"type":"dump","file":"\#(app.path("settled.json"))"}]}"#)
        let dump = try app.readDump("settled.json")
        #expect(dump["scene"] as? String == "rooms")
        #expect(dump["settled"] as? Bool == true, "still animating 1.6 s after the drag ended")
    }
}
