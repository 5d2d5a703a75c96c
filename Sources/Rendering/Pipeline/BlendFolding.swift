import Graphics

/// A translucent fill lying wholly on one opaque square fill, with nothing drawn between them
/// where it lies, becomes an opaque fill of the colour the blend gives: the same pixels (a rounded
/// corner's antialiased edge too — coverage c of the folded colour over the same background is
/// c of the translucent colour), without a blend per pixel. A tool card at 78 % over the dock's
/// background is 0.4 million blended pixels a frame at 2×; folded, a plain fill.
public struct BlendFolding: RenderPass {
    public init() {}

    public var option: RenderOptions { .foldBlends }

    public func apply(to list: DisplayList, in context: PassContext) -> DisplayList {
        DisplayList(
            commands: Self.folded(list.commands, viewport: context.viewport), clearColor: list.clearColor,
            viewport: list.viewport)
    }

    /// How far back a translucent fill looks for the fill beneath it.
    static let lookBack = 48

    public static func folded(_ commands: [DrawCommand], viewport: Rect) -> [DrawCommand] {
        // The clip each command draws under; groups end the search (what a group draws is blended
        // later, as a whole).
        var clips: [Rect] = Array(repeating: viewport, count: commands.count)
        var stack = [viewport]
        for (index, command) in commands.enumerated() {
            clips[index] = stack[stack.count - 1]
            switch command {
            case .pushClip(let rect): stack.append(stack[stack.count - 1].intersection(rect))
            case .popClip: if stack.count > 1 { stack.removeLast() }
            default: break
            }
        }
        var result = commands
        for (index, command) in commands.enumerated() {
            guard case .fill(let rect, let color, let radius) = command, color.alpha > 0, !color.isOpaque else {
                continue
            }
            let painted = rect.intersection(clips[index])
            guard !painted.isEmpty else { continue }
            let reach = painted.insetBy(dx: -1, dy: -1)
            var below = index - 1
            while below >= 0, below >= index - lookBack {
                let beneath = commands[below]
                if beneath.isClip {
                    below -= 1
                    continue
                }
                // A point around it: a draw sharing an edge pixel with it changes what that pixel
                // holds beneath it (a battery's nub beside its shell).
                guard let bounds = beneath.paintedBounds, !bounds.intersection(reach).isEmpty else {
                    if beneath.paintedBounds == nil { break }  // a group's edge: stop looking
                    below -= 1
                    continue
                }
                // The first thing beneath: fold only onto an opaque square fill holding it all.
                if case .fill(let under, let background, 0) = beneath, background.isOpaque,
                    under.intersection(clips[below]).contains(reach.intersection(clips[index]))
                {
                    result[index] = .fill(rect: rect, color: color.over(background), cornerRadius: radius)
                }
                break
            }
        }
        return result
    }
}

extension Color {
    /// This colour blended over an opaque `background`: opaque.
    func over(_ background: Color) -> Color {
        let a = alpha
        return Color(
            red: red * a + background.red * (1 - a), green: green * a + background.green * (1 - a),
            blue: blue * a + background.blue * (1 - a), alpha: 1)
    }
}

extension DrawCommand {
    /// Whether this only changes the clip.
    public var isClip: Bool {
        switch self {
        case .pushClip, .popClip: true
        default: false
        }
    }

    /// The points this may paint (nil for a group's start or end, which the folding does not look
    /// past).
    var paintedBounds: Rect? {
        switch self {
        case .fill(let rect, _, _), .missing(let rect, _): return rect
        case .shadow(let rect, _, let blur, _): return rect.insetBy(dx: -blur - 1, dy: -blur - 1)
        case .image(_, _, let destination, _, _): return destination
        case .text(_, _, _, let frame, _):
            // Glyphs are drawn at the string's own width, which a label narrower than its text
            // overflows (a title in a 320 pt window ran under the status bar's battery): the
            // whole width of its rows, and a line more above and below.
            return Rect(
                x: -.greatestFiniteMagnitude / 4, y: frame.minY - frame.height,
                width: .greatestFiniteMagnitude / 2, height: frame.height * 3)
        case .layer(_, let destination, _, _, _): return destination
        case .transformed(let drawing):
            return drawing.bounds.insetBy(dx: -1, dy: -1)
        default: return nil
        }
    }
}
