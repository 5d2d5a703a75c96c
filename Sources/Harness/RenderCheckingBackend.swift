import Graphics
import Platform
import Rendering

/// `--render-check`: draws every frame with the pipeline's optimisations and as the reference
/// (all of them off), and compares the pixels. On a frame that differs by more than two
/// levels on more than 0.1 % of its pixels it finds which single option, switched off, makes the
/// frames agree, and reports it. What is shown and captured is the pipeline's frame.
@MainActor
public final class RenderCheckingBackend: WrappingBackend {
    /// A frame where the pipeline and the reference disagree.
    public struct Mismatch: Sendable {
        public var frame: Int
        public var difference: FrameDifference
        /// Options each of which, switched off alone, makes the frame agree with the reference.
        public var culprits: [String]
        /// Pixels per point, to say the region in points too.
        public var pixelScale: Double

        public var description: String {
            let r = difference.region
            let percent = (difference.fraction * 1000).rounded() / 10
            let region = "\(Int(r.minX)),\(Int(r.minY)) \(Int(r.width))×\(Int(r.height)) px"
            let blame =
                culprits.isEmpty
                ? "no single option switched off makes them agree (several together, or the executor)"
                : "switching off \(culprits.joined(separator: " or ")) alone makes them agree"
            return
                "frame \(frame) differs from the reference by up to \(difference.worst) levels on \(percent) % of "
                + "its pixels, in \(region); \(blame)"
        }
    }

    public let base: any Backend
    /// More than this share of the pixels off by more than `tolerance` levels is a mismatch.
    public static let share = 0.001
    public static let tolerance = 2
    /// Called with the first mismatch (and each later one); the app prints it and exits 1.
    public var onMismatch: (Mismatch) -> Void = { _ in }
    public private(set) var mismatches: [Mismatch] = []
    public private(set) var framesChecked = 0
    private var frame = 0

    public init(_ base: any Backend) {
        self.base = base
    }

    public var renderOptions: RenderOptions {
        get { base.renderOptions }
        set {}
    }

    public func draw(_ list: DisplayList) {
        frame += 1
        // The pipeline first, over its own last frame as the app draws it: only where the two
        // frames differ (`.drawChangesOnly`), so a pixel it failed to redraw shows here.
        base.renderOptions = .all
        base.draw(list)
        let drawn = base.readPixels()
        base.renderOptions = .reference
        base.draw(list)
        let reference = base.readPixels()
        // What is shown, and what the next frame is drawn over, is the pipeline's frame (drawn
        // whole here: the output holds the reference's).
        base.renderOptions = .all
        base.draw(list)
        guard let reference, let drawn, let difference = drawn.difference(to: reference, tolerance: Self.tolerance)
        else { return }
        framesChecked += 1
        guard difference.exceeds(share: Self.share) else { return }
        var culprits: [String] = []
        for (option, name) in RenderOptions.named {
            base.renderOptions = RenderOptions.all.subtracting(option)
            base.draw(list)
            if let without = base.readPixels(),
                let left = without.difference(to: reference, tolerance: Self.tolerance),
                !left.exceeds(share: Self.share)
            {
                culprits.append(name)
            }
        }
        // What is shown (and captured) stays the pipeline's frame.
        base.renderOptions = .all
        base.draw(list)
        let mismatch = Mismatch(frame: frame, difference: difference, culprits: culprits, pixelScale: pixelScale)
        mismatches.append(mismatch)
        onMismatch(mismatch)
    }

    public func readPixels() -> PixelImage? { base.readPixels() }

    /// The tools are drawn once, over the pipeline's frame: they are not the scene's drawing.
    public func drawOverlay(_ list: DisplayList) { base.drawOverlay(list) }

}
