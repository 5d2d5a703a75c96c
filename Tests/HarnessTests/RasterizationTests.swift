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
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.host.runFrame(inputs: [])
        let afterFirstFrame = app.backend.rasterizedLayerRenders
        #expect(afterFirstFrame >= 2)
        try app.replay(#"{"events":[{"at":0.1,"type":"drag","from":[300,422],"to":[260,422],"duration":0.3}]}"#)
        // Panels already on screen were only moved; only panels scrolling into view were drawn.
        #expect(app.backend.rasterizedLayerRenders <= afterFirstFrame + 2)
    }

    @Test func aRasterizedViewLooksLikeTheViewItself() throws {
        let app = try HeadlessApp(size: Size(width: 200, height: 200))
        defer { app.finish() }
        let root = app.emptyWindow()
        let card = Views.View(frame: Rect(x: 20, y: 20, width: 160, height: 160))
        card.backgroundColor = Color(hex: 0x336699)
        let label = Label(text: "Layer", font: .bold(20), color: .white, alignment: .center)
        label.frame = Rect(x: 0, y: 60, width: 160, height: 40)
        card.addSubview(label)
        root.addSubview(card)
        let direct = try app.captureFrame("direct.png")
        card.shouldRasterize = true
        let rasterized = try app.captureFrame("layer.png")
        #expect((direct.maximumChannelDifference(to: rasterized) ?? 255) <= 2)
        #expect(direct.pixel(x: 30, y: 30) == rasterized.pixel(x: 30, y: 30))
    }
}
