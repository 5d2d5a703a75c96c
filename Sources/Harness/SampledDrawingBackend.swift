import Graphics
import Platform
import Rendering

/// A backend that rasterizes only the frames someone looks at: one frame in `drawEvery` (when set),
/// and any frame whose pixels are read (a capture), which it draws on demand from the frame's
/// display list. Everything else (layout, the display list, text metrics, input) is the wrapped
/// backend's, so a run that checks the tree (the monkey, the dump tests) sees exactly what a run
/// that draws every frame sees, at a fraction of the cost: drawing is what costs in a debug build.
@MainActor
public final class SampledDrawingBackend: WrappingBackend {
    public let base: any Backend
    /// Draw one frame in this many; nil draws only the frames whose pixels are read.
    public let drawEvery: Int?
    private var frame = 0
    /// The last frame's list when it was not drawn yet.
    private var undrawn: DisplayList?
    /// Its overlay, drawn with it when its pixels are read.
    private var undrawnOverlay: DisplayList?

    public init(_ base: any Backend, drawEvery: Int?) {
        self.base = base
        self.drawEvery = drawEvery.map { max(1, $0) }
    }

    public var renderOptions: RenderOptions {
        get { base.renderOptions }
        set { base.renderOptions = newValue }
    }

    public func draw(_ list: DisplayList) {
        frame += 1
        if let drawEvery, frame % drawEvery == 0 {
            base.draw(list)
            undrawn = nil
        } else {
            undrawn = list
        }
        undrawnOverlay = nil
    }

    public func drawOverlay(_ list: DisplayList) {
        if undrawn == nil { base.drawOverlay(list) } else { undrawnOverlay = list }
    }

    /// The frame's pixels, drawn now if the frame was skipped: a capture is always of this frame.
    public func readPixels() -> PixelImage? {
        if let list = undrawn {
            base.draw(list)
            undrawn = nil
        }
        if let overlay = undrawnOverlay {
            base.drawOverlay(overlay)
            undrawnOverlay = nil
        }
        return base.readPixels()
    }

}
