import Foundation

/// A 2-D affine transform with CGAffineTransform's layout: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
///
/// Views apply it about their centre, as UIKit does. Scale + translate are drawn as upright
/// rects; a view whose transform turns it (rotation, shear) is drawn as its picture under the
/// transform (`TransformedDrawing`), and hit testing follows the same transform.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(scaleX: Double, y scaleY: Double) {
        self.init(a: scaleX, b: 0, c: 0, d: scaleY, tx: 0, ty: 0)
    }

    public init(scale: Double) {
        self.init(scaleX: scale, y: scale)
    }

    public init(translationX: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: translationX, ty: y)
    }

    /// A turn by `angle` radians, clockwise on screen (y points down), as CGAffineTransform(rotationAngle:).
    public init(rotationAngle angle: Double) {
        let (sine, cosine) = (sin(angle), cos(angle))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Every column at x moved down by `shear × x`.
    public init(shearY shear: Double) {
        self.init(a: 1, b: shear, c: 0, d: 1, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// Whether upright rects stay upright rects (scale, translate and flips only): then a view is
    /// drawn as plain rects; otherwise as its picture under the transform.
    public var isAxisAligned: Bool { b == 0 && c == 0 }

    /// The transform applied first, then `self` (as CGAffineTransform's `rotated`, `scaledBy`).
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// `self` applied first, then `other`, as CGAffineTransformConcat.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    public var determinant: Double { a * d - b * c }

    /// Nil when the transform collapses the plane (a zero scale), which hit testing treats as "not hittable".
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The bounding box of the transformed rectangle, as CGRectApplyAffineTransform. Written out
    /// corner by corner (no arrays or closures): every view's frame goes through it every frame,
    /// and an unoptimised build pays for each. Ties keep the first corner, as `Array.min()` does.
    public func apply(to rect: Rect) -> Rect {
        // Moved, not turned or scaled: the size is kept as it is. Through the corners a scrolled
        // view's width came back a rounding error off (1280.0000000000002), every other frame.
        if a == 1, b == 0, c == 0, d == 1, rect.size.width >= 0, rect.size.height >= 0 {
            return Rect(x: rect.minX + tx, y: rect.minY + ty, width: rect.width, height: rect.height)
        }
        let p0 = apply(to: Point(x: rect.minX, y: rect.minY))
        let p1 = apply(to: Point(x: rect.maxX, y: rect.minY))
        let p2 = apply(to: Point(x: rect.minX, y: rect.maxY))
        let p3 = apply(to: Point(x: rect.maxX, y: rect.maxY))
        func least(_ x: Double, _ y: Double) -> Double { y < x ? y : x }
        func greatest(_ x: Double, _ y: Double) -> Double { x < y ? y : x }
        let minX = least(least(least(p0.x, p1.x), p2.x), p3.x)
        let minY = least(least(least(p0.y, p1.y), p2.y), p3.y)
        let maxX = greatest(greatest(greatest(p0.x, p1.x), p2.x), p3.x)
        let maxY = greatest(greatest(greatest(p0.y, p1.y), p2.y), p3.y)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The average linear scale, used to size shadows and corner radii under a transform.
    public var uniformScale: Double {
        ((a * a + b * b).squareRoot() + (c * c + d * d).squareRoot()) / 2
    }
}
