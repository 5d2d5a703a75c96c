import Graphics

extension View {
    /// Maps this view's coordinates to its tree's root (the window), through every presented transform.
    public var toRoot: AffineTransform {
        var result = AffineTransform.identity
        var node: View? = self
        while let current = node, let parent = current.superview {
            result = result.concatenating(current.presented.toSuperview)
            node = parent
        }
        return result
    }

    /// Maps this view's coordinates to its tree's root through the model values: where the
    /// view is once every animation has landed (UIKit's `convert`, which reads model layers).
    public var toRootWhenLanded: AffineTransform {
        var result = AffineTransform.identity
        var node: View? = self
        while let current = node, let parent = current.superview {
            result = result.concatenating(current.model.toSuperview)
            node = parent
        }
        return result
    }

    /// `rect` in this view's coordinates, in `view`'s, with every animation landed: where an
    /// animation must head for a view that is itself still moving (a transition retargeted
    /// after a resize aims at the menu's circle while the menu is still scaling back).
    public func convertWhenLanded(_ rect: Rect, to view: View?) -> Rect {
        let inRoot = toRootWhenLanded.apply(to: rect)
        guard let view, let back = view.toRootWhenLanded.inverted else { return inRoot }
        return back.apply(to: inRoot)
    }

    /// The view's bounds in window points after all transforms, as the tree dump reports it.
    public var frameInRoot: Rect {
        toRoot.apply(to: presented.bounds)
    }

    public func convert(_ point: Point, to view: View?) -> Point {
        let inRoot = toRoot.apply(to: point)
        guard let view, let back = view.toRoot.inverted else { return inRoot }
        return back.apply(to: inRoot)
    }

    public func convert(_ point: Point, from view: View?) -> Point {
        let inRoot = view?.toRoot.apply(to: point) ?? point
        guard let back = toRoot.inverted else { return inRoot }
        return back.apply(to: inRoot)
    }

    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let inRoot = toRoot.apply(to: rect)
        guard let view, let back = view.toRoot.inverted else { return inRoot }
        return back.apply(to: inRoot)
    }

    public func convert(_ rect: Rect, from view: View?) -> Rect {
        let inRoot = view?.toRoot.apply(to: rect) ?? rect
        guard let back = toRoot.inverted else { return inRoot }
        return back.apply(to: inRoot)
    }

    /// Alpha as a user sees it: own × every ancestor's, each clamped to 0…1 as drawn.
    public var effectiveAlpha: Double {
        var result = 1.0
        var node: View? = self
        while let current = node {
            result *= current.presented.opacity
            node = current.superview
        }
        return result
    }

    /// True when this view or an ancestor is hidden.
    public var isEffectivelyHidden: Bool {
        var node: View? = self
        while let current = node {
            if current.isHidden { return true }
            node = current.superview
        }
        return false
    }
}
