import Graphics
import Testing

@testable import Rendering

/// What the drawing keeps and what it draws at all, run on an executor that only records
/// (`RecordingExecutor`): the policies are the drawing's, not the graphics library's.
@MainActor
@Suite struct DrawingPolicyTests {
    private let output = (width: 200, height: 200)

    private func pictureList(_ name: String) -> DisplayList {
        let rect = Rect(x: 10, y: 10, width: 100, height: 100)
        return DisplayList(commands: [
            .image(ImageRef(name), source: rect, destination: rect, cornerRadius: 0, alpha: 1)
        ])
    }

    /// A picture drawn within the last second is kept whatever the budget (bringing it back is a
    /// decode and an upload, and it is likely drawn again: an inspector slab drawn afresh as it
    /// moves); idle past that, the budget takes it.
    @Test func aPictureDrawnWithinASecondStaysWhateverTheBudget() {
        let executor = RecordingExecutor()
        let source = CountingPictureSource(executor: executor, side: 100)
        let renderer = DisplayListRenderer(executor: executor, pictures: source, byteBudget: 0)
        renderer.draw(pictureList("room"), outputWidth: output.width, outputHeight: output.height)
        for _ in 0..<55 { renderer.draw(DisplayList(), outputWidth: output.width, outputHeight: output.height) }
        #expect(source.evictions.isEmpty)
        renderer.draw(pictureList("room"), outputWidth: output.width, outputHeight: output.height)
        #expect(source.uploads == ["room"], "drawn again within a second: not decoded again")
        for _ in 0..<(KeepPolicy.protectedPictureFrames + 1) {
            renderer.draw(DisplayList(), outputWidth: output.width, outputHeight: output.height)
        }
        #expect(source.evictions == ["room"], "idle for over a second with no budget: let go")
        renderer.draw(pictureList("room"), outputWidth: output.width, outputHeight: output.height)
        #expect(source.uploads == ["room", "room"])
    }

    /// A window showing the very picture it shows already neither draws nor presents it; a change
    /// of the tools above draws it again beneath them, and so does a capture's read-back.
    @Test func anUnchangedFrameIsLeftUndrawnUntilSomethingNeedsItsPixels() {
        let executor = RecordingExecutor()
        let renderer = DisplayListRenderer(
            executor: executor, pictures: CountingPictureSource(executor: executor, side: 100), byteBudget: 1 << 20)
        let frames = WindowFrames()
        let list = DisplayList(commands: [
            .fill(rect: Rect(x: 0, y: 0, width: 50, height: 50), color: .white, cornerRadius: 0)
        ])
        let overlay = DisplayList(commands: [
            .fill(rect: Rect(x: 60, y: 0, width: 50, height: 50), color: .white, cornerRadius: 0)
        ])

        frames.draw(list, with: renderer, output: output, skippable: true)
        frames.drawOverlay(DisplayList(), with: renderer, output: output)
        let afterFirst = executor.drawingCalls
        #expect(afterFirst > 0 && !frames.lastFrameWasUndrawn)

        frames.draw(list, with: renderer, output: output, skippable: true)
        frames.drawOverlay(DisplayList(), with: renderer, output: output)
        #expect(frames.lastFrameWasUndrawn && frames.framesUndrawn == 1 && executor.drawingCalls == afterFirst)

        // Only the tools changed: the frame is drawn beneath them after all.
        frames.draw(list, with: renderer, output: output, skippable: true)
        frames.drawOverlay(overlay, with: renderer, output: output)
        #expect(!frames.lastFrameWasUndrawn && executor.drawingCalls > afterFirst)

        // A capture of an idle frame draws it (and the tools drawn this frame) before reading.
        let beforeCapture = executor.drawingCalls
        frames.draw(list, with: renderer, output: output, skippable: true)
        frames.drawOverlay(overlay, with: renderer, output: output)
        #expect(frames.lastFrameWasUndrawn && executor.drawingCalls == beforeCapture)
        frames.drawUndrawn(with: renderer, output: output)
        #expect(!frames.lastFrameWasUndrawn && executor.drawingCalls >= beforeCapture + 2)

        // Headless (not skippable), or with the gate switched off, every frame is drawn.
        let beforeHeadless = executor.drawingCalls
        frames.draw(list, with: renderer, output: output, skippable: false)
        #expect(executor.drawingCalls > beforeHeadless)
        renderer.options.remove(.skipUnchangedFrames)
        let beforeSwitchedOff = executor.drawingCalls
        frames.draw(list, with: renderer, output: output, skippable: true)
        #expect(executor.drawingCalls > beforeSwitchedOff && !frames.lastFrameWasUndrawn)
    }

    /// Pictures are decoded at the output's longer side until a list says where the scene is
    /// shown; then at that area's, and a wider window (the dock opening) does not change it.
    @Test func picturesFollowWhereTheSceneIsShownOnceAListSaysSo() {
        let executor = RecordingExecutor()
        let source = CountingPictureSource(executor: executor, side: 100)
        let renderer = DisplayListRenderer(executor: executor, pictures: source, byteBudget: 1 << 20)
        renderer.scale = 2
        let frames = WindowFrames()
        frames.outputResized(width: 2560, height: 1600, renderer: renderer)
        #expect(source.largestDrawnSide == 2560)
        let scene = DisplayList(viewport: Rect(x: 0, y: 0, width: 390, height: 844))
        frames.draw(scene, with: renderer, output: (2560, 1600), skippable: false)
        #expect(source.largestDrawnSide == 1688)
        frames.outputResized(width: 3200, height: 1688, renderer: renderer)
        frames.draw(scene, with: renderer, output: (3200, 1688), skippable: false)
        #expect(source.largestDrawnSide == 1688, "the dock widened the window; the scene kept its size")
    }
}
