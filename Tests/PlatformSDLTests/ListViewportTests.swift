import Foundation
import Graphics
import Rendering
import Testing

@testable import PlatformSDL

/// A display list shown in part of the output (the scene beside the dock) draws only there, and
/// the passes judge cover against that area: a screen covering the scene hides what lies beneath
/// it although it is narrower than the window. (Judged against the whole window, the inspector's
/// slabs, each narrower than half of scene and dock together, never hid one another and were all
/// drawn whole: 2.5 million pixels a frame at 2×.)
@MainActor
@Suite(.serialized) struct ListViewportTests {
    static let scene = Rect(x: 0, y: 0, width: 100, height: 100)
    static let red = Color(hex: 0xFF3B30)
    static let green = Color(hex: 0x34C759)

    /// A white screen over the scene, a red card over it reaching past the scene's right edge, and
    /// beneath them a green fill the screen hides.
    static let list = DisplayList(
        commands: [
            .fill(rect: Rect(x: 0, y: 0, width: 200, height: 100), color: green, cornerRadius: 0),
            .fill(rect: scene, color: .white, cornerRadius: 0),
            .fill(rect: Rect(x: 60, y: 30, width: 80, height: 40), color: red, cornerRadius: 0),
        ], clearColor: .black, viewport: scene)

    func drawn(_ options: RenderOptions, scale: Double) throws -> PixelImage {
        try HeadlessBackend.with(size: Size(width: 200, height: 100), scale: scale) { backend in
            backend.renderOptions = options
            backend.draw(Self.list)
            return try #require(backend.readPixels())
        }
    }

    @Test(arguments: [1.0, 2.0])
    func nothingIsDrawnOutsideTheListsArea(scale: Double) throws {
        for options in [RenderOptions.all, .reference] {
            let image = try drawn(options, scale: scale)
            func rgb(_ x: Double, _ y: Double) -> [UInt8] {
                let p = image.pixel(x: Int(x * scale), y: Int(y * scale))
                return [p.r, p.g, p.b]
            }
            #expect(rgb(20, 50) == [255, 255, 255], "the scene's screen (\(options))")
            #expect(rgb(80, 50) == [0xFF, 0x3B, 0x30], "the card inside the scene")
            #expect(
                rgb(120, 50) == [0, 0, 0], "the card stops at the scene's edge; the dock's side shows the background")
            #expect(rgb(180, 10) == [0, 0, 0], "the green beneath reaches past the scene but is not drawn there")
        }
        // Both ways, the same pixels.
        let difference = try #require(
            drawn(.all, scale: scale).difference(to: drawn(.reference, scale: scale), tolerance: 0))
        #expect(difference.pixels == 0)
    }

    /// The pass sees the white screen cover the whole area the list shows: the green fill beneath
    /// is left out, although it is twice as wide as the screen.
    @Test func aFillCoveringTheListsAreaHidesWhatIsBeneath() {
        let pipeline = RenderPipeline(options: .all)
        let out = pipeline.run(
            Self.list,
            in: PassContext(
                viewport: Self.scene, isOpaqueImage: { _ in true }, costModel: .softwareRenderer, pixelScale: 1))
        #expect(!out.commands.contains { if case .fill(_, Self.green, _) = $0 { true } else { false } })
        #expect(out.viewport == Self.scene)
    }
}
