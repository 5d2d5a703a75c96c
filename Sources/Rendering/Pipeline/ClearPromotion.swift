import Graphics

/// A first opaque square-cornered fill over the whole viewport (the area the list is shown in)
/// becomes the clear colour: the same pixels, but a GPU renderer clears at no cost and shades
/// every pixel of a fill.
public struct ClearPromotion: RenderPass {
    public init() {}

    public var option: RenderOptions { .promoteClear }

    public func apply(to list: DisplayList, in context: PassContext) -> DisplayList {
        guard case .fill(let rect, let color, let radius)? = list.commands.first, color.isOpaque, radius == 0,
            rect.contains(context.viewport)
        else { return list }
        return DisplayList(commands: Array(list.commands.dropFirst()), clearColor: color, viewport: list.viewport)
    }
}
