import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// A view faded as a whole (a group: drawn offscreen, then composited at the view's alpha) must
/// look like its pieces faded one by one where they do not overlap — antialiased edges included.
/// SDL's software renderer cannot composite the premultiplied colour an offscreen target holds;
/// drawn as if it were straight colour, every edge pixel's alpha counted twice (too dark over
/// white by up to 29 levels here).
@MainActor
@Suite(.serialized) struct GroupOpacityTests {
    static let assets =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Assets"

    static let circle = Rect(x: 12.3, y: 10.6, width: 50, height: 50)
    static let card = Rect(x: 80.4, y: 14.2, width: 60, height: 40)
    static let orange = Color(hex: 0xFF9500)
    static let indigo = Color(hex: 0x5856D6)

    func drawn(_ commands: [DrawCommand], scale: Double) throws -> PixelImage {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 160, height: 80), scale: scale, assetsDirectory: Self.assets,
            pictureCache: .none)
        defer { backend.shutdown() }
        backend.draw(DisplayList(commands: commands, clearColor: .white))
        return try #require(backend.readPixels())
    }

    @Test(arguments: [1.0, 2.0])
    func aFadedGroupMatchesItsPiecesFadedAlone(scale: Double) throws {
        let alpha = 0.45
        let group = try drawn(
            [
                .beginGroup(bounds: Rect(x: 0, y: 0, width: 160, height: 80), alpha: alpha),
                .fill(rect: Self.circle, color: Self.orange, cornerRadius: 25),
                .fill(rect: Self.card, color: Self.indigo, cornerRadius: 10),
                .endGroup,
            ], scale: scale)
        let alone = try drawn(
            [
                .fill(rect: Self.circle, color: Self.orange.withAlpha(alpha), cornerRadius: 25),
                .fill(rect: Self.card, color: Self.indigo.withAlpha(alpha), cornerRadius: 10),
            ], scale: scale)
        let difference = try #require(group.maximumChannelDifference(to: alone))
        #expect(difference <= 2, "the faded group differs from its faded pieces by \(difference) at \(scale)×")
        // And it is faded: the circle's middle is half way to white.
        let middle = group.pixel(x: Int(Self.circle.midX * scale), y: Int(Self.circle.midY * scale))
        #expect(middle.b > 100 && middle.b < 160)
    }
}
