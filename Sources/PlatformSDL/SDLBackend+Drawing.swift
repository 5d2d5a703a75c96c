import Graphics
import Rendering

/// Drawing a frame: the scene's list (left undrawn when the window shows it already), the tools'
/// overlay over it, and the switches the drawing is made with.
extension SDLBackend {
    public func draw(_ list: DisplayList) {
        overlayCalledThisFrame = false
        if !displayListRenderer.optionsInForce.contains(.skipUnchangedFrames) { redrawGate.invalidate() }
        if window != nil,
            !redrawGate.shouldDraw(
                list, contentEpoch: displayListRenderer.resources.contentEpoch,
                picturesPending: displayListRenderer.picturesWaiting)
        {
            // The window still shows this very picture: nothing to draw or present.
            undrawnList = list
            framesUndrawn += 1
            return
        }
        undrawnList = nil
        if let viewport = list.viewport {
            picturesFollowTheList = true
            let side = (max(viewport.width, viewport.height) * pixelScale).rounded(.up)
            assets.setLargestDrawnSide(min(Int(side), max(outputSize.width, outputSize.height)))
        }
        displayListRenderer.draw(list, outputWidth: outputSize.width, outputHeight: outputSize.height)
        redrawGate.didDraw(contentEpoch: displayListRenderer.resources.contentEpoch)
    }

    public func drawOverlay(_ list: DisplayList) {
        overlayCalledThisFrame = true
        if let undrawn = undrawnList {
            // The window shows the scene and its last overlay: nothing to do unless the tools
            // changed, and then the scene is drawn again beneath them.
            guard list != lastOverlay else { return }
            undrawnList = nil
            displayListRenderer.draw(undrawn, outputWidth: outputSize.width, outputHeight: outputSize.height)
            redrawGate.didDraw(contentEpoch: displayListRenderer.resources.contentEpoch)
        }
        lastOverlay = list
        guard !list.commands.isEmpty else { return }
        displayListRenderer.drawOverlay(list)
    }

    /// The renderer's optimisations in force: `.all` (the pipeline) or `.reference` (`--render
    /// reference`: every pass and cache off, the plainest correct drawing), or any set between
    /// (the render check switches one off at a time).
    public var renderOptions: RenderOptions {
        get { displayListRenderer.options }
        set { displayListRenderer.options = newValue }
    }

    public var renderOptionsInForce: RenderOptions { displayListRenderer.optionsInForce }

    /// What drawing costs on this renderer ("software" or "gpu"): which optimisations pay.
    public var costModelName: String { displayListRenderer.costModel.name }

    /// Shadows and translucent rounded rects as straight bands and corner patches, or as one
    /// mesh (tests compare the two).
    var drawsRingsInPieces: Bool {
        get { displayListRenderer.drawsRingsInPieces }
        set { displayListRenderer.drawsRingsInPieces = newValue }
    }
}
