/// How two frames of the same size differ: the pixels off by more than a tolerance, the region
/// they lie in, and the worst channel. The render check compares the pipeline's frame with the
/// reference drawing's by it.
public struct FrameDifference: Equatable, Sendable {
    /// Pixels with a channel off by more than the tolerance.
    public var pixels: Int
    /// Their share of the frame, 0…1.
    public var fraction: Double
    /// The smallest rect (in pixels) holding them; empty when none differ.
    public var region: Rect
    /// The largest difference of any channel, in 8-bit levels.
    public var worst: Int

    /// Frames that differ "visibly": more than `tolerance` levels on more than `share` of the pixels.
    public func exceeds(share: Double) -> Bool { fraction > share }
}

extension PixelImage {
    /// The difference to `other` counting channels off by more than `tolerance`; nil when sizes
    /// differ. Compares whole pixels as words first (almost all are equal) through pointers: the
    /// render check runs it on every frame, in debug builds too.
    public func difference(to other: PixelImage, tolerance: Int = 2) -> FrameDifference? {
        guard width == other.width, height == other.height else { return nil }
        var count = 0
        var worst = 0
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        let width = self.width
        let pixelCount = width * height
        rgba.withUnsafeBytes { mineBytes in
            other.rgba.withUnsafeBytes { theirBytes in
                guard let mine = mineBytes.baseAddress?.assumingMemoryBound(to: UInt32.self),
                    let theirs = theirBytes.baseAddress?.assumingMemoryBound(to: UInt32.self)
                else { return }
                var index = 0
                while index < pixelCount {
                    let a = mine[index]
                    let b = theirs[index]
                    if a != b {
                        var off: Int32 = 0
                        var shift: UInt32 = 0
                        while shift < 32 {
                            let d = Int32((a >> shift) & 0xFF) - Int32((b >> shift) & 0xFF)
                            let magnitude = d < 0 ? -d : d
                            if magnitude > off { off = magnitude }
                            shift += 8
                        }
                        if Int(off) > worst { worst = Int(off) }
                        if Int(off) > tolerance {
                            count += 1
                            let x = index % width
                            let y = index / width
                            if x < minX { minX = x }
                            if y < minY { minY = y }
                            if x > maxX { maxX = x }
                            if y > maxY { maxY = y }
                        }
                    }
                    index += 1
                }
            }
        }
        let region =
            count == 0
            ? Rect(x: 0, y: 0, width: 0, height: 0)
            : Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
        return FrameDifference(
            pixels: count, fraction: Double(count) / Double(max(1, pixelCount)), region: region, worst: worst)
    }
}
