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

extension View {
    /// Whether gestures on this view may still fire: attached to a window, visible, not faded out,
    /// and neither it nor an ancestor has interaction disabled.
    public var canReceiveInput: Bool {
        guard root is Window else { return false }
        var node: View? = self
        while let current = node {
            if current.isHidden || !current.isUserInteractionEnabled
                || current.presented.alpha < Self.hitTestAlphaThreshold
            {
                return false
            }
            node = current.superview
        }
        return true
    }
}
