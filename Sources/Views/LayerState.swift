import Graphics

/// The animatable part of a view, as Core Animation's layer properties. A view keeps two copies:
/// the model (what code set) and, while something animates, the presentation (what is on screen).
public struct LayerState: Equatable, Sendable {
    public var bounds: Rect
    public var center: Point
    public var transform: AffineTransform
    public var alpha: Double
    public var backgroundColor: Color?
    public var cornerRadius: Double

    public init(
        bounds: Rect = .zero, center: Point = .zero, transform: AffineTransform = .identity,
        alpha: Double = 1, backgroundColor: Color? = nil, cornerRadius: Double = 0
    ) {
        self.bounds = bounds
        self.center = center
        self.transform = transform
        self.alpha = alpha
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
    }

    /// Alpha as drawn: clamped to 0…1 (a spring may overshoot the model's alpha; NaN draws nothing).
    public var opacity: Double {
        guard alpha.isFinite else { return alpha == .infinity ? 1 : 0 }
        return min(max(alpha, 0), 1)
    }

    /// Maps a point from the view's own coordinates into its superview's: about the bounds' centre,
    /// through the transform, onto `center` — the same rule as UIKit. Untransformed, the bounds'
    /// origin goes straight to `center` less half the size: through the centre, a scrolled view's
    /// own background came out at ±5.7e-14 on alternate frames of a swipe, a change that made
    /// every frame's damage the whole window.
    public var toSuperview: AffineTransform {
        if transform == .identity {
            return AffineTransform(
                translationX: (center.x - bounds.width / 2) - bounds.minX,
                y: (center.y - bounds.height / 2) - bounds.minY)
        }
        return AffineTransform(translationX: -bounds.midX, y: -bounds.midY)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
    }
}

/// A soft drop shadow, as CALayer's shadow properties.
public struct Shadow: Equatable, Sendable {
    public var color: Color
    public var opacity: Double
    public var radius: Double
    public var offset: Point

    public init(color: Color = .black, opacity: Double, radius: Double, offset: Point = Point(x: 0, y: 0)) {
        self.color = color
        self.opacity = opacity
        self.radius = radius
        self.offset = offset
    }
}
