import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// Text scaled by a hair — a spring's last frames, where a view is at 0.9999 of its size — is
/// drawn as crisp as unscaled text, so it does not sharpen in one frame as the spring lands;
/// text scaled by more is resized.
@MainActor
@Suite(.serialized) struct TextScaleTests {
    func label(scale: Double, at origin: Point) -> DisplayList {
        DisplayList(
            commands: [
                .text(
                    "About this room", font: .bold(22), color: .black,
                    frame: Rect(x: origin.x, y: origin.y, width: 240 * scale, height: 26 * scale), scale: scale)
            ], clearColor: .white)
    }

    func drawn(_ list: DisplayList) throws -> PixelImage {
        try HeadlessBackend.with(size: Size(width: 260, height: 60)) { backend in
            backend.draw(list)
            return try #require(backend.readPixels())
        }
    }

    @Test func textWithinHalfAPixelOfItsSizeIsDrawnUnscaledOnWholePixels() throws {
        let crisp = try drawn(label(scale: 1, at: Point(x: 10, y: 12)))
        let nearlyOne = try drawn(label(scale: 0.9999, at: Point(x: 10.2, y: 11.9)))
        #expect(nearlyOne.maximumChannelDifference(to: crisp) == 0)
    }

    @Test func textScaledByMoreIsResized() throws {
        let crisp = try drawn(label(scale: 1, at: Point(x: 10, y: 12)))
        let smaller = try drawn(label(scale: 0.95, at: Point(x: 10, y: 12)))
        #expect((smaller.maximumChannelDifference(to: crisp) ?? 0) > 64)
    }
}
