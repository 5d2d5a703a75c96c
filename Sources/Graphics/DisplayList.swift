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
public enum DrawCommand: Equatable, Sendable {
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
    /// A solid `rect` with every column of pixels at window x (points) moved down by `shear × x`:
    /// a parallelogram with upright sides, what a flat slab turned about the vertical axis and
    /// then tipped about the horizontal one looks like from far away (the teardown inspector's
    /// slabs and their outlines). Drawn as strips of whole columns sharing one whole-pixel
    /// offset, so it is exact on the software renderer as on a GPU, and every sheared command
    /// with the same shear lines up with the others pixel for pixel.
    case shearedFill(rect: Rect, shear: Double, color: Color)
    /// A rasterized picture's shown part stretched onto `destination` and sheared as
    /// `shearedFill` is; only the part of `destination` inside `shown` (same space, points) is
    /// drawn — the passes cut a slab partly behind another to what shows, and every part samples
    /// the picture exactly as the whole would.
    case shearedLayer(ShearedPicture, destination: Rect, shown: Rect, shear: Double, alpha: Double)
}

/// A picture for `.shearedLayer`: `commands` in their own coordinates (0,0 to `contentSize`, in
/// points), kept by the renderer under `id` as `.layer` keeps its texture, of which the part
/// `source` (content points) is shown. Only the part shows (a view half slid off screen), but the
/// whole is kept: a view sliding in keeps its texture.
public struct ShearedPicture: Equatable, Sendable {
    public var id: Int
    public var contentSize: Size
    public var commands: [DrawCommand]
    public var source: Rect

    public init(id: Int, contentSize: Size, commands: [DrawCommand], source: Rect) {
        self.id = id
        self.contentSize = contentSize
        self.commands = commands
        self.source = source
    }

    /// The whole picture shown.
    public init(id: Int, contentSize: Size, commands: [DrawCommand]) {
        self.init(id: id, contentSize: contentSize, commands: commands, source: Rect(origin: .zero, size: contentSize))
    }
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
