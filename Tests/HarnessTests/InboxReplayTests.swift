import Controllers
import Foundation
import Graphics
import Testing

@testable import Harness
@testable import Tools

/// Expanding Cells, as a user drives it (issue 12): the tapped row expands out of the sliced
/// screen, and pulling the message down past half the bar's height closes it back into the row.
@MainActor
@Suite(.serialized) struct InboxReplayTests {
    func frame(_ id: String, _ dump: [String: Any]) -> [Double]? {
        HeadlessApp.view(id, in: dump)?["frame"] as? [Double]
    }

    func controllers(_ dump: [String: Any]) -> [String] { dump["controllers"] as? [String] ?? [] }

    func statusBarStyle(_ dump: [String: Any]) -> String? {
        HeadlessApp.view("inbox.statusbar", in: dump)?["style"] as? String
    }

    /// Taps "Studio Nine" (Today, third row: y 272–348) at 0.5 s; the expansion starts on the up.
    static let tapRow = #"{"at":0.5,"type":"tap","x":195,"y":300}"#
    static let expandStart = 0.5 + 1.0 / 60

    @Test func theSlicesTileTheWindowThenGiveWayToTheMessage() throws {
        let app = try HeadlessApp(scene: .inbox)
        defer { app.finish() }
        let start = Self.expandStart
        try app.replay(
            #"{"events":[{"at":0.1,"type":"capture","file":"\#(app.path("inbox-table.png"))"},\#(Self.tapRow),"#
                + #"{"at":\#(start),"type":"dump","file":"\#(app.path("start.json"))"},"#
                + #"{"at":\#(start + 0.1),"type":"capture","file":"\#(app.path("inbox-mid-expand.png"))"},"#
                + #"{"at":2,"type":"dump","file":"\#(app.path("detail.json"))"},"#
                + #"{"at":2,"type":"capture","file":"\#(app.path("inbox-detail.png"))"}]}"#)
        let first = try app.readDump("start.json")
        let top = try #require(frame("inbox.slice.top", first))
        let row = try #require(frame("inbox.slice.row", first))
        let bottom = try #require(frame("inbox.slice.bottom", first))
        #expect(top[1] == 0 && row[1] == top[3] && bottom[1] == row[1] + row[3])
        #expect(top[3] + row[3] + bottom[3] == 844)
        #expect(row == [0, 272, 390, 76])
        #expect(frame("inbox.slice.navbar", first) == [0, 0, 390, 64])
        #expect(first["transitioning"] as? Bool == true)
        // The real screen is hidden while the slices fly.
        #expect(HeadlessApp.view("inbox", in: first)?["hidden"] as? Bool == true)
        let detail = try app.readDump("detail.json")
        #expect(controllers(detail).last == "InboxDetailViewController")
        #expect(frame("inbox.detail", detail) == [0, 0, 390, 844])
        for slice in ["inbox.slice.top", "inbox.slice.bottom", "inbox.slice.row"] {
            #expect(HeadlessApp.view(slice, in: detail) == nil)
        }
        #expect(statusBarStyle(detail) == "darkContent")
        app.backend.waitForPendingWrites()
        for golden in ["inbox-table.png", "inbox-mid-expand.png", "inbox-detail.png"] {
            try HeadlessApp.compareWithGolden(app.path(golden), golden: golden)
        }
    }

    /// On every frame of a message opening and closing, the clock's colour reads on what lies
    /// beside it, at the top, middle and bottom of its digits (3:1 at least): the list's rows
    /// slide up under the bar as its slice flies away, and the clock stayed white on them for
    /// five frames; read at the bar's middle alone, a band's edge crossing the digits left their
    /// lower part white on grey for a frame.
    @Test(arguments: [160.0, 234.0])
    func theClockReadsOnEveryFrameOfAMessageOpeningAndClosing(row: Double) throws {
        let app = try HeadlessApp(scene: .inbox, drawing: .everyFrame)
        defer { app.finish() }
        func luminance(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Double {
            Color(red: Double(p.r) / 255, green: Double(p.g) / 255, blue: Double(p.b) / 255).relativeLuminance
        }
        var unreadable: [String] = []
        var frames = 0
        app.host.frameObserver = { phase in
            guard phase == .drawn, let pixels = app.backend.readPixels(),
                let bar = app.host.window.descendant(withIdentifier: "inbox.statusbar") as? StatusBarView
            else { return }
            frames += 1
            let text = bar.style == .lightContent ? 1.0 : 0.0
            // Beside the clock (x 183–207), along its digits (y 3–18).
            for y in [5, 10, 16] {
                let beside = luminance(pixels.pixel(x: 172, y: y))
                let contrast = (max(text, beside) + 0.05) / (min(text, beside) + 0.05)
                if contrast < 3 {
                    unreadable.append(String(format: "%.3f s, y %d: %.1f:1", app.clock.now, y, contrast))
                }
            }
        }
        try app.replay(
            #"{"events":[{"at":0.5,"type":"tap","x":195,"y":\#(row)},{"at":2,"type":"key","key":"escape"},"#
                + #"{"at":3.2,"type":"quit"}]}"#)
        #expect(frames > 150)
        #expect(unreadable.isEmpty, "row at \(row): \(unreadable.count) samples: \(unreadable.prefix(6))")
    }

    @Test func afterScrollingTheExpansionStartsWhereTheRowIsNow() throws {
        let app = try HeadlessApp(scene: .inbox)
        defer { app.finish() }
        // Scroll the table up about 200 pt with a drag that rests before letting go (no fling).
        try app.replay(
            #"{"events":[\#(Self.slowDrag(at: 0.2, from: 700, to: 490)),{"at":1.5,"type":"up","x":195,"y":490},"#
                + #"{"at":2.5,"type":"dump","file":"\#(app.path("scrolled.json"))"},"#
                + #"{"at":3.0,"type":"tap","x":195,"y":300},"#
                + #"{"at":\#(3.0 + 1.0 / 60),"type":"dump","file":"\#(app.path("start.json"))"}]}"#)
        let scrolled = try app.readDump("scrolled.json")
        let rows = (scrolled["views"] as? [[String: Any]] ?? []).compactMap { view -> [Double]? in
            guard (view["id"] as? String)?.hasPrefix("inbox.row.") == true else { return nil }
            return view["frame"] as? [Double]
        }
        let tapped = try #require(rows.first { $0[1] <= 300 && 300 < $0[1] + $0[3] })
        #expect(tapped[1] != 272)
        #expect(frame("inbox.slice.row", try app.readDump("start.json")) == tapped)
    }

    /// Pull down 0.4 × the bar's height (46 pt past the slop, rubber-banded): the message
    /// stays and the status bar stays dark.
    @Test func aShortPullKeepsTheMessage() throws {
        // 46.4 pt of pull past the 10 pt slop (from 300 to 356.4).
        let end = try pull(to: 356.4)
        #expect(statusBarStyle(end.held) == "darkContent")
        let pulled = try #require(
            (HeadlessApp.view("inbox.detail.scroll", in: end.held)?["contentOffset"] as? [Double])?[1])
        #expect(abs(pulled + 0.4 * 64) < 1)
        #expect(controllers(end.final).last == "InboxDetailViewController")
    }

    /// Pull 0.6 ×: the bar fills from the top to the content, the status bar turns light, and
    /// letting go closes the message back into its row; every row is back in its place.
    @Test func aLongPullClosesTheMessageIntoItsRow() throws {
        // 72 pt of pull past the 10 pt slop (from 300 to 382).
        let end = try pull(to: 382)
        #expect(statusBarStyle(end.held) == "lightContent")
        let pulled = try #require(
            (HeadlessApp.view("inbox.detail.scroll", in: end.held)?["contentOffset"] as? [Double])?[1])
        #expect(abs(pulled + 0.6 * 64) < 1)
        #expect(frame("inbox.slice.navbar", end.held) == [0, 0, 390, (-pulled * 10_000).rounded() / 10_000])
        #expect(controllers(end.final) == ["AppController", "InboxViewController", "InboxListViewController"])
        #expect(end.final["transitioning"] as? Bool == false)
        let before = (end.list["views"] as? [[String: Any]] ?? []).filter {
            ($0["id"] as? String)?.hasPrefix("inbox.row.") == true
        }
        for row in before {
            let id = try #require(row["id"] as? String)
            #expect(frame(id, end.final) == row["frame"] as? [Double])
        }
        #expect(statusBarStyle(end.final) == "lightContent")
    }

    @Test func closeAndEscapeCloseTheMessage() throws {
        for close in [#"{"at":2,"type":"tap","x":356,"y":44}"#, #"{"at":2,"type":"key","key":"escape"}"#] {
            let app = try HeadlessApp(scene: .inbox)
            defer { app.finish() }
            try app.replay(
                #"{"events":[\#(Self.tapRow),\#(close),{"at":3.5,"type":"dump","file":"\#(app.path("end.json"))"}]}"#)
            #expect(controllers(try app.readDump("end.json")).last == "InboxListViewController")
        }
    }

    /// A resize while the row expands: the message fills the new window once it lands.
    @Test func aResizeDuringTheExpansionLandsOnTheNewWindow() throws {
        let app = try HeadlessApp(scene: .inbox)
        defer { app.finish() }
        try app.replay(
            #"{"events":[\#(Self.tapRow),{"at":0.6,"type":"resize","width":1280,"height":800},"#
                + #"{"at":3,"type":"dump","file":"\#(app.path("end.json"))"}]}"#)
        let end = try app.readDump("end.json")
        #expect(frame("inbox.detail", end) == [0, 0, 1280, 800])
        #expect(HeadlessApp.view("inbox.slice.top", in: end) == nil)
        #expect(end["transitioning"] as? Bool == false)
    }

    /// A finger down at `from` that moves to `to` in ten steps over half a second and stays down.
    static func slowDrag(at time: Double, from: Double, to: Double) -> String {
        var events = [#"{"at":\#(time),"type":"down","x":195,"y":\#(from)}"#]
        for step in 1...10 {
            let y = from + (to - from) * Double(step) / 10
            events.append(#"{"at":\#(time + 0.05 * Double(step)),"type":"move","x":195,"y":\#(y)}"#)
        }
        return events.joined(separator: ",")
    }

    /// Opens the message, then drags down from y 300 to `y`, holds, dumps, and lets go.
    func pull(to y: Double) throws -> (list: [String: Any], held: [String: Any], final: [String: Any]) {
        let app = try HeadlessApp(scene: .inbox)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.1,"type":"dump","file":"\#(app.path("list.json"))"},\#(Self.tapRow),"#
                + #"\#(Self.slowDrag(at: 2.0, from: 300, to: y)),{"at":3.0,"type":"dump","file":"\#(app.path("held.json"))"},"#
                + #"{"at":3.2,"type":"up","x":195,"y":\#(y)},{"at":5,"type":"dump","file":"\#(app.path("final.json"))"}]}"#
        )
        return (try app.readDump("list.json"), try app.readDump("held.json"), try app.readDump("final.json"))
    }

    /// At 1280 × 800: opens the first message (Enter at 0.2 s), pulls it down from y 300 to `y`
    /// at 1.5 s, and returns every frame drawn up to 3 s with its time.
    func openAndPullAtWideSize(to y: Int, over duration: Double) throws -> [(time: Double, pixels: PixelImage)] {
        let app = try HeadlessApp(scene: .inbox, size: Size(width: 1280, height: 800), drawing: .everyFrame)
        defer { app.finish() }
        var frames: [(time: Double, pixels: PixelImage)] = []
        app.host.frameObserver = { phase in
            guard phase == .drawn, let pixels = app.backend.readPixels() else { return }
            frames.append((app.clock.now, pixels))
        }
        try app.replay(
            #"{"events":[{"at":0.2,"type":"key","key":"enter"},"#
                + #"{"at":1.5,"type":"drag","from":[640,300],"to":[640,\#(y)],"duration":\#(duration)},"#
                + #"{"at":3,"type":"quit"}]}"#)
        return frames
    }

    /// At 1280 × 800 the list is a centred column: on every frame of the expansion the margins
    /// beside the chosen row stay the list's grey until the message grows over them (they turned
    /// white on the first frame), and pulled down and let go, the × fades out over several
    /// frames above the bar instead of dropping under it on the frame of the release.
    @Test func aWideWindowKeepsTheMarginsAndFadesTheCloseButton() throws {
        let frames = try openAndPullAtWideSize(to: 700, over: 0.6)
        func isGrey(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r == 242 && p.g == 242 && p.b == 247 }
        // The first row ("Maya Lin") spans y 108–184 in the column x 280–1000; the margin left of it.
        let opening = frames.filter { $0.time > 0.2 && $0.time < 0.24 }
        #expect(!opening.isEmpty)
        for frame in opening {
            #expect(isGrey(frame.pixels.pixel(x: 100, y: 150)), "margin at \(frame.time) s")
        }
        // The × (centre 1246, 44): dark while the message is up, then fading, never gone at once.
        let closing = frames.filter { $0.time > 2.0 && $0.time < 2.6 }
        let darkness = closing.map { frame -> Int in
            let p = frame.pixels.pixel(x: 1246, y: 38)
            return 255 - Int(p.b)
        }
        let steps = zip(darkness, darkness.dropFirst()).map { $1 - $0 }
        #expect(darkness.first ?? 0 > 100, "the × shows before the release")
        #expect(steps.allSatisfy { $0 > -80 }, "the × fades instead of vanishing: \(darkness)")
    }

    /// A short pull that just passes the threshold closes from near the top: the × lifted above
    /// the bar fades alone, never drawn twice (its copy over the message's own, darker than either).
    @Test func aShortPullFadesASingleCloseButton() throws {
        let frames = try openAndPullAtWideSize(to: 400, over: 0.3)
        // Inside the × circle (1228–1264, 26–62), away from the glyph's strokes.
        let samples = [(1236, 54), (1256, 54), (1246, 58), (1234, 36)]
        func darkness(_ pixels: PixelImage) -> Int {
            samples.map { 255 - Int(pixels.pixel(x: $0.0, y: $0.1).b) }.max() ?? 0
        }
        let resting = frames.filter { $0.time > 1.3 && $0.time < 1.5 }.map { darkness($0.pixels) }
        let closing = frames.filter { $0.time > 1.8 && $0.time < 2.6 }.map { darkness($0.pixels) }
        let shown = try #require(resting.max())
        #expect(shown > 100, "the × shows before the pull")
        #expect(closing.allSatisfy { $0 <= shown + 12 }, "never darker than one ×: \(shown) then \(closing)")
        #expect(closing.last ?? 255 < 40, "the × has gone once the row is back: \(closing)")
    }
}
