import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// Everything the renderer keeps shares one byte budget for what no recent frame drew: when room
/// is needed, the biggest idle texture goes first (a room's picture before a retired layer, a
/// layer before a thumbnail, text last; among equals the least recently drawn), and what recent
/// frames drew stays.
@MainActor
@Suite(.serialized) struct RenderResourcesTests {
    static let assets =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Assets"

    static let whole = Rect(x: 0, y: 0, width: 1, height: 1)

    func picture(_ name: String) -> DrawCommand {
        .image(
            ImageRef(name), source: Self.whole, destination: Rect(x: 10, y: 10, width: 120, height: 80),
            cornerRadius: 0, alpha: 1)
    }

    let label = DrawCommand.text(
        "Board games", font: Font(size: 17), color: .black, frame: Rect(x: 10, y: 150, width: 180, height: 22), scale: 1
    )

    @Test func anIdlePictureGoesFirstAndWhatTheFramesDrawStays() throws {
        let folder = NSTemporaryDirectory() + "teardowns-resources-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 200, height: 200), scale: 1, assetsDirectory: Self.assets,
            pictureCacheFolder: folder)
        defer { backend.shutdown() }
        let resources = backend.displayListRenderer.resources
        backend.draw(DisplayList(commands: [picture("room-trail")], clearColor: .white))
        let onePicture = resources.bytes
        #expect(onePicture > 0 && backend.pictureTextureCount == 1)
        // Room for one picture and the label: the picture, idle now, stays while it fits.
        resources.byteBudget = onePicture + (64 << 10)
        let epoch = resources.contentEpoch
        for _ in 0..<4 { backend.draw(DisplayList(commands: [label], clearColor: .white)) }
        #expect(backend.pictureTextureCount == 1)
        // Another picture needs the room: the idle one goes, not the label, and what is drawn may
        // now differ for the same list (the epoch moved).
        let textBefore = resources.text.count
        backend.draw(DisplayList(commands: [picture("room-sourdough"), label], clearColor: .white))
        #expect(backend.pictureTextureCount == 1)
        #expect(resources.text.count == textBefore)
        #expect(resources.contentEpoch > epoch)
        #expect(resources.bytes <= resources.byteBudget)
        // Everything drawn now stays even over budget: a frame's own textures never go.
        resources.byteBudget = 0
        backend.draw(DisplayList(commands: [picture("room-sourdough"), label], clearColor: .white))
        #expect(backend.pictureTextureCount == 1 && resources.text.count == textBefore)
        // Three frames on, nothing of it is drawn any more: all of it goes.
        for _ in 0..<4 { backend.draw(DisplayList(commands: [], clearColor: .white)) }
        #expect(resources.bytes == 0 && backend.liveTextureCount == 0)
    }

    /// A layer covered by something opaque (a row's panel under a presented room) is left out of
    /// the frame by occlusion culling, but it is still on screen: it stays the layer of its view
    /// for as long as it is covered — never retired, so the budget cannot take it — and comes
    /// back without being drawn again. (Retired and evicted, the panel was drawn again with its
    /// picture on the first frame of the close: 40 ms at 2×.)
    @Test func aCoveredLayerIsKeptAsIfDrawn() throws {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 200, height: 200), scale: 1, assetsDirectory: Self.assets)
        defer { backend.shutdown() }
        let panel = DrawCommand.layer(
            id: 7, destination: Rect(x: 20, y: 20, width: 100, height: 100), contentSize: Size(width: 100, height: 100),
            commands: [.fill(rect: Rect(x: 0, y: 0, width: 100, height: 100), color: .systemBlue, cornerRadius: 0)],
            alpha: 1)
        let room = DrawCommand.fill(rect: Rect(x: 0, y: 0, width: 200, height: 200), color: .white, cornerRadius: 0)
        backend.draw(DisplayList(commands: [panel], clearColor: .black))
        let renders = backend.rasterizedLayerRenders
        for _ in 0..<300 { backend.draw(DisplayList(commands: [panel, room], clearColor: .black)) }
        let resources = backend.displayListRenderer.resources
        #expect(resources.layers[7] != nil && resources.retiredLayers.isEmpty, "covered, not retired")
        backend.draw(DisplayList(commands: [panel], clearColor: .black))
        #expect(backend.rasterizedLayerRenders == renders, "shown again without being drawn again")
    }

    /// A room's picture frees what some forty gallery thumbnails would, for the same one texture
    /// made again when it is shown later: making room for another room's picture lets the idle
    /// room picture go and keeps the thumbnail, although the thumbnail was drawn longer ago.
    /// (Least recently drawn first, the gallery's thumbnails were uploaded again on every return
    /// from a scene at 2×.)
    @Test func theBiggestIdlePictureGoesBeforeAnOlderSmallOne() throws {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 1280, height: 800), scale: 1, assetsDirectory: Self.assets)
        defer { backend.shutdown() }
        let resources = backend.displayListRenderer.resources
        let pictures = backend.displayListRenderer.pictures
        backend.draw(DisplayList(commands: [picture("preview-rooms")], clearColor: .white))
        let thumbnail = pictures.residentBytes
        backend.draw(DisplayList(commands: [picture("room-trail")], clearColor: .white))
        let room = pictures.residentBytes - thumbnail
        #expect(room > thumbnail * 4, "a room's picture is the bigger one")
        for _ in 0..<4 { backend.draw(DisplayList(commands: [], clearColor: .white)) }
        // Room for what is kept now and nothing more: the next room's picture needs one to go.
        resources.byteBudget = room + thumbnail
        backend.draw(DisplayList(commands: [picture("room-sourdough")], clearColor: .white))
        #expect(pictures.holds(ImageRef("preview-rooms")), "the thumbnail stays")
        #expect(!pictures.holds(ImageRef("room-trail")), "the idle room's picture went")
        #expect(pictures.holds(ImageRef("room-sourdough")))
    }

    /// A cell that shows one room, then another, then the first again (a panel flung away and
    /// back) draws the first room's layer once while the budget has room for both: the texture
    /// of the content it showed is kept, not taken for the new content. (Taken, eight rooms
    /// flung past four cells were drawn again, pictures and text with them, on every pass.)
    @Test func aCellShowingEarlierContentAgainIsNotDrawnAgain() throws {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 200, height: 200), scale: 1, assetsDirectory: Self.assets)
        defer { backend.shutdown() }
        func cell(_ color: Color) -> DrawCommand {
            .layer(
                id: 3, destination: Rect(x: 20, y: 20, width: 100, height: 100),
                contentSize: Size(width: 100, height: 100),
                commands: [.fill(rect: Rect(x: 0, y: 0, width: 100, height: 100), color: color, cornerRadius: 0)],
                alpha: 1)
        }
        let contents: [Color] = [.systemBlue, Color(hex: 0xFF3B30), Color(hex: 0x34C759)]
        for color in contents {
            for _ in 0..<3 { backend.draw(DisplayList(commands: [cell(color)], clearColor: .black)) }
        }
        #expect(backend.rasterizedLayerRenders == contents.count)
        for color in contents.reversed() {
            for _ in 0..<3 { backend.draw(DisplayList(commands: [cell(color)], clearColor: .black)) }
        }
        #expect(backend.rasterizedLayerRenders == contents.count, "each content came back as it was drawn")
        let shown = try #require(backend.readPixels()).pixel(x: 70, y: 70)
        let blue = Color.systemBlue.rgba8
        #expect((shown.r, shown.g, shown.b) == (blue.0, blue.1, blue.2), "the blue room is what shows")
    }

    /// Room is made before a picture is decoded, for the bytes its texture will take: the estimate
    /// from the file's header and the window's size is the texture's size.
    @Test(arguments: [Size(width: 200, height: 200), Size(width: 390, height: 844), Size(width: 1280, height: 800)])
    func aPicturesExpectedBytesAreItsTexturesBytes(window: Size) throws {
        let folder = NSTemporaryDirectory() + "teardowns-expected-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let backend = try SDLBackend(
            mode: .headless, size: window, scale: 1, assetsDirectory: Self.assets, pictureCacheFolder: folder)
        defer { backend.shutdown() }
        let renderer = backend.displayListRenderer
        for name in ["room-trail", "preview-rooms", "icon-words"] {
            let expected = renderer.assets.expectedBytes(of: ImageRef(name))
            let before = renderer.pictures.residentBytes
            backend.draw(DisplayList(commands: [picture(name)], clearColor: .white))
            #expect(renderer.pictures.residentBytes - before == expected, "\(name) at \(window)")
        }
    }
}
