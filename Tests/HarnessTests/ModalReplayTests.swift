import Foundation
import Graphics
import Testing

@testable import Harness
@testable import Tools

/// Drag to Dismiss, as a user drives it (issue 11): the card follows the finger, a release past
/// 30 % or a quick flick closes it, anything less springs it back.
@MainActor
@Suite(.serialized) struct ModalReplayTests {
    /// Opens the card (Enter at 0.2 s, up by 1.0 s), then replays `events` and dumps at 4 s.
    func run(_ events: String, golden: String? = nil) throws -> [String: Any] {
        try HeadlessApp.dump(scene: .modal, events: #"{"at":0.2,"type":"key","key":"enter"},"# + events, golden: golden)
    }

    func sheetTop(_ dump: [String: Any]) -> Double? {
        (HeadlessApp.view("modal.sheet", in: dump)?["frame"] as? [Double])?[1]
    }

    func controllers(_ dump: [String: Any]) -> [String] { dump["controllers"] as? [String] ?? [] }

    @Test func aSlowTwentyPercentDragSpringsBack() throws {
        // 10 pt of slop, then 169 pt (20 % of 844), released at a walking pace.
        let end = try run(#"{"at":1.5,"type":"drag","from":[195,300],"to":[195,479],"duration":1.0}"#)
        #expect(sheetTop(end) == 0)
        #expect(controllers(end) == ["AppController", "ModalHomeViewController", "ModalCardViewController"])
        #expect(end["transitioning"] as? Bool == false)
    }

    @Test func aFortyPercentDragCloses() throws {
        let end = try run(
            #"{"at":1.5,"type":"drag","from":[195,300],"to":[195,648],"duration":1.0}"#, golden: "modal-home.png")
        #expect(controllers(end) == ["AppController", "ModalHomeViewController"])
        #expect(HeadlessApp.view("modal.sheet", in: end) == nil)
    }

    @Test func aQuickFifteenPercentFlickCloses() throws {
        let end = try run(#"{"at":1.5,"type":"drag","from":[195,300],"to":[195,437],"duration":0.1}"#)
        #expect(controllers(end) == ["AppController", "ModalHomeViewController"])
    }

    @Test func closeAndEscapePlayTheSameDismissal() throws {
        let byButton = try run(#"{"at":1.5,"type":"tap","x":195,"y":785}"#)
        #expect(controllers(byButton) == ["AppController", "ModalHomeViewController"])
        let byKey = try run(#"{"at":1.5,"type":"key","key":"escape"}"#)
        #expect(controllers(byKey) == ["AppController", "ModalHomeViewController"])
    }

    /// Mid-drag: the card follows the finger 1:1 (linear), trailing it by the 10 pt slop and no
    /// more (220 pt of drag, the first move 20 pt), the home screen shows above it.
    @Test func midDragTheCardFollowsTheFinger() throws {
        let app = try HeadlessApp(scene: .modal)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.2,"type":"key","key":"enter"},{"at":1.5,"type":"down","x":195,"y":300},"#
                + #"{"at":1.6,"type":"move","x":195,"y":320},{"at":1.7,"type":"move","x":195,"y":520},"#
                + #"{"at":1.8,"type":"capture","file":"\#(app.path("modal-mid-drag.png"))"},"#
                + #"{"at":1.8,"type":"dump","file":"\#(app.path("mid.json"))"}]}"#)
        let mid = try app.readDump("mid.json")
        #expect(sheetTop(mid) == 210)
        #expect(mid["transitioning"] as? Bool == true)
        app.backend.waitForPendingWrites()
        try HeadlessApp.compareWithGolden(app.path("modal-mid-drag.png"), golden: "modal-mid-drag.png")
    }

    /// The coach mark appears with the card, drifts down and fades, and is gone 0.75 s later.
    @Test func theCoachMarkShowsTheGestureThenLeaves() throws {
        let app = try HeadlessApp(scene: .modal)
        defer { app.finish() }
        // The card is up at 0.8 s (0.2 + 0.6); the mark waits 0.25 s, then moves for 0.5 s.
        try app.replay(
            #"{"events":[{"at":0.2,"type":"key","key":"enter"},"#
                + #"{"at":0.85,"type":"dump","file":"\#(app.path("start.json"))"},"#
                + #"{"at":1.3,"type":"dump","file":"\#(app.path("moving.json"))"},"#
                + #"{"at":1.6,"type":"dump","file":"\#(app.path("gone.json"))"},"#
                + #"{"at":1.6,"type":"capture","file":"\#(app.path("modal-card.png"))"}]}"#)
        let start = try #require(HeadlessApp.view("modal.coach", in: try app.readDump("start.json")))
        #expect(start["frame"] as? [Double] == [180, 100, 30, 30])
        let moving = try #require(HeadlessApp.view("modal.coach", in: try app.readDump("moving.json")))
        let y = try #require((moving["frame"] as? [Double])?[1])
        #expect(y > 100 && y < 300)
        #expect((moving["alpha"] as? Double ?? 1) < 1)
        #expect(HeadlessApp.view("modal.coach", in: try app.readDump("gone.json")) == nil)
        app.backend.waitForPendingWrites()
        try HeadlessApp.compareWithGolden(app.path("modal-card.png"), golden: "modal-card.png")
    }

    /// A resize while the card slides up, and one while it is up: it still fills the window.
    @Test(arguments: [0.4, 2.0])
    func theCardFillsTheWindowAfterAResize(resizeAt: Double) throws {
        let end = try run(#"{"at":\#(resizeAt),"type":"resize","width":1280,"height":800}"#)
        #expect(HeadlessApp.view("modal.sheet", in: end)?["frame"] as? [Double] == [0, 0, 1280, 800])
        #expect(controllers(end).last == "ModalCardViewController")
    }
}
