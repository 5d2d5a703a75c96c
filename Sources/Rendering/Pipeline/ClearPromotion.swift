import Graphics

/// A first opaque square-cornered fill over the whole viewport (the area the list is shown in)
/// becomes the clear colour: the same pixels, but a GPU renderer clears at no cost and shades
/// every pixel of a fill.
public struct ClearPromotion: RenderPass {
    public init() {}

    public var option: RenderOptions { .promoteClear }

    public func apply(to list: DisplayList, in context: PassContext) -> DisplayList {
        guard case .fill(let rect, let color, let radius)? = list.commands.first, color.isOpaque, radius == 0,
            Self.covers(rect, context.viewport)
        else { return list }
        return DisplayList(commands: Array(list.commands.dropFirst()), clearColor: color, viewport: list.viewport)
    }

    /// Whether a fill of `rect` paints every pixel of `viewport`: it contains it, or misses its
    /// edges by no more than `edgeTolerance`. A scrolled screen's background comes out of the
    /// kit's arithmetic 6e-14 pt to one side now and then (a panel swipe in Rooms); held to exact
    /// containment, every other frame of the swipe promoted another clear colour and was drawn
    /// whole rather than where it changed.
    static func covers(_ rect: Rect, _ viewport: Rect) -> Bool {
        rect.minX <= viewport.minX + edgeTolerance && rect.minY <= viewport.minY + edgeTolerance
            && rect.maxX >= viewport.maxX - edgeTolerance && rect.maxY >= viewport.maxY - edgeTolerance
    }

    /// Points a fill may fall short of the viewport's edge and still count as covering it: a
    /// millionth of a point is a few millionths of a pixel at any scale, far below the half of
    /// 1/255 that would change an edge pixel's 8-bit value.
    static let edgeTolerance = 1e-6
}
