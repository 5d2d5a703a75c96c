import Graphics

/// What a window does with each frame's lists, decided here rather than by the platform: a frame
/// that shows the very picture the window shows already is left undrawn (`RedrawGate`, switched
/// by `.skipUnchangedFrames`) and drawn after all when a capture needs its pixels or only the
/// tools above it changed; pictures are decoded at the longer side of where the scene is shown,
/// not of the window (the dock widening the window must not decode them again). The platform
/// calls these in order — `draw`, `drawOverlay`, then `present` or a read-back after
/// `drawUndrawn` — and only executes.
@MainActor
package final class WindowFrames {
    private var gate = RedrawGate()
    /// The list of a frame left undrawn because the window already shows it.
    private var undrawnList: DisplayList?
    /// The overlay drawn over the last frame shown, to tell whether an undrawn frame must be
    /// drawn again because only its tools changed.
    private var lastOverlay = DisplayList(commands: [], clearColor: .clear)
    /// Set once this frame's tools were asked to be drawn: a capture read after it shows them too.
    private var overlayCalledThisFrame = false
    /// Set once a list says where it is shown (`DisplayList.viewport`): from then on pictures are
    /// shrunk to that area's longer side, not the window's.
    private var picturesFollowTheList = false

    /// Frames left undrawn since start: an idle window draws none.
    package private(set) var framesUndrawn = 0

    package init() {}

    /// True when the last frame showed the same picture as the one before and was neither drawn
    /// nor presented.
    package var lastFrameWasUndrawn: Bool { undrawnList != nil }

    /// Pixels were lost or changed outside the display list (the window was exposed or resized,
    /// a new renderer): the next frame is drawn in full.
    package func invalidate() { gate.invalidate() }

    /// The output is now `width` × `height` pixels: pictures follow its longer side until a list
    /// says where the scene is shown.
    package func outputResized(width: Int, height: Int, renderer: DisplayListRenderer) {
        gate.invalidate()
        if !picturesFollowTheList { renderer.assets.setLargestDrawnSide(max(width, height)) }
    }

    /// Draws the scene's `list`, or leaves it undrawn when `skippable` (a window, not a headless
    /// surface) and the window shows it already.
    package func draw(
        _ list: DisplayList, with renderer: DisplayListRenderer, output: (width: Int, height: Int), skippable: Bool
    ) {
        overlayCalledThisFrame = false
        if !renderer.optionsInForce.contains(.skipUnchangedFrames) { gate.invalidate() }
        if skippable,
            !gate.shouldDraw(
                list, contentEpoch: renderer.resources.contentEpoch, picturesPending: renderer.picturesWaiting)
        {
            undrawnList = list
            framesUndrawn += 1
            return
        }
        undrawnList = nil
        if let viewport = list.viewport {
            picturesFollowTheList = true
            let side = (max(viewport.width, viewport.height) * renderer.scale).rounded(.up)
            renderer.assets.setLargestDrawnSide(min(Int(side), max(output.width, output.height)))
        }
        renderer.draw(list, outputWidth: output.width, outputHeight: output.height)
        gate.didDraw(contentEpoch: renderer.resources.contentEpoch)
    }

    /// Draws the tools over the frame; an undrawn frame beneath tools that changed is drawn first.
    package func drawOverlay(_ list: DisplayList, with renderer: DisplayListRenderer, output: (width: Int, height: Int))
    {
        overlayCalledThisFrame = true
        if let undrawn = undrawnList {
            guard list != lastOverlay else { return }
            undrawnList = nil
            renderer.draw(undrawn, outputWidth: output.width, outputHeight: output.height)
            gate.didDraw(contentEpoch: renderer.resources.contentEpoch)
        }
        lastOverlay = list
        guard !list.commands.isEmpty else { return }
        renderer.drawOverlay(list)
    }

    /// Draws a frame left undrawn, with its tools when they were drawn this frame: a capture needs
    /// the frame's pixels in the renderer, not only on screen (Shift+F12 of an idle window).
    package func drawUndrawn(with renderer: DisplayListRenderer, output: (width: Int, height: Int)) {
        guard let list = undrawnList else { return }
        undrawnList = nil
        renderer.draw(list, outputWidth: output.width, outputHeight: output.height)
        gate.didDraw(contentEpoch: renderer.resources.contentEpoch)
        if overlayCalledThisFrame, !lastOverlay.commands.isEmpty { renderer.drawOverlay(lastOverlay) }
    }
}
