import Graphics

/// Drops fills, shadows and text under half a step of 8-bit alpha — nothing of them lands on
/// screen, yet a GPU renderer would still blend every pixel (a room's picture fading out over
/// the whole window). Inside rasterized layers too.
public struct InvisibleDrawSkip: RenderPass {
    public init() {}

    public var option: RenderOptions { .skipInvisible }

    public static func isInvisible(_ alpha: Double) -> Bool { alpha * 255 < 0.5 }

    public func apply(to list: DisplayList, in context: PassContext) -> DisplayList {
        DisplayList(commands: Self.visible(list.commands), clearColor: list.clearColor, viewport: list.viewport)
    }

    static func visible(_ commands: [DrawCommand]) -> [DrawCommand] {
        commands.compactMap { command in
            switch command {
            case .fill(_, let color, _) where isInvisible(color.alpha),
                .shadow(_, _, _, let color) where isInvisible(color.alpha),
                .text(_, _, let color, _, _) where isInvisible(color.alpha):
                return nil
            case .layer(let id, let destination, let size, let inner, let alpha):
                return .layer(
                    id: id, destination: destination, contentSize: size, commands: visible(inner), alpha: alpha)
            case .transformed(var drawing):
                guard case .picture(var picture, let alpha) = drawing.content else {
                    if case .fill(let color) = drawing.content, isInvisible(color.alpha) { return nil }
                    return command
                }
                picture.commands = visible(picture.commands)
                drawing.content = .picture(picture, alpha: alpha)
                return .transformed(drawing)
            default:
                return command
            }
        }
    }
}
