import Graphics

@testable import Tools

extension PixelImage {
    /// The pixel at (`x`, `y`), the coordinates held inside the image (a probe at an edge).
    func clampedPixel(_ x: Double, _ y: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        pixel(x: Swift.min(Swift.max(Int(x), 0), width - 1), y: Swift.min(Swift.max(Int(y), 0), height - 1))
    }
}
