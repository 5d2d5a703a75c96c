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

    /// The pixels of the rectangle at (`x`, `y`), `width` × `height`, cut to this image.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> PixelImage {
        let left = min(max(x, 0), self.width)
        let top = min(max(y, 0), self.height)
        let right = min(max(x + width, left), self.width)
        let bottom = min(max(y + height, top), self.height)
        if left == 0, top == 0, right == self.width, bottom == self.height { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((right - left) * (bottom - top) * 4)
        for row in top..<bottom {
            let start = (row * self.width + left) * 4
            bytes.append(contentsOf: rgba[start..<start + (right - left) * 4])
        }
        return PixelImage(width: right - left, height: bottom - top, rgba: bytes)
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
