import Graphics

/// What the window shows at a point, and which view draws it: a status bar chooses black or white
/// text from it while screens move under it.
public struct FrontmostDrawing {
    /// The view whose drawing shows there.
    public let view: View
    /// Its colour there; nil where it is a picture.
    public let colour: Color?
}

extension View {
    /// The frontmost view at least half opaque that draws a fill or a picture at `point` (window
    /// coordinates) in this subtree: children before their parent, the last child first, clipped
    /// views only inside their bounds, rounded corners honoured, a snapshot's own fills looked into.
    public func frontmostDrawing(at point: Point) -> FrontmostDrawing? {
        frontmostDrawing(at: point, alpha: 1)
    }

    private func frontmostDrawing(at point: Point, alpha inherited: Double) -> FrontmostDrawing? {
        let alpha = inherited * presented.opacity
        guard !isHidden, alpha >= 0.5 else { return nil }
        let local = convert(point, from: nil)
        let bounds = presented.bounds
        let inside = bounds.contains(local)
        if clipsToBounds && !inside { return nil }
        for child in subviews.reversed() {
            if let found = child.frontmostDrawing(at: point, alpha: alpha) { return found }
        }
        guard inside else { return nil }
        if let snapshot = self as? SnapshotView {
            let shift = snapshot.contentAnchor == .bottom ? bounds.height - snapshot.contentSize.height : 0
            let inPicture = Point(x: local.x - bounds.minX, y: local.y - bounds.minY - shift)
            switch FrontmostFill.find(at: inPicture, in: snapshot.commands) {
            case .filled(let colour): return FrontmostDrawing(view: self, colour: colour)
            case .picture: return FrontmostDrawing(view: self, colour: nil)
            case .nothing: break
            }
        }
        if let imageView = self as? ImageView, imageView.image != nil {
            return FrontmostDrawing(view: self, colour: nil)
        }
        if let colour = backgroundColor, colour.alpha >= 0.5,
            FrontmostFill.covers(bounds, radius: cornerRadius, local)
        {
            return FrontmostDrawing(view: self, colour: colour)
        }
        return nil
    }
}
