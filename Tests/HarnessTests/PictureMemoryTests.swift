import Foundation
import Graphics
import PlatformSDL
import Scenes
import Testing

@testable import Harness
@testable import Tools

/// Pictures are the app's largest memory: the renderer keeps only a few as textures, and one that
/// comes back on screen looks exactly as it did.
@MainActor
@Suite struct PictureMemoryTests {
    static let wide = Size(width: 1280, height: 800)

    /// Key presses that page the Rooms panels `count` times in `direction`, 0.8 s apart from `start`.
    func pages(_ count: Int, _ direction: String, from start: Double) -> String {
        (0..<count).map { #"{"at":\#(start + Double($0) * 0.8),"type":"key","key":"\#(direction)"}"# }
            .joined(separator: ",")
    }

    @Test func pagingThroughEveryRoomKeepsOnlyAFewPicturesAndARoomSeenAgainLooksTheSame() throws {
        let cache = NSTemporaryDirectory() + "teardowns-picture-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let app = try HeadlessApp(scene: .rooms, size: Self.wide, pictureCacheFolder: cache, drawing: .everyFrame)
        defer { app.finish() }
        // To the second room, then through all eight and back to it: each shows its picture.
        try app.replay(
            #"""
            {"events":[{"at":0.5,"type":"key","key":"right"},
            {"at":1.5,"type":"capture","file":"\#(app.path("before.png"))"},
            \#(pages(6, "right", from: 2)),\#(pages(6, "left", from: 7.5)),
            {"at":13,"type":"capture","file":"\#(app.path("after.png"))"}]}
            """#)
        #expect(app.backend.pictureTextureCount <= 4, "every room's picture is still held as a texture")
        // What no recent frame drew is kept within the one budget.
        #expect(
            app.backend.idleResourceBytes <= app.backend.resourceByteBudget,
            "\(app.backend.idleResourceBytes) idle bytes kept against a budget of \(app.backend.resourceByteBudget)")
        app.backend.waitForPendingWrites()
        let before = try #require(SDLBackend.loadPNG(path: app.path("before.png")))
        let after = try #require(SDLBackend.loadPNG(path: app.path("after.png")))
        let difference = try #require(after.maximumChannelDifference(to: before))
        #expect(difference <= 2, "the room looks different after its picture came back (\(difference))")
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(entries.count >= 7, "decoded pictures are kept on disk for next time (\(entries.count))")
    }

    @Test func aPanelRasterizedBeforeItsPictureDecodedShowsThePictureOnceItArrives() throws {
        let cache = NSTemporaryDirectory() + "teardowns-picture-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let reference = try HeadlessApp(
            scene: .rooms, size: Self.wide, pictureCacheFolder: cache + "-reference", drawing: .everyFrame)
        defer {
            reference.finish()
            try? FileManager.default.removeItem(atPath: cache + "-reference")
        }
        let expected = try reference.captureFrame("expected.png")

        // As a real window does it: the first frames draw while the pictures decode.
        let app = try HeadlessApp(
            scene: .rooms, size: Self.wide, pictureCacheFolder: cache, decodesInBackground: true,
            drawing: .everyFrame)
        defer { app.finish() }
        let early = try app.captureFrame("early.png")
        let centre = (x: 640, y: 300)
        #expect(early.pixel(x: centre.x, y: centre.y) != expected.pixel(x: centre.x, y: centre.y))
        // Once the decodes are done, the frames take the pictures in (one upload a frame).
        app.backend.waitForPictureDecodes()
        var late = early
        for _ in 0..<30 {
            late = try app.captureFrame("late.png")
            if late.maximumChannelDifference(to: expected) ?? 255 <= 2 { break }
        }
        let difference = try #require(late.maximumChannelDifference(to: expected))
        #expect(difference <= 2, "the panel never showed its picture (differs by \(difference))")
    }
}
