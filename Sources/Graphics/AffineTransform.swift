/// A 2-D affine transform with CGAffineTransform's layout: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
///
/// Views apply it about their centre, as UIKit does. The renderer draws scale + translate exactly;
/// rotation and shear are honoured by hit testing and frames but drawn as their bounding box.
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

    public var isIdentity: Bool { self == .identity }

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

    /// The bounding box of the transformed rectangle, as CGRectApplyAffineTransform.
    public func apply(to rect: Rect) -> Rect {
        let corners = [
            apply(to: Point(x: rect.minX, y: rect.minY)), apply(to: Point(x: rect.maxX, y: rect.minY)),
            apply(to: Point(x: rect.minX, y: rect.maxY)), apply(to: Point(x: rect.maxX, y: rect.maxY)),
        ]
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let x0 = xs.min() ?? 0
        let y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }

    /// The average linear scale, used to size shadows and corner radii under a transform.
    public var uniformScale: Double {
        ((a * a + b * b).squareRoot() + (c * c + d * d).squareRoot()) / 2
    }
}
