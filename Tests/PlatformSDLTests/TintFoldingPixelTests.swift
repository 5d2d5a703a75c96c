import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// Folding a tint into the picture beneath draws what the picture and the tint draw one after
/// the other, within the render check's two levels (8-bit blends round at each step, and the
/// fold has one step fewer: no closer is possible here, so a shadow's bands — a level off the
/// mesh — over a folded room can sum to three on a few rows).
@MainActor
@Suite(.serialized) struct TintFoldingPixelTests {
    static let assets =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Assets"

    @Test(arguments: [(1.0, 0.8), (0.63, 0.35), (0.27, 0.13), (0.9, 0.55), (0.45, 0.71)])
    func aFoldedTintDrawsWhatThePictureAndTheTintDraw(pictureAlpha: Double, tintAlpha: Double) throws {
        let folder = NSTemporaryDirectory() + "teardowns-fold-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 160, height: 120), scale: 1, assetsDirectory: Self.assets,
            pictureCacheFolder: folder)
        defer { backend.shutdown() }
        let base = Rect(x: 0, y: 0, width: 160, height: 120)
        let list = DisplayList(
            commands: [
                .fill(rect: base, color: Color(red: 0.42, green: 0.5, blue: 0.6, alpha: 1), cornerRadius: 0),
                .image(
                    ImageRef("room-trail"), source: Rect(x: 0, y: 0, width: 1, height: 1), destination: base,
                    cornerRadius: 0, alpha: pictureAlpha),
                .fill(
                    rect: base, color: Color(red: 0.655, green: 0.737, blue: 0.835, alpha: tintAlpha),
                    cornerRadius: 0),
            ], clearColor: .white)
        backend.renderOptions = .reference
        backend.draw(list)
        let reference = try #require(backend.readPixels())
        backend.renderOptions = [.foldTints]
        backend.draw(list)
        let folded = try #require(backend.readPixels())
        let difference = try #require(folded.maximumChannelDifference(to: reference))
        #expect(difference <= 2, "folded differs by \(difference) at p \(pictureAlpha), t \(tintAlpha)")
    }
}
