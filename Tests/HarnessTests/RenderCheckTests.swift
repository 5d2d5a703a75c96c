import Graphics
import Platform
import Rendering
import Scenes
import Testing

@testable import Harness
@testable import Tools

/// The render check: every frame of each scene's main transition, drawn with every optimisation
/// and as the reference (all of them off), agrees within two levels on all but 0.1 % of its
/// pixels; and where a frame does not, the check names the optimisation that made it differ.
@MainActor
@Suite struct RenderCheckTests {
    /// Opens and closes (or drags closed) each scene's main transition; every frame is checked.
    nonisolated static let transitions: [(SceneID, String)] = [
        (.rooms, #"{"at":0.2,"type":"key","key":"enter"},{"at":1.8,"type":"key","key":"escape"}"#),
        (.icons, #"{"at":0.2,"type":"key","key":"enter"},{"at":1.8,"type":"key","key":"escape"}"#),
        (.inbox, #"{"at":0.2,"type":"key","key":"enter"},{"at":1.8,"type":"key","key":"escape"}"#),
        (
            .modal,
            #"{"at":0.2,"type":"key","key":"enter"},{"at":2.5,"type":"drag","from":[195,300],"to":[195,650],"duration":0.5}"#
        ),
        (.settings, #"{"at":0.2,"type":"key","key":"comma"},{"at":1.8,"type":"key","key":"escape"}"#),
    ]

    @Test(arguments: transitions)
    func everyFrameOfTheTransitionMatchesTheReference(scene: SceneID, events: String) throws {
        let app = try HeadlessApp(scene: scene, drawing: .everyFrameChecked)
        defer { app.finish() }  // records every mismatch as an issue
        try app.replay(#"{"events":[\#(events),{"at":3.5,"type":"quit"}]}"#)
        let checker = try #require(app.renderCheck)
        #expect(checker.framesChecked > 150, "every frame of the open and the close")
        #expect(!app.host.isTransitioning)
    }

    /// A frame where one option changes what is drawn: the check reports the frame, where, and
    /// that switching that option off alone makes the frames agree.
    @Test func aMismatchNamesTheOptionThatCausesIt() {
        let base = OptionDependentBackend(culprit: .foldTints)
        let checker = RenderCheckingBackend(base)
        var reported: [RenderCheckingBackend.Mismatch] = []
        checker.onMismatch = { reported.append($0) }
        checker.draw(DisplayList())
        #expect(reported.isEmpty, "a frame that draws alike both ways passes")
        base.differs = true
        checker.draw(DisplayList())
        #expect(reported.count == 1)
        #expect(reported.first?.frame == 2)
        #expect(reported.first?.culprits == ["tint folding"])
        #expect(reported.first?.difference.region == Rect(x: 2, y: 3, width: 4, height: 5))
        #expect(base.options == .all, "what is shown afterwards is the pipeline's frame")
    }

    /// Draws a 10×10 frame that shows a brighter 4×5 patch whenever `culprit` is in force.
    final class OptionDependentBackend: Backend {
        let culprit: RenderOptions
        var differs = false
        var options = RenderOptions.all
        private var lastDrawnWith = RenderOptions.all

        init(culprit: RenderOptions) {
            self.culprit = culprit
        }

        var pointSize: Size { Size(width: 10, height: 10) }
        var pixelScale: Double { 1 }
        let metrics: any ContentMetrics = EstimatedContentMetrics()
        let diagnostics = Diagnostics()
        var renderOptions: RenderOptions {
            get { options }
            set { options = newValue }
        }
        func resize(to size: Size) {}
        func pollEvents() -> [InputEvent] { [] }
        func draw(_ list: DisplayList) { lastDrawnWith = options }
        func readPixels() -> PixelImage? {
            var rgba = [UInt8](repeating: 100, count: 10 * 10 * 4)
            if differs && lastDrawnWith.contains(culprit) {
                for y in 3..<8 {
                    for x in 2..<6 { rgba[(y * 10 + x) * 4] = 140 }
                }
            }
            return PixelImage(width: 10, height: 10, rgba: rgba)
        }
        func present() {}
        func writePNG(
            _ image: PixelImage, to path: String, completion: @escaping @MainActor @Sendable (String?) -> Void
        ) {
            completion(nil)
        }
        func waitForPendingWrites() {}
    }
}
