/// What a drawing shows at one point, read from its commands rather than its pixels: the colour
/// of the frontmost fill there (a status bar picks black or white text from it while screens
/// move under it). A picture in front hides what is behind it but has no one colour.
public enum FrontmostFill {
    /// The colour of the frontmost fill at least half opaque covering `point` (rounded corners
    /// honoured, rasterized layers looked into); nil where a picture lies in front or nothing does.
    public static func colour(at point: Point, in commands: [DrawCommand]) -> Color? {
        if case .filled(let colour) = find(at: point, in: commands) { return colour }
        return nil
    }

    /// What lies frontmost at a point.
    public enum Finding: Equatable, Sendable {
        /// A fill at least half opaque, of this colour.
        case filled(Color)
        /// A picture, which has no one colour.
        case picture
        /// Nothing drawn there.
        case nothing
    }

    /// The frontmost fill or picture at `point` in `commands`.
    public static func find(at point: Point, in commands: [DrawCommand]) -> Finding {
        for command in commands.reversed() {
            switch command {
            case .fill(let rect, let colour, let radius):
                if colour.alpha >= 0.5, covers(rect, radius: radius, point) { return .filled(colour) }
            case .image(_, _, let destination, let radius, let alpha):
                if alpha >= 0.5, covers(destination, radius: radius, point) { return .picture }
            case .layer(_, let destination, let contentSize, let inner, let alpha):
                guard alpha >= 0.5, destination.contains(point), destination.width > 0, destination.height > 0 else {
                    continue
                }
                let local = Point(
                    x: (point.x - destination.minX) * contentSize.width / destination.width,
                    y: (point.y - destination.minY) * contentSize.height / destination.height)
                let found = find(at: local, in: inner)
                if case .nothing = found { continue }
                return found
            case .transformed(let drawing):
                guard let local = drawing.transform.inverted?.apply(to: point), drawing.drawnRect.contains(local)
                else { continue }
                switch drawing.content {
                case .fill(let colour): if colour.alpha >= 0.5 { return .filled(colour) }
                case .picture(let picture, let alpha):
                    guard alpha >= 0.5, drawing.destination.width > 0, drawing.destination.height > 0 else { continue }
                    let source = picture.source
                    let inner = Point(
                        x: source.minX + (local.x - drawing.destination.minX) * source.width
                            / drawing.destination.width,
                        y: source.minY + (local.y - drawing.destination.minY) * source.height
                            / drawing.destination.height)
                    let found = find(at: inner, in: picture.commands)
                    if case .nothing = found { continue }
                    return found
                }
            default:
                continue
            }
        }
        return .nothing
    }

    /// Whether a rectangle with corners rounded by `radius` covers `point`.
    public static func covers(_ rect: Rect, radius: Double, _ point: Point) -> Bool {
        guard rect.contains(point) else { return false }
        let r = min(radius, rect.width / 2, rect.height / 2)
        guard r > 0 else { return true }
        let cornerX = min(max(point.x, rect.minX + r), rect.maxX - r)
        let cornerY = min(max(point.y, rect.minY + r), rect.maxY - r)
        let (dx, dy) = (point.x - cornerX, point.y - cornerY)
        return dx * dx + dy * dy <= r * r
    }
}
