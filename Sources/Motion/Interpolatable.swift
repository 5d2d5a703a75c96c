import Graphics

/// A value the animator can move: it flattens to numbers and back, so one animation engine serves
/// points, rects, transforms, colours and any scalar progress a view exposes.
public protocol Interpolatable: Equatable, Sendable {
    var components: [Double] { get }
    init(components: [Double])
}

extension Double: Interpolatable {
    public var components: [Double] { [self] }
    public init(components: [Double]) { self = components[0] }
}

extension Point: Interpolatable {
    public var components: [Double] { [x, y] }
    public init(components: [Double]) { self.init(x: components[0], y: components[1]) }
}

extension Size: Interpolatable {
    public var components: [Double] { [width, height] }
    public init(components: [Double]) { self.init(width: components[0], height: components[1]) }
}

extension Rect: Interpolatable {
    public var components: [Double] { [origin.x, origin.y, size.width, size.height] }
    public init(components: [Double]) {
        self.init(x: components[0], y: components[1], width: components[2], height: components[3])
    }
}

extension AffineTransform: Interpolatable {
    public var components: [Double] { [a, b, c, d, tx, ty] }
    public init(components: [Double]) {
        self.init(
            a: components[0], b: components[1], c: components[2], d: components[3], tx: components[4],
            ty: components[5])
    }
}

extension Color: Interpolatable {
    public var components: [Double] { [red, green, blue, alpha] }
    public init(components: [Double]) {
        self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    }
}
