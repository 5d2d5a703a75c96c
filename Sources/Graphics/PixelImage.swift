/// A copy of rendered pixels, 8-bit RGBA rows top to bottom. `Sendable` so a capture can be encoded
/// off the frame loop.
public struct PixelImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "pixel buffer does not match its size")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The colour at a pixel, for tests and checks that look at what a user would see.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }

    /// Largest per-channel difference to another image of the same size, or nil when sizes differ.
    public func maximumChannelDifference(to other: PixelImage) -> Int? {
        guard width == other.width, height == other.height else { return nil }
        var worst = 0
        for i in 0..<rgba.count {
            let d = abs(Int(rgba[i]) - Int(other.rgba[i]))
            if d > worst { worst = d }
        }
        return worst
    }
}
