import Foundation
import Graphics
import PlatformSDL
import Testing
import Views

@testable import Harness

/// Rasterized subtrees (the Rooms panels) look as drawn directly, and are drawn into their
/// textures once, not on every frame they merely move.
@MainActor
@Suite(.serialized) struct RasterizationTests {
    @Test func panelsAreDrawnOnceAndOnlyMovedWhileTheRowScrolls() throws {
        let app = try HeadlessApp(scene: .rooms, drawing: .everyFrame)
        defer { app.finish() }
        app.host.runFrame(inputs: [])
        let afterFirstFrame = app.backend.rasterizedLayerRenders
        #expect(afterFirstFrame >= 2)
        try app.replay(#"{"events":[{"at":0.1,"type":"drag","from":[300,422],"to":[260,422],"duration":0.3}]}"#)
        // Panels already on screen were only moved; only panels scrolling into view were drawn.
        #expect(app.backend.rasterizedLayerRenders <= afterFirstFrame + 2)
    }

    /// A blue card with a white label, alone in an empty 200 × 200 window.
    func addCard(to app: HeadlessApp) -> Views.View {
        let card = Views.View(frame: Rect(x: 20, y: 20, width: 160, height: 160))
        card.backgroundColor = Color(hex: 0x336699)
        let label = Label(text: "Layer", font: .bold(20), color: .white, alignment: .center)
        label.frame = Rect(x: 0, y: 60, width: 160, height: 40)
        card.addSubview(label)
        app.emptyWindow().addSubview(card)
        return card
    }

    @Test func aLayerShrinkingAwayIsDrawnOnceAndScaledButOneFarSmallerIsDrawnAtItsSize() throws {
        let app = try HeadlessApp(size: Size(width: 200, height: 200), drawing: .everyFrame)
        defer { app.finish() }
        let card = addCard(to: app)
        card.shouldRasterize = true
        app.host.runFrame(inputs: [])
        let first = app.backend.rasterizedLayerRenders
        // A screen shrinking away behind a zoom: every frame a little smaller, down to 0.8.
        for step in 1...10 {
            card.transform = AffineTransform(scale: 1 - 0.02 * Double(step))
            app.host.runFrame(inputs: [])
        }
        #expect(app.backend.rasterizedLayerRenders == first)
        // Scaled down, it still shows the same picture (its middle is the card's colour).
        let shrunk = try app.captureFrame("shrunk.png")
        #expect(shrunk.pixel(x: 100, y: 40) == shrunk.pixel(x: 100, y: 150))
        #expect(shrunk.pixel(x: 100, y: 40).b > 0x90)
        // Under half its size it is drawn again, at the size shown (a texture twice as large
        // as the pixels would waste memory and blur when filtered down that far).
        card.transform = AffineTransform(scale: 0.45)
        app.host.runFrame(inputs: [])
        #expect(app.backend.rasterizedLayerRenders == first + 1)
        app.host.runFrame(inputs: [])
        #expect(app.backend.rasterizedLayerRenders == first + 1)
    }

    @Test func aRasterizedViewLooksLikeTheViewItself() throws {
        let app = try HeadlessApp(size: Size(width: 200, height: 200), drawing: .everyFrame)
        defer { app.finish() }
        let card = addCard(to: app)
        let direct = try app.captureFrame("direct.png")
        card.shouldRasterize = true
        let rasterized = try app.captureFrame("layer.png")
        #expect((direct.maximumChannelDifference(to: rasterized) ?? 255) <= 2)
        #expect(direct.pixel(x: 30, y: 30) == rasterized.pixel(x: 30, y: 30))
    }
}
