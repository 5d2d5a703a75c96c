import Graphics
import Platform
import PlatformSDL
import Scenes
import Testing

@testable import Harness
@testable import Tools

/// The sampled backend rasterizes only what someone looks at, and what it shows then is what a
/// backend that drew every frame shows: the dump tests and the monkey may skip frames safely.
@MainActor
@Suite struct SampledDrawingTests {
    /// Counts what reaches the real renderer.
    final class CountingBackend: Backend {
        var drawn: [Int] = []
        var pointSize: Size { Size(width: 10, height: 10) }
        var pixelScale: Double { 1 }
        let metrics: any ContentMetrics = EstimatedContentMetrics()
        let diagnostics = Diagnostics()
        func resize(to size: Size) {}
        func pollEvents() -> [InputEvent] { [] }
        func draw(_ list: DisplayList) { drawn.append(list.commands.count) }
        func readPixels() -> PixelImage? { PixelImage(width: 1, height: 1, rgba: [0, 0, 0, 255]) }
        func present() {}
        func writePNG(
            _ image: PixelImage, to path: String, completion: @escaping @MainActor @Sendable (String?) -> Void
        ) {
            completion(nil)
        }
        func waitForPendingWrites() {}
    }

    func list(_ commands: Int) -> DisplayList {
        DisplayList(commands: Array(repeating: .popClip, count: commands))
    }

    @Test func onDemandDrawsOnlyTheFrameWhosePixelsAreReadAndOnlyOnce() {
        let base = CountingBackend()
        let sampled = SampledDrawingBackend(base, drawEvery: nil)
        for frame in 1...5 { sampled.draw(list(frame)) }
        #expect(base.drawn.isEmpty)
        _ = sampled.readPixels()
        _ = sampled.readPixels()
        #expect(base.drawn == [5], "the last frame, drawn once")
        sampled.draw(list(6))
        #expect(base.drawn == [5])
    }

    @Test func everyNthFrameIsDrawnAndAReadBetweenDrawsTheSkippedFrame() {
        let base = CountingBackend()
        let sampled = SampledDrawingBackend(base, drawEvery: 3)
        for frame in 1...7 { sampled.draw(list(frame)) }
        #expect(base.drawn == [3, 6])
        _ = sampled.readPixels()
        #expect(base.drawn == [3, 6, 7])
        for frame in 8...9 { sampled.draw(list(frame)) }
        _ = sampled.readPixels()
        #expect(base.drawn == [3, 6, 7, 9], "frame 9 was drawn in turn; reading it draws nothing more")
    }

    /// Mid-transition, where the renderer's caches (rasterized panels, scaled layers, picture
    /// textures) are busiest: a frame drawn cold shows what the same frame drawn after every
    /// earlier one shows.
    @Test(arguments: [
        (SceneID.rooms, #"{"at":0.2,"type":"key","key":"enter"}"#, 0.45),
        (SceneID.icons, #"{"at":0.2,"type":"key","key":"enter"}"#, 0.4),
        (SceneID.inbox, #"{"at":0.2,"type":"key","key":"enter"}"#, 0.5),
    ])
    func aFrameDrawnColdMatchesTheSameFrameDrawnInSequence(scene: SceneID, event: String, at moment: Double) throws {
        func capture(_ drawing: HeadlessApp.Drawing, at moment: Double) throws -> PixelImage {
            let app = try HeadlessApp(scene: scene, drawing: drawing)
            defer { app.finish() }
            try app.replay(
                #"{"events":[\#(event),{"at":\#(moment),"type":"capture","file":"\#(app.path("f.png"))"},{"at":\#(moment + 0.05),"type":"quit"}]}"#
            )
            app.backend.waitForPendingWrites()
            return try #require(SDLBackend.loadPNG(path: app.path("f.png")))
        }
        let cold = try capture(.onDemand, at: moment)
        let warm = try capture(.everyFrame, at: moment)
        let before = try capture(.everyFrame, at: 0.1)
        #expect(
            try #require(cold.maximumChannelDifference(to: before)) > 50, "the moment is part way into the transition")
        let difference = try #require(cold.maximumChannelDifference(to: warm))
        #expect(difference <= 2, "\(scene) at \(moment) s: drawn cold and in sequence differ by \(difference)")
    }
}
