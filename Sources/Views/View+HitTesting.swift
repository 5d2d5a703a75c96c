import Graphics

extension View {
    /// Below this alpha a view is invisible and lets the pointer through, as UIKit's 0.01 cut-off.
    public static let hitTestAlphaThreshold = 0.01

    /// Whether `point` (in this view's coordinates) lies in its presented bounds.
    public func point(inside point: Point) -> Bool {
        presented.bounds.contains(point)
    }

    /// The deepest visible, interactive view containing `point` (in this view's coordinates), front-most first.
    /// Uses presented geometry, so a view in flight is hit where the user sees it.
    public func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, presented.alpha >= Self.hitTestAlphaThreshold else { return nil }
        guard self.point(inside: point) else { return nil }
        for child in subviews.reversed() {
            guard let toChild = child.presented.toSuperview.inverted else { continue }
            if let hit = child.hitTest(toChild.apply(to: point)) { return hit }
        }
        return self
    }
}
