import Graphics
import Rendering

/// Drawing a frame: the scene's list and the tools' overlay over it, as `WindowFrames` decides,
/// and the switches the drawing is made with.
extension SDLBackend {
    public func draw(_ list: DisplayList) {
        frames.draw(list, with: displayListRenderer, output: outputSize, skippable: window != nil)
    }

    public func drawOverlay(_ list: DisplayList) {
        frames.drawOverlay(list, with: displayListRenderer, output: outputSize)
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
