import Foundation
import Graphics
import PlatformSDL
import Scenes
import Testing

@testable import Harness
@testable import Tools

/// The gallery as a user drives it, replayed headless; SDL is global, so these run one at a time.
@MainActor
@Suite(.serialized) struct GalleryReplayTests {
    @Test func clickingARowOpensThatSceneAndEscapeComesBack() throws {
        let app = try HeadlessApp()
        defer { app.finish() }
        let row = try #require(app.host.window.descendant(withIdentifier: "gallery.item.inbox"))
        app.host.window.layoutIfNeeded()
        let centre = row.frameInRoot.center
        try app.replay(
            """
            {"events":[{"at":0.1,"type":"tap","x":\(centre.x),"y":\(centre.y)},
              {"at":0.3,"type":"dump","file":"\(app.path("mid.json"))"},
              {"at":0.6,"type":"dump","file":"\(app.path("open.json"))"},
              {"at":0.7,"type":"key","key":"escape"},{"at":1.2,"type":"dump","file":"\(app.path("back.json"))"}]}
            """)
        // Mid-push both screens are on stage: the gallery sliding left under the scene coming in.
        let mid = try app.readDump("mid.json")
        #expect(mid["transitioning"] as? Bool == true)
        let slidingGallery = try #require(HeadlessApp.view("gallery", in: mid)?["frame"] as? [Double])
        let incoming = try #require(HeadlessApp.view("inbox", in: mid)?["frame"] as? [Double])
        #expect(slidingGallery[0] < 0 && slidingGallery[0] > -117)
        #expect(incoming[0] > 0 && incoming[0] < 390)
        let opened = try app.readDump("open.json")
        #expect(opened["transitioning"] as? Bool == false)
        #expect(opened["scene"] as? String == "inbox")
        #expect((opened["controllers"] as? [String])?.last == "InboxListViewController")
        #expect(HeadlessApp.view("gallery.item.inbox", in: opened) == nil)
        let back = try app.readDump("back.json")
        #expect(back["scene"] as? String == "gallery")
        #expect(HeadlessApp.view("gallery.item.inbox", in: back) != nil)
    }

    @Test func draggingAcrossARowDoesNotOpenIt() throws {
        let app = try HeadlessApp()
        defer { app.finish() }
        try app.replay(
            """
            {"events":[{"at":0.1,"type":"drag","from":[100,260],"to":[100,330],"duration":0.2},
              {"at":0.5,"type":"dump","file":"\(app.path("d.json"))"}]}
            """)
        #expect(try app.readDump("d.json")["scene"] as? String == "gallery")
    }

    @Test func arrowKeysSelectAndEnterOpens() throws {
        let app = try HeadlessApp()
        defer { app.finish() }
        try app.replay(
            """
            {"events":[{"at":0.1,"type":"key","key":"down"},{"at":0.2,"type":"key","key":"down"},
              {"at":0.25,"type":"dump","file":"\(app.path("sel.json"))"},
              {"at":0.3,"type":"key","key":"enter"},{"at":0.4,"type":"dump","file":"\(app.path("open.json"))"}]}
            """)
        let selected = try app.readDump("sel.json")
        #expect(HeadlessApp.view("gallery.item.icons.highlight", in: selected)?["hidden"] as? Bool == false)
        #expect(HeadlessApp.view("gallery.item.rooms.highlight", in: selected)?["hidden"] as? Bool == true)
        #expect(try app.readDump("open.json")["scene"] as? String == "icons")
    }

    /// ↑ on the first row stays there (it wrapped to the last); after a row opened with the mouse
    /// no old keyboard selection stays lit, and the arrows go on from the opened row.
    @Test func theSelectionStopsAtTheEndsAndFollowsTheMouse() throws {
        let top = try HeadlessApp.dump(scene: .gallery, events: #"{"at":0.1,"type":"key","key":"up"}"#)
        #expect(HeadlessApp.view("gallery.item.rooms.highlight", in: top)?["hidden"] as? Bool == false)
        #expect(HeadlessApp.view("gallery.item.settings.highlight", in: top)?["hidden"] as? Bool == true)
        let inbox = try #require(HeadlessApp.view("gallery.item.inbox", in: top)?["frame"] as? [Double])
        let path = NSTemporaryDirectory() + "gallery-returned-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let back = try HeadlessApp.dump(
            scene: .gallery,
            events: #"{"at":0.1,"type":"key","key":"down"},"#
                + #"{"at":0.3,"type":"tap","x":\#(inbox[0] + inbox[2] / 2),"y":\#(inbox[1] + inbox[3] / 2)},"#
                + #"{"at":1.5,"type":"key","key":"escape"},{"at":2.5,"type":"dump","file":"\#(path)"},"#
                + #"{"at":2.6,"type":"key","key":"down"}"#)
        let returned = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        let lit = { (dump: [String: Any]) in
            SceneID.effects.filter {
                HeadlessApp.view("gallery.item.\($0.rawValue).highlight", in: dump)?["hidden"] as? Bool == false
            }
        }
        #expect(back["scene"] as? String == "gallery")
        #expect(lit(returned as? [String: Any] ?? [:]).isEmpty, "nothing lit on the way back")
        #expect(lit(back) == [.settings], "↓ goes on from the row opened with the mouse (inbox)")
    }

    @Test func dumpReportsWindowFramesTextAndNullIds() throws {
        let app = try HeadlessApp()
        defer { app.finish() }
        try app.replay(#"{"events":[{"at":0,"type":"dump","file":"\#(app.path("g.json"))"}]}"#)
        let dump = try app.readDump("g.json")
        #expect(dump["settled"] as? Bool == true)
        #expect(dump["time"] as? Double == 0)
        let title = try #require(HeadlessApp.view("gallery.title", in: dump))
        #expect(title["text"] as? String == "Teardowns")
        #expect(title["type"] as? String == "Label")
        let list = try #require(HeadlessApp.view("gallery.list", in: dump))
        let rooms = try #require(HeadlessApp.view("gallery.item.rooms", in: dump))
        #expect((rooms["frame"] as? [Double])?.first == (list["frame"] as? [Double])?.first)
        #expect((rooms["frame"] as? [Double])?[3] == 76)
        let views = try #require(dump["views"] as? [[String: Any]])
        #expect(views.contains { $0["id"] is NSNull })
    }

    @Test func resizingRelaysOutTheGallery() throws {
        let app = try HeadlessApp()
        defer { app.finish() }
        app.host.runFrame(inputs: [.resized(Size(width: 600, height: 700))])
        let row = try #require(app.host.window.descendant(withIdentifier: "gallery.item.rooms"))
        #expect(row.frameInRoot.width == 600 - 32)
    }

    /// Held down, a row shows its press once the touch has rested ~150 ms (UIKit's content-touch
    /// delay in scroll views, so starting a scroll never flashes a row); when the touch becomes a
    /// scroll the press is dropped.
    @Test func aHeldRowShowsItsPressUntilTheTouchScrolls() throws {
        let app = try HeadlessApp()
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.1,"type":"down","x":200,"y":250},{"at":0.2,"type":"dump","file":"\#(app.path("early.json"))"},"#
                + #"{"at":0.3,"type":"dump","file":"\#(app.path("held.json"))"},"#
                + #"{"at":0.4,"type":"move","x":200,"y":300},{"at":0.5,"type":"dump","file":"\#(app.path("dragged.json"))"},"#
                + #"{"at":0.6,"type":"up","x":200,"y":300}]}"#)
        let early = try app.readDump("early.json")
        #expect(HeadlessApp.view("gallery.item.icons.highlight", in: early)?["hidden"] as? Bool == true)
        let held = try app.readDump("held.json")
        #expect(HeadlessApp.view("gallery.item.icons.highlight", in: held)?["hidden"] as? Bool == false)
        let dragged = try app.readDump("dragged.json")
        #expect(HeadlessApp.view("gallery.item.icons.highlight", in: dragged)?["hidden"] as? Bool == true)
        #expect(dragged["scene"] as? String == "gallery")
    }
}
