import CSDL2
import Foundation
import Graphics
import Rendering

/// Drawing a frame: the scene's list and the tools' overlay over it, as `WindowFrames` decides,
/// and the switches the drawing is made with.
extension SDLBackend {
    public func draw(_ list: DisplayList) {
        followWindowSurface()
        frames.draw(list, with: displayListRenderer, output: outputSize, skippable: window != nil)
        bands?.flush()
    }

    public func drawOverlay(_ list: DisplayList) {
        frames.drawOverlay(list, with: displayListRenderer, output: outputSize)
        bands?.flush()
    }

    /// The renderer's optimisations in force: `.all` (the pipeline) or `.reference` (`--render
    /// reference`: every pass and cache off, the plainest correct drawing), or any set between
    /// (the render check switches one off at a time). Without `.parallelBands` the output is
    /// drawn whole on one thread: the first such frame lets every texture go, so that from then
    /// on each is made for the whole output's renderer too.
    public var renderOptions: RenderOptions {
        get { displayListRenderer.options }
        set {
            displayListRenderer.options = newValue
            guard let bands else { return }
            bands.flush()
            bands.drawsInBands = newValue.contains(.parallelBands)
            if !bands.drawsInBands, !bands.hasWholeLane {
                displayListRenderer.releaseAll()
                bands.addWholeLane()
            }
        }
    }

    public var renderOptionsInForce: RenderOptions { displayListRenderer.optionsInForce }

    /// How many threads draw the output: the bands' count, or 1.
    public var drawThreads: Int { bands.map { $0.drawsInBands ? $0.bandCount : 1 } ?? 1 }

    /// Flushes whose offscreen pictures the bands shared out, each drawn by one lane (`OffscreenSchedule`).
    public var sharedOffscreenFlushes: Int { bands?.sharedFlushes ?? 0 }

    /// What drawing costs on this renderer ("software" or "gpu"): which optimisations pay.
    public var costModelName: String { displayListRenderer.costModel.name }

    /// Shadows and translucent rounded rects as straight bands and corner patches, or as one
    /// mesh (tests compare the two).
    var drawsRingsInPieces: Bool {
        get { displayListRenderer.drawsRingsInPieces }
        set { displayListRenderer.drawsRingsInPieces = newValue }
    }

    /// Outputs smaller than this draw whole on one thread unless bands are asked for: a 1× frame
    /// is a few milliseconds, and the inspector's many read-backs (each a wait for every band)
    /// and its offscreen pictures (drawn whole on every band) cost more there than the bands save
    /// (measured: docs/PERFORMANCE.md, "Drawing on every core").
    static let smallestBandedOutput = 1_200_000

    /// The executor for `renderer`: on SDL's software renderer over a surface of our own
    /// (headless), the output in `threads` bands (nil: `TEARDOWNS_DRAW_THREADS`, else one per
    /// core from `smallestBandedOutput` pixels up; 1 draws it whole), else one renderer.
    static func makeExecutor(
        renderer: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>?, fonts: FontLibrary, threads: Int?
    ) -> any RenderExecutor & SDLTextureMaking {
        let pixels = surface.map { Int($0.pointee.w) * Int($0.pointee.h) } ?? 0
        let automatic = pixels >= smallestBandedOutput ? ProcessInfo.processInfo.activeProcessorCount : 1
        let asked = threads ?? ProcessInfo.processInfo.environment["TEARDOWNS_DRAW_THREADS"].flatMap { Int($0) }
        let count = min(max(asked ?? automatic, 1), 16)
        if let surface, count > 1,
            let banded = BandedSDLExecutor(surface: surface, renderer: renderer, bands: count, fonts: fonts)
        {
            return banded
        }
        return SDLExecutor(renderer: renderer, fonts: fonts)
    }
}
