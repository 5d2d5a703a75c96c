import Dispatch

/// A picture carried onto a target under an affine map, pixel by pixel: each target pixel's
/// centre is mapped back into the picture and the four texels around it are blended by how near
/// they lie (bilinear), with everything outside the picture's shown part transparent — so a
/// turned picture's edges fade over one pixel, antialiased, on every renderer alike. The sums are
/// made on colour multiplied by alpha, so a transparent texel beside an edge adds no dark fringe.
public enum AffineResampling {
    /// A rectangle of whole pixels: columns `x` and rows `y`.
    public struct PixelRegion: Equatable, Sendable {
        public var x: Range<Int>
        public var y: Range<Int>

        public init(x: Range<Int>, y: Range<Int>) {
            self.x = x
            self.y = y
        }

        public var isEmpty: Bool { x.isEmpty || y.isEmpty }

        /// The whole pixels `rect` touches (any part of them).
        public init(touching rect: Rect) {
            let left = Int(rect.minX.rounded(.down))
            let top = Int(rect.minY.rounded(.down))
            let right = Int(rect.maxX.rounded(.up))
            let bottom = Int(rect.maxY.rounded(.up))
            self.init(x: left..<max(left, right), y: top..<max(top, bottom))
        }

        public func clamped(to other: PixelRegion) -> PixelRegion {
            PixelRegion(x: x.clamped(to: other.x), y: y.clamped(to: other.y))
        }
    }

    /// The pixels of `region` of a target onto which `picture` (RGBA rows, straight colour unless
    /// `premultiplied`) is carried by `map` (picture pixels → target pixels). Only the texels of
    /// `shownTexels` (picture pixels, whole) are drawn. The result is `region`'s size, straight
    /// colour, transparent where the picture does not reach; nil when `map` collapses the plane.
    public static func resample(
        _ picture: PixelImage, premultiplied: Bool, map: AffineTransform, shownTexels: PixelRegion,
        region: PixelRegion
    ) -> PixelImage? {
        var argb = [UInt32](repeating: 0, count: picture.width * picture.height)
        for index in argb.indices {
            let o = index * 4
            argb[index] =
                UInt32(picture.rgba[o + 3]) << 24 | UInt32(picture.rgba[o]) << 16 | UInt32(picture.rgba[o + 1]) << 8
                | UInt32(picture.rgba[o + 2])
        }
        return resample(
            argb: argb, width: picture.width, height: picture.height, premultiplied: premultiplied, map: map,
            shownTexels: shownTexels, region: region)
    }

    /// The same from pixels as a target is read back (0xAARRGGBB, `width` × `height`), only the
    /// rows `rows` of the region when given (counted from its top: a band of the output needs only
    /// its own), the result as high as they are. With `parallel` the rows are shared among the
    /// cores; each pixel is worked out exactly as alone.
    public static func resample(
        argb picture: [UInt32], width pictureWidth: Int, height pictureHeight: Int, premultiplied: Bool,
        map: AffineTransform, shownTexels: PixelRegion, region: PixelRegion, rows: Range<Int>? = nil,
        parallel: Bool = true
    ) -> PixelImage? {
        guard let back = map.inverted else { return nil }
        let shown = shownTexels.clamped(to: PixelRegion(x: 0..<pictureWidth, y: 0..<pictureHeight))
        let width = region.x.count
        let rows = (rows ?? 0..<region.y.count).clamped(to: 0..<region.y.count)
        let height = rows.count
        let region = PixelRegion(
            x: region.x, y: (region.y.lowerBound + rows.lowerBound)..<(region.y.lowerBound + rows.upperBound))
        var output = [UInt8](repeating: 0, count: width * height * 4)
        guard !shown.isEmpty, width > 0, height > 0 else {
            return PixelImage(width: width, height: height, rgba: output)
        }
        let texels = premultiplied ? picture : premultipliedColour(picture)
        let sampler = Sampler(back: back, shown: shown, stride: pictureWidth, region: region)
        // A few dozen rows a piece: enough pieces for every core to stay busy to the end.
        let pieces = parallel ? min(height, max(1, height / 32)) : 1
        texels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                let buffers = Buffers(source: source, target: target)
                @Sendable func resample(piece: Int) {
                    let rows = (piece * height / pieces)..<((piece + 1) * height / pieces)
                    for row in rows {
                        sampler.resample(row: row, from: buffers.source, into: buffers.target, width: width)
                    }
                }
                if pieces == 1 {
                    resample(piece: 0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: pieces) { resample(piece: $0) }
                }
            }
        }
        return PixelImage(width: width, height: height, rgba: output)
    }

    /// The picture and the output, shared by the threads of one resampling: each writes only its
    /// own rows, and all of them are done before the buffers go.
    private struct Buffers: @unchecked Sendable {
        let source: UnsafeBufferPointer<UInt32>
        let target: UnsafeMutableBufferPointer<UInt8>
    }

    /// What every pixel of a resampling shares.
    private struct Sampler: Sendable {
        let back: AffineTransform
        let shown: PixelRegion
        let stride: Int
        let region: PixelRegion

        /// Row `row` of the region: each pixel's centre mapped back into the picture, the four
        /// texels around it summed by how near they lie (premultiplied), made straight again.
        func resample(
            row: Int, from source: UnsafeBufferPointer<UInt32>, into target: UnsafeMutableBufferPointer<UInt8>,
            width: Int
        ) {
            let centreY = Double(region.y.lowerBound + row) + 0.5
            let (shownLeft, shownRight) = (shown.x.lowerBound, shown.x.upperBound)
            let (shownTop, shownBottom) = (shown.y.lowerBound, shown.y.upperBound)
            for column in 0..<width {
                let centreX = Double(region.x.lowerBound + column) + 0.5
                // Where the pixel's centre falls in the picture, measured from texel centres.
                let u = back.a * centreX + back.c * centreY + back.tx - 0.5
                let v = back.b * centreX + back.d * centreY + back.ty - 0.5
                let left = Self.floor(u)
                let top = Self.floor(v)
                guard left + 1 >= shownLeft, left < shownRight, top + 1 >= shownTop, top < shownBottom else {
                    continue
                }
                let fx = u - Double(left)
                let fy = v - Double(top)
                var sum: (Double, Double, Double, Double) = (0, 0, 0, 0)
                func add(_ pixel: UInt32, _ weight: Double) {
                    sum.0 += Double((pixel >> 16) & 0xFF) * weight
                    sum.1 += Double((pixel >> 8) & 0xFF) * weight
                    sum.2 += Double(pixel & 0xFF) * weight
                    sum.3 += Double(pixel >> 24) * weight
                }
                let weights = ((1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy)
                if left >= shownLeft, left + 1 < shownRight, top >= shownTop, top + 1 < shownBottom {
                    // All four inside (most pixels): a zero weight adds nothing, as if skipped.
                    let i = top * stride + left
                    add(source[i], weights.0)
                    add(source[i + 1], weights.1)
                    add(source[i + stride], weights.2)
                    add(source[i + stride + 1], weights.3)
                } else {
                    for (x, y, weight) in [
                        (left, top, weights.0), (left + 1, top, weights.1), (left, top + 1, weights.2),
                        (left + 1, top + 1, weights.3),
                    ] where weight > 0 && x >= shownLeft && x < shownRight && y >= shownTop && y < shownBottom {
                        add(source[y * stride + x], weight)
                    }
                }
                let alpha = sum.3
                guard alpha >= 0.5 else { continue }
                let o = (row * width + column) * 4
                // Back to straight colour, as the target blends it.
                target[o] = Self.byte(sum.0 * 255 / alpha)
                target[o + 1] = Self.byte(sum.1 * 255 / alpha)
                target[o + 2] = Self.byte(sum.2 * 255 / alpha)
                target[o + 3] = Self.byte(alpha)
            }
        }

        /// `value.rounded(.down)` as an Int, without a call into the C library per pixel (the
        /// baseline x86-64 has no instruction for it): the same number for any `value` an Int holds.
        @inline(__always)
        static func floor(_ value: Double) -> Int {
            let truncated = Int(value)
            return Double(truncated) > value ? truncated - 1 : truncated
        }

        /// `min(255, value.rounded())` as a byte for `value` ≥ 0 (halves away from zero, as
        /// `rounded()`): the fraction left after truncating is exact below 2⁵².
        @inline(__always)
        static func byte(_ value: Double) -> UInt8 {
            guard value < 255 else { return 255 }
            let truncated = Int(value)
            return UInt8(value - Double(truncated) >= 0.5 ? truncated + 1 : truncated)
        }
    }

    /// Straight colour as colour multiplied by alpha (0xAARRGGBB): what a straight picture is
    /// sampled as (a caller resampling one picture in several pieces makes it once).
    public static func premultipliedColour(_ argb: [UInt32]) -> [UInt32] {
        argb.map { pixel in
            let alpha = pixel >> 24
            guard alpha < 255 else { return pixel }
            func channel(_ shift: UInt32) -> UInt32 { ((((pixel >> shift) & 0xFF) * alpha + 127) / 255) << shift }
            return alpha << 24 | channel(16) | channel(8) | channel(0)
        }
    }
}
