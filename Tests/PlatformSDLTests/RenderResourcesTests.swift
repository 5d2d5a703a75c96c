import Foundation
import Graphics
import Testing

@testable import PlatformSDL
@testable import Rendering

/// Everything the renderer keeps shares one byte budget for what no recent frame drew: when room
/// is needed, the biggest idle texture goes first (a room's picture before a retired layer, a
/// layer before a thumbnail, text last; among equals the least recently drawn), and what recent
/// frames drew stays (pictures drawn within a second too).
@MainActor
@Suite(.serialized) struct RenderResourcesTests {
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
            mode: .headless, size: Size(width: 200, height: 200), scale: 1, assetsDirectory: HeadlessBackend.assets,
            pictureCache: .folder(folder))
        defer { backend.shutdown() }
        let resources = backend.displayListRenderer.resources
        backend.draw(DisplayList(commands: [picture("room-trail")], clearColor: .white))
        let onePicture = resources.bytes
        #expect(onePicture > 0 && backend.pictureTextureCount == 1)
        // Room for one picture and the label: the picture, idle for over a second now, stays while
        // it fits.
        resources.byteBudget = onePicture + (64 << 10)
        let epoch = resources.contentEpoch
        for _ in 0..<(KeepPolicy.protectedPictureFrames + 1) {
            backend.draw(DisplayList(commands: [label], clearColor: .white))
        }
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
        // A second on, nothing of it is drawn any more: all of it goes (text three frames on,
        // pictures a second on: bringing one back is a decode).
        for _ in 0..<(KeepPolicy.protectedPictureFrames + 1) {
            backend.draw(DisplayList(commands: [], clearColor: .white))
        }
        #expect(resources.bytes == 0 && backend.liveTextureCount == 0)
    }

    /// A layer covered by something opaque (a row's panel under a presented room) is left out of
    /// the frame by occlusion culling, but it is still on screen: it stays the layer of its view
    /// for as long as it is covered — never retired, so the budget cannot take it — and comes
    /// back without being drawn again. (Retired and evicted, the panel was drawn again with its
    /// picture on the first frame of the close: 40 ms at 2×.)
    @Test func aCoveredLayerIsKeptAsIfDrawn() throws {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 200, height: 200), scale: 1, assetsDirectory: HeadlessBackend.assets,
            pictureCache: .none)
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
        #expect(resources.layers[.view(7)] != nil && resources.retiredLayers.isEmpty, "covered, not retired")
        backend.draw(DisplayList(commands: [panel], clearColor: .black))
        #expect(backend.rasterizedLayerRenders == renders, "shown again without being drawn again")
    }

    /// A room's picture frees what some forty gallery thumbnails would, for the same one texture
    /// made again when it is shown later: when one of them must go, the idle room picture goes
    /// and the thumbnail stays, although the thumbnail was drawn longer ago.
    /// (Least recently drawn first, the gallery's thumbnails were uploaded again on every return
    /// from a scene at 2×.)
    @Test func theBiggestIdlePictureGoesBeforeAnOlderSmallOne() throws {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 1280, height: 800), scale: 1, assetsDirectory: HeadlessBackend.assets,
            pictureCache: .none)
        defer { backend.shutdown() }
        let resources = backend.displayListRenderer.resources
        let pictures = backend.displayListRenderer.pictures
        backend.draw(DisplayList(commands: [picture("preview-rooms")], clearColor: .white))
        let thumbnail = pictures.residentBytes
        backend.draw(DisplayList(commands: [picture("room-trail")], clearColor: .white))
        let room = pictures.residentBytes - thumbnail
        #expect(room > thumbnail * 4, "a room's picture is the bigger one")
        for _ in 0..<(KeepPolicy.protectedPictureFrames + 1) {
            backend.draw(DisplayList(commands: [], clearColor: .white))
        }
        // Room for one of the two idle pictures, the small one's size: one must go.
        resources.byteBudget = thumbnail
        backend.draw(DisplayList(commands: [], clearColor: .white))
        #expect(pictures.holds(ImageRef("preview-rooms")), "the thumbnail stays")
        #expect(!pictures.holds(ImageRef("room-trail")), "the idle room's picture went")
    }

    /// A cell that shows one room, then another, then the first again (a panel flung away and
    /// back) draws the first room's layer once while the budget has room for both: the texture
    /// of the content it showed is kept, not taken for the new content. (Taken, eight rooms
    /// flung past four cells were drawn again, pictures and text with them, on every pass.)
    @Test func aCellShowingEarlierContentAgainIsNotDrawnAgain() throws {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 200, height: 200), scale: 1, assetsDirectory: HeadlessBackend.assets,
            pictureCache: .none)
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

    /// Room is made before a picture is decoded from its PNG, for what the decode holds for a
    /// moment (the file's pixels and a 32-bit copy, at full size); a picture the disk cache holds
    /// needs no such room.
    @Test func aColdDecodeAsksForRoomForItsWorkingCopies() throws {
        try HeadlessBackend.with(size: Size(width: 1280, height: 800)) { backend in
            let renderer = backend.displayListRenderer
            let room = ImageRef("room-trail")
            let working = renderer.assets.decodeWorkingBytes(of: room)
            backend.draw(DisplayList(commands: [picture("room-trail")], clearColor: .white))
            let texture = renderer.pictures.residentBytes
            // 1536 × 1536 RGB: 3 bytes a pixel read, 4 converted; the texture is 1280 × 1280.
            #expect(working == 1536 * 1536 * 7 && texture == 1280 * 1280 * 4)
            #expect(working > texture * 2)
            for _ in 0..<(KeepPolicy.protectedPictureFrames + 1) {
                backend.draw(DisplayList(commands: [], clearColor: .white))
            }
            renderer.resources.byteBudget = 0
            backend.draw(DisplayList(commands: [], clearColor: .white))
            #expect(!renderer.pictures.holds(room), "let go")
            #expect(renderer.assets.decodeWorkingBytes(of: room) == 0, "the disk cache has it now")
        }
    }

    /// Panels of a row hold their pictures drawn, so the budget may take those pictures — all but
    /// the picture of the panel most on screen, which a tap opens: its room opens at once.
    @Test func theMostShownPanelKeepsItsPictureTheOthersMayGo() throws {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 400, height: 300), scale: 1, assetsDirectory: HeadlessBackend.assets,
            pictureCache: .none)
        defer { backend.shutdown() }
        func panel(_ id: Int, _ name: String, x: Double) -> DrawCommand {
            .layer(
                id: id, destination: Rect(x: x, y: 50, width: 200, height: 200),
                contentSize: Size(width: 200, height: 200),
                commands: [
                    .image(
                        ImageRef(name), source: Self.whole, destination: Rect(x: 0, y: 0, width: 200, height: 200),
                        cornerRadius: 0, alpha: 1)
                ], alpha: 1)
        }
        // The trail panel shows whole, the sourdough panel a quarter of itself at the right edge.
        let row = DisplayList(
            commands: [panel(1, "room-trail", x: 100), panel(2, "room-sourdough", x: 350)], clearColor: .white)
        backend.draw(row)
        let pictures = backend.displayListRenderer.pictures
        #expect(pictures.holds(ImageRef("room-trail")) && pictures.holds(ImageRef("room-sourdough")))
        backend.displayListRenderer.resources.byteBudget = 0
        for _ in 0..<(KeepPolicy.protectedPictureFrames + 1) { backend.draw(row) }
        #expect(pictures.holds(ImageRef("room-trail")), "the panel most on screen keeps its picture")
        #expect(!pictures.holds(ImageRef("room-sourdough")), "the other panel's layer holds its picture drawn")
        #expect(backend.rasterizedLayerRenders == 2, "neither panel was drawn again")
    }
}
