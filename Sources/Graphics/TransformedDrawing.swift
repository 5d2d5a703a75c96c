/// A fill or a rasterized picture placed on `destination` (an upright rect, points) and then
/// carried into the window by `transform` — rotation, shear, any 2-D affine map. One command for
/// every drawing that is not axis-aligned, so each pass and the culling branch on one case.
///
/// Two forms are drawn differently, each exact on the software renderer as on a GPU:
/// - a vertical shear (`shear`: every column at window x moves down by `shear × x`, the teardown
///   inspector's slabs turned about the vertical axis and tipped about the horizontal one) as
///   strips of whole columns that share one whole-pixel offset (`ShearedStrips`): every sheared
///   drawing with the same shear lines up with the others pixel for pixel;
/// - any other transform (a rotated view) resampled: the picture drawn at the size it is shown,
///   then mapped pixel by pixel with bilinear sampling (`AffineResampling`), so its edges are
///   antialiased.
public struct TransformedDrawing: Hashable, Sendable {
    /// What is drawn onto `destination`.
    public enum Content: Hashable, Sendable {
        /// A solid colour over all of `destination`.
        case fill(Color)
        /// The picture's shown part (`LayerPicture.source`) stretched onto `destination`.
        case picture(LayerPicture, alpha: Double)
    }

    public var content: Content
    /// Where the content lands before the transform (points).
    public var destination: Rect
    /// The part of `destination` drawn (same space): the passes cut a slab partly behind another
    /// to what shows, and every part samples the picture exactly as the whole would.
    public var shown: Rect
    /// From `destination`'s space to the window's (points).
    public var transform: AffineTransform

    /// A picture drawn resampled (bilinear, smooth between pixels) even when it is a vertical shear, which is
    /// otherwise drawn in strips of whole columns (exact and cheap, but text on it steps): the
    /// inspector asks for it for a slab that holds still, once — resampling is paid again only
    /// when the drawing changes.
    public var resampled: Bool

    public init(
        content: Content, destination: Rect, shown: Rect, transform: AffineTransform, resampled: Bool = false
    ) {
        self.content = content
        self.destination = destination
        self.shown = shown
        self.transform = transform
        self.resampled = resampled
    }

    /// The vertical shear this drawing is drawn as, if it is one: `transform` moves each column at
    /// x down by `shear × x` and nothing else, and it is not a picture asked to be `resampled` (a
    /// fill — a picture of one colour the passes folded into one included — has nothing to smooth).
    public var shear: Double? {
        let t = transform
        guard t.a == 1, t.c == 0, t.d == 1, t.tx == 0, t.ty == 0 else { return nil }
        if resampled, case .picture = content { return nil }
        return t.b
    }

    /// The part drawn: `shown` within `destination` — `destination` itself when they are equal, not
    /// their intersection recomputed, whose width can differ in the last bit and move a rounded
    /// pixel edge.
    public var drawnRect: Rect { shown == destination ? destination : shown.intersection(destination) }

    /// The window area it may touch (points); a resampled edge reaches half a pixel further.
    public var bounds: Rect {
        if let shear { return drawnRect.sheared(by: shear) }
        return transform.apply(to: drawnRect)
    }

    /// The same drawing `factor` as opaque.
    public func multiplyingAlpha(by factor: Double) -> TransformedDrawing {
        var result = self
        switch content {
        case .fill(let color): result.content = .fill(color.withAlpha(color.alpha * factor))
        case .picture(let picture, let alpha): result.content = .picture(picture, alpha: alpha * factor)
        }
        return result
    }

    /// The one colour it shows, if that is all it shows (a fill, or a picture of one colour),
    /// with its alpha: drawn as that fill, and cut as one by the culling.
    public var solidColor: Color? {
        switch content {
        case .fill(let color): return color
        case .picture(let picture, let alpha):
            guard let color = DrawCommand.solidColor(ofPicture: picture.commands, contentSize: picture.contentSize)
            else { return nil }
            return color.withAlpha(color.alpha * alpha)
        }
    }
}

/// A picture for `TransformedDrawing`: `commands` in their own coordinates (0,0 to
/// `contentSize`, in points), kept by the renderer under `id` as `.layer` keeps its texture, of
/// which the part `source` (content points) is shown. Only the part shows (a view half slid off
/// screen), but the whole is kept: a view sliding in keeps its texture.
public struct LayerPicture: Hashable, Sendable {
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
    /// A solid `rect` with every column at window x moved down by `shear × x` (the inspector's
    /// slab outlines).
    public static func shearedFill(rect: Rect, shear: Double, color: Color) -> DrawCommand {
        .transformed(
            TransformedDrawing(
                content: .fill(color), destination: rect, shown: rect, transform: AffineTransform(shearY: shear)))
    }

    /// A picture's shown part stretched onto `destination` and sheared as `shearedFill` is; only
    /// the part of `destination` inside `shown` is drawn.
    public static func shearedLayer(
        _ picture: LayerPicture, destination: Rect, shown: Rect, shear: Double, alpha: Double
    ) -> DrawCommand {
        .transformed(
            TransformedDrawing(
                content: .picture(picture, alpha: alpha), destination: destination, shown: shown,
                transform: AffineTransform(shearY: shear)))
    }
}
