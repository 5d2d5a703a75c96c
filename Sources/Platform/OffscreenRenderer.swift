import Graphics

/// Draws display lists into memory at a size and scale of its own, apart from the window: a
/// recording renders its frames this way after they were kept, so it is as sharp as asked (1×, 2×,
/// 3×) and the same bytes however the window drew them.
@MainActor
public protocol OffscreenRenderer: AnyObject {
    /// The pixel size every frame is drawn at.
    var pixelSize: (width: Int, height: Int) { get }
    /// `list` drawn from a clear frame (what lies outside the frame is cut off, what the list
    /// leaves uncovered is its clear colour), read back opaque; nil if it could not be drawn.
    func render(_ list: DisplayList) -> PixelImage?
}
