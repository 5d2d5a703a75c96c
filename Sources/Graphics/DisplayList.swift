/// A flat, value-type list of drawing commands in window points, produced once per frame from the
/// view tree and drawn by a backend. Nothing in it refers back to views, so it can be compared in
/// tests, cached as a snapshot, or handed to another renderer.
public struct DisplayList: Equatable, Sendable {
    public var commands: [DrawCommand]
    /// The colour behind everything (the window's background).
    public var clearColor: Color
    /// The area the list is shown in, in points (the scene's, when the dock sits beside it); nil
    /// for the whole output. Nothing is drawn outside it, and the passes judge what covers what
    /// against it: a fill covering the scene covers everything that shows.
    public var viewport: Rect?

    public init(commands: [DrawCommand] = [], clearColor: Color = .black, viewport: Rect? = nil) {
        self.commands = commands
        self.clearColor = clearColor
        self.viewport = viewport
    }
}

/// One drawing step. Rectangles are axis-aligned, in window points, with every ancestor transform
/// already applied; alpha is the effective alpha (own × ancestors', unless inside a group).
public enum DrawCommand: Hashable, Sendable {
    /// A solid rectangle, optionally with antialiased rounded corners (a circle when radius = half the side).
    case fill(rect: Rect, color: Color, cornerRadius: Double)
    /// A soft drop shadow under a (rounded) rectangle: `blur` is the fade width in points.
    case shadow(rect: Rect, cornerRadius: Double, blur: Double, color: Color)
    /// `source` is the part of the image to show, in unit coordinates (0…1) of the image; a corner
    /// radius clips the image to a rounded rect (as a layer with cornerRadius and masksToBounds).
    case image(ImageRef, source: Rect, destination: Rect, cornerRadius: Double, alpha: Double)
    /// One line of text drawn from the top-left of its line box `frame`, scaled by `scale` (for text
    /// inside a transformed view); `color` carries the alpha.
    case text(String, font: Font, color: Color, frame: Rect, scale: Double)
    /// Placeholder for what could not be loaded: a visible hatched box so a missing asset is obvious.
    case missing(rect: Rect, label: String)
    /// Intersects the clip with `rect` until the matching `popClip`.
    case pushClip(Rect)
    case popClip
    /// Draws everything up to the matching `endGroup` into an offscreen layer covering `bounds`,
    /// then composites that layer with `alpha`. Needed so a fading parent with overlapping
    /// children looks like one translucent picture, as Core Animation's group opacity.
    case beginGroup(bounds: Rect, alpha: Double)
    case endGroup
    /// A rasterized subtree (CALayer.shouldRasterize): `commands` in its own coordinates (0,0 to
    /// `contentSize`, in points) are drawn once into a texture that the backend keeps under `id`
    /// and reuses while they stay the same; each frame the texture is placed at `destination`.
    case layer(id: Int, destination: Rect, contentSize: Size, commands: [DrawCommand], alpha: Double)
    /// A fill or a rasterized picture under any 2-D affine transform (a rotated view, the
    /// teardown inspector's turned slabs): see `TransformedDrawing`. Boxed: its payload is the
    /// largest, and every command of every list would be as large.
    indirect case transformed(TransformedDrawing)
}

extension DrawCommand {
    /// The one colour a rasterized picture shows, if that is all it shows: it ends in an opaque
    /// square fill over all of `contentSize` (what came before is hidden), or is a single square
    /// fill over all of it. Such a picture needs no texture, and when opaque it hides what lies
    /// beneath it (the inspector's full-screen backgrounds and dimming views).
    public static func solidColor(ofPicture commands: [DrawCommand], contentSize: Size) -> Color? {
        guard case .fill(let rect, let color, 0) = commands.last, color.isOpaque || commands.count == 1,
            rect.contains(Rect(origin: .zero, size: contentSize))
        else { return nil }
        return color
    }
}
