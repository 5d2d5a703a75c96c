import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// A rasterized panel and the live view it stands for draw the same pixels: a room's detail
/// screen, shrunk live onto its panel as it closes, hands over to the panel's picture on the
/// next frame, and its text must not move a pixel there.
@MainActor
@Suite(.serialized) struct LayerHandOverTests {
    /// A screen-sized view's title, as the panel holds it: 390 × 844 points of content.
    static let content = Size(width: 390, height: 844)
    static let titleFrame = Rect(x: 0, y: 600, width: 390, height: 44)
    /// A panel whose sides are each floored to whole points: 0.6 across, 0.5995 down.
    static let panel = Rect(x: 0, y: 0, width: 234, height: 506)

    func title(in frame: Rect, scale: Double) -> DrawCommand {
        .text("Night Riders", font: .bold(20), color: .white, frame: frame, scale: scale)
    }

    func drawn(_ commands: [DrawCommand]) throws -> PixelImage {
        try HeadlessBackend.with(size: Self.panel.size) { backend in
            backend.draw(DisplayList(commands: commands, clearColor: .black))
            return try #require(backend.readPixels())
        }
    }

    @Test func aPanelsPictureShowsItsTextWhereTheLiveViewDrawsIt() throws {
        let (sx, sy) = (Self.panel.width / Self.content.width, Self.panel.height / Self.content.height)
        let live = Rect(
            x: Self.titleFrame.minX * sx, y: Self.titleFrame.minY * sy, width: Self.titleFrame.width * sx,
            height: Self.titleFrame.height * sy)
        let liveDrawn = try drawn([title(in: live, scale: sx)])
        let picture = try drawn([
            .layer(
                id: 1, destination: Self.panel, contentSize: Self.content,
                commands: [title(in: Self.titleFrame, scale: 1)], alpha: 1)
        ])
        // Within the rounding of drawing through a texture (one level); a row apart is 255.
        #expect((picture.maximumChannelDifference(to: liveDrawn) ?? 255) <= 2)
    }

    @Test func scaledTextAHairEitherSideOfAPixelLandsOnTheSamePixels() throws {
        let frame = Rect(x: 20, y: 100, width: 200, height: 26)
        let justLeft = try drawn([title(in: frame.offsetBy(dx: -0.03, dy: -0.03), scale: 0.6)])
        let justRight = try drawn([title(in: frame.offsetBy(dx: 0.03, dy: 0.03), scale: 0.6)])
        #expect(justLeft.maximumChannelDifference(to: justRight) == 0)
    }
}
