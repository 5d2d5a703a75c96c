import Foundation
import Graphics
import PlatformSDL
import Testing
import Views

@testable import Harness
@testable import Tools

/// Captures are the product's pixels: compared against goldens made by this same software renderer.
/// Regenerate after an intended visual change with `TEARDOWNS_UPDATE_GOLDENS=1 swift test`.
@MainActor
@Suite(.serialized) struct CaptureTests {
    func compareWithGolden(_ captured: String, golden name: String) throws {
        try HeadlessApp.compareWithGolden(captured, golden: name)
    }

    @Test func galleryMatchesItsGolden() throws {
        let app = try HeadlessApp()
        defer { app.finish() }
        try app.replay(#"{"events":[{"at":0.05,"type":"capture","file":"\#(app.path("g.png"))"}]}"#)
        app.backend.waitForPendingWrites()
        let image = try #require(SDLBackend.loadPNG(path: app.path("g.png")))
        #expect(image.width == 390 && image.height == 844)
        // The grouped background behind the list, and a white card where the rows are.
        #expect(image.pixel(x: 5, y: 800).r == 0xF2 && image.pixel(x: 5, y: 800).b == 0xF7)
        #expect(image.pixel(x: 200, y: 175).r == 255)
        // The screen is opaque, and so is every pixel of its capture (blending leaves alpha a
        // step under 255 here and there; a viewer would show its own background through).
        #expect(stride(from: 3, to: image.rgba.count, by: 4).allSatisfy { image.rgba[$0] == 255 })
        try compareWithGolden(app.path("g.png"), golden: "gallery-390x844.png")
    }

    @Test func iconsAtTwiceTheScaleMatchesItsGolden() throws {
        let app = try HeadlessApp(scene: .icons, scale: 2)
        defer { app.finish() }
        try app.replay(#"{"events":[{"at":0.05,"type":"capture","file":"\#(app.path("p.png"))"}]}"#)
        app.backend.waitForPendingWrites()
        let image = try #require(SDLBackend.loadPNG(path: app.path("p.png")))
        #expect(image.width == 780 && image.height == 1688)
        try compareWithGolden(app.path("p.png"), golden: "icons-menu-2x.png")
    }

    @Test func roomsRowPresentAndDetailMatchTheirGoldens() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            """
            {"events":[{"at":0.1,"type":"capture","file":"\(app.path("row.png"))"},
              {"at":0.5,"type":"tap","x":195,"y":422},
              {"at":0.65,"type":"capture","file":"\(app.path("mid.png"))"},
              {"at":2.0,"type":"capture","file":"\(app.path("detail.png"))"}]}
            """)
        app.backend.waitForPendingWrites()
        let row = try #require(SDLBackend.loadPNG(path: app.path("row.png")))
        // Left of the first panel is the white background; the centred panel shows its tinted art.
        #expect(row.pixel(x: 40, y: 422).r == 255)
        #expect(row.pixel(x: 195, y: 250).b > row.pixel(x: 195, y: 250).r)
        try compareWithGolden(app.path("row.png"), golden: "rooms-row.png")
        try compareWithGolden(app.path("mid.png"), golden: "rooms-mid-present.png")
        try compareWithGolden(app.path("detail.png"), golden: "rooms-detail.png")
    }

    @Test func replayingTheSameScriptGivesTheSameBytes() throws {
        var outputs: [(Data, Data)] = []
        for _ in 0..<2 {
            let app = try HeadlessApp()
            defer { app.finish() }
            try app.replay(
                """
                {"events":[{"at":0.1,"type":"key","key":"down"},{"at":0.2,"type":"tap","x":195,"y":250},
                  {"at":0.4,"type":"capture","file":"\(app.path("r.png"))"},{"at":0.4,"type":"dump","file":"\(app.path("r.json"))"}]}
                """)
            app.backend.waitForPendingWrites()
            outputs.append(
                (
                    try Data(contentsOf: URL(fileURLWithPath: app.path("r.png"))),
                    try Data(contentsOf: URL(fileURLWithPath: app.path("r.json")))
                ))
        }
        #expect(outputs[0].0 == outputs[1].0)
        #expect(outputs[0].1 == outputs[1].1)
    }

    @Test func f12WritesANamedCaptureIntoTheCapturesFolder() throws {
        let app = try HeadlessApp(scene: .modal)
        defer { app.finish() }
        try app.replay(#"{"events":[{"at":0.1,"type":"key","key":"f12"},{"at":0.2,"type":"key","key":"f12"}]}"#)
        app.backend.waitForPendingWrites()
        let files = try FileManager.default.contentsOfDirectory(atPath: app.path("captures")).sorted()
        #expect(files == ["teardowns-modal-20261122-000000-1.png", "teardowns-modal-20261122-000000-2.png"])
    }

    /// F12 held down (or pressed many times in one frame) no longer queues a frame per press:
    /// headless, the frame loop waits for the PNG writer, so the frames waiting stay within its
    /// budget of a few frames, and every capture is still written.
    @Test func manyCapturesInOneFrameHoldAFewFramesAtMost() throws {
        let app = try HeadlessApp(scene: .rooms, size: Size(width: 1280, height: 800))
        defer { app.finish() }
        let presses = Array(repeating: #"{"at":0.3,"type":"key","key":"f12"}"#, count: 30)
        try app.replay(#"{"events":["# + presses.joined(separator: ",") + "]}")
        app.backend.waitForPendingWrites()
        let written = try FileManager.default.contentsOfDirectory(atPath: app.path("captures"))
        #expect(written.filter { $0.hasSuffix(".png") }.count == 30)
        let frameBytes = 1280 * 800 * 4
        #expect(app.backend.peakQueuedWriteBytes <= 96 << 20, "30 frames would be \(30 * frameBytes) bytes")
        #expect(app.backend.peakQueuedWriteBytes >= frameBytes)
    }

    @Test func anUnwritableFolderIsReportedAndTheAppKeepsRunning() throws {
        let app = try HeadlessApp()
        defer { app.finish() }
        var messages: [String] = []
        app.backend.diagnostics.sink = { messages.append($0) }
        let blocker = app.path("not-a-folder")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        try app.replay(
            """
            {"events":[{"at":0.1,"type":"capture","file":"\(blocker)/a.png"},
              {"at":0.2,"type":"key","key":"down"},{"at":0.3,"type":"dump","file":"\(app.path("after.json"))"}]}
            """)
        #expect(
            messages.contains {
                $0.contains("Could not save the capture \(blocker)/a.png") && $0.contains("script's \"capture\" event")
            })
        #expect(app.host.hadWriteFailure)
        // Input after the failure still worked.
        let after = try app.readDump("after.json")
        #expect(HeadlessApp.view("gallery.item.rooms.highlight", in: after)?["hidden"] as? Bool == false)
    }

    @Test func aFadingGroupLooksLikeOneTranslucentPicture() throws {
        let app = try HeadlessApp(size: Size(width: 200, height: 200))
        defer { app.finish() }
        // Build a tiny scene by hand: a black square with a white square on top, faded to half.
        let root = app.emptyWindow()
        let parent = Views.View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        parent.backgroundColor = .black
        parent.alpha = 0.5
        let child = Views.View(frame: Rect(x: 25, y: 25, width: 50, height: 50))
        child.backgroundColor = .white
        parent.addSubview(child)
        root.addSubview(parent)
        try app.replay(#"{"events":[{"at":0,"type":"capture","file":"\#(app.path("f.png"))"}]}"#)
        app.backend.waitForPendingWrites()
        let image = try #require(SDLBackend.loadPNG(path: app.path("f.png")))
        // Where the white child covers the black parent, a group shows white over white: white.
        // Per-view alpha would have shown the black through (grey).
        #expect(image.pixel(x: 50, y: 50).r >= 253)
        #expect(abs(Int(image.pixel(x: 10, y: 10).r) - 128) <= 2)
        #expect(image.pixel(x: 150, y: 150).r == 255)
    }

    /// Geometry far beyond any window (a drag to 8e307 once crashed the pixel conversion) or not
    /// a number draws nothing and crashes nothing; the rest of the frame is drawn as usual.
    @Test func hugeAndNonFiniteGeometryDrawsNothingAndDoesNotCrash() throws {
        let app = try HeadlessApp(size: Size(width: 200, height: 200))
        defer { app.finish() }
        let root = app.emptyWindow()
        for frame in [
            Rect(x: 8e307, y: 10, width: 8e307, height: 50), Rect(x: -8e307, y: -8e307, width: 4e307, height: 4e307),
            Rect(x: .infinity, y: 0, width: 10, height: 10), Rect(x: 0, y: .nan, width: 10, height: 10),
        ] {
            let view = Views.View(frame: frame)
            view.backgroundColor = .black
            view.cornerRadius = 4
            view.clipsToBounds = true
            view.addSubview(Views.View(frame: Rect(x: 0, y: 0, width: 1e300, height: 1e300)))
            root.addSubview(view)
        }
        let visible = Views.View(frame: Rect(x: 50, y: 50, width: 20, height: 20))
        visible.backgroundColor = .black
        root.addSubview(visible)
        let image = try app.captureFrame("huge.png")
        #expect(image.pixel(x: 60, y: 60).r == 0)
        #expect(image.pixel(x: 150, y: 150).r == 255)
    }
}
