import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// Everything the renderer keeps shares one byte budget for what no recent frame drew: when room
/// is needed, idle pictures go first (then group targets, text, retired layers, least recently
/// drawn first), and what recent frames drew stays.
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
}
