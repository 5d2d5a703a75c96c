import Foundation
import Graphics
import Testing

@testable import Harness
@testable import Tools

/// Toasts and the keys' hint cover nothing to press, and a headless capture's toast shows as it
/// would in a window, from the next frame.
@MainActor
@Suite(.serialized) struct ToastPlacementTests {
    func frame(_ id: String, _ dump: [String: Any]) throws -> Rect {
        let values = try #require(HeadlessApp.view(id, in: dump)?["frame"] as? [Double], "\(id) in the dump")
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// In an open room the toast left the × and the title in the bar (it lay over both; at
    /// 1280 × 800, where the page's text leaves room beside it, over the title).
    @Test(arguments: [Size(width: 390, height: 844), Size(width: 1280, height: 800)])
    func aCapturesToastInAnOpenRoomLeavesTheBarsButtons(size: Size) throws {
        let app = try HeadlessApp(scene: .rooms, size: size)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.2,"type":"key","key":"enter"},{"at":2.0,"type":"key","key":"f12"},"#
                + #"{"at":2.05,"type":"dump","file":"\#(app.path("toast.json"))"}]}"#)
        let dump = try app.readDump("toast.json")
        #expect(ToolsLayerTests.isShown(HeadlessApp.view("lab.toast", in: dump)), "headless, the toast shows")
        let toast = try frame("lab.toast", dump)
        for id in ["rooms.close", "rooms.detail.title", "rooms.join"] {
            #expect(!toast.intersects(try frame(id, dump)), "the toast \(toast) covers \(id)")
        }
    }

    /// P's timeline ran along the scene's bottom over the modal card's Close button (22 pt of
    /// it) while the replay played; it now runs at the nearest height clear of every control,
    /// and the keys' hint moves clear of it.
    @Test func aReplaysTimelineLeavesTheModalCardsCloseButton() throws {
        let app = try HeadlessApp(scene: .modal)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.5,"type":"key","key":"enter"},{"at":2.5,"type":"key","key":"p"},"#
                + #"{"at":2.7,"type":"dump","file":"\#(app.path("replay.json"))"}]}"#)
        let dump = try app.readDump("replay.json")
        let timeline = try frame("lab.scrubber", dump)
        let close = try frame("modal.close", dump)
        #expect(!timeline.intersects(close), "the timeline \(timeline) covers Close \(close)")
        #expect(timeline.maxY > 600, "it stays near the bottom (at \(timeline))")
        if ToolsLayerTests.isShown(HeadlessApp.view("lab.hint", in: dump)) {
            #expect(!(try frame("lab.hint", dump)).intersects(timeline), "the hint covers the timeline")
        }
    }

    /// The keys' hint lay over the modal card's Close button; now it sits clear of it.
    @Test func theHintLeavesTheModalCardsCloseButton() throws {
        let app = try HeadlessApp(scene: .modal)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.2,"type":"key","key":"enter"},{"at":0.3,"type":"key","key":"escape"},"#
                + #"{"at":0.4,"type":"key","key":"enter"},{"at":1.5,"type":"dump","file":"\#(app.path("card.json"))"}]}"#
        )
        let dump = try app.readDump("card.json")
        let views = dump["views"] as? [[String: Any]] ?? []
        let buttons = views.filter { ($0["type"] as? String) == "Button" && ($0["hidden"] as? Bool) == false }
        #expect(!buttons.isEmpty)
        // The hint was placed over the home screen; the card brought its button under it.
        let hint = try frame("lab.hint", dump)
        for button in buttons {
            let values = try #require(button["frame"] as? [Double])
            let rect = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
            guard rect.maxY > 500 else { continue }
            #expect(!hint.intersects(rect), "the hint \(hint) covers a button at \(rect)")
        }
    }
}
