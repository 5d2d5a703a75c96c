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
            for column in columnsReaching(row: row, width: width) {
                let centreX = Double(region.x.lowerBound + column) + 0.5
                // Where the pixel's centre falls in the picture, measured from texel centres.
                let u = back.a * centreX + back.c * centreY + back.tx - 0.5
                let v = back.b * centreX + back.d * centreY + back.ty - 0.5
                let left = Self.floor(u)
                let top = Self.floor(v)
                guard left + 1 >= shownLeft, left < shownRight, top + 1 >= shownTop, top < shownBottom else {
                    continue
                }
                // All four texels inside what is shown (most pixels).
                let allFourShown =
                    left >= shownLeft && left + 1 < shownRight && top >= shownTop && top + 1 < shownBottom
                if allFourShown {
                    let i = top * stride + left
                    let first = source[i]
                    if first == 0 || first >= 0xFF00_0000, source[i + 1] == first, source[i + stride] == first,
                        source[i + stride + 1] == first
                    {
                        // Four texels alike, clear or opaque — most of a slab in the inspector (a
                        // view's empty margins, a flat page): clear sums to no alpha, left clear;
                        // one opaque colour's sums come within a few units in the last place of
                        // it and round back to it. Either way the very bytes the sums would give.
                        guard first != 0 else { continue }
                        let o = (row * width + column) * 4
                        target[o] = UInt8(truncatingIfNeeded: first >> 16)
                        target[o + 1] = UInt8(truncatingIfNeeded: first >> 8)
                        target[o + 2] = UInt8(truncatingIfNeeded: first)
                        target[o + 3] = 255
                        continue
                    }
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
                if allFourShown {
                    // A zero weight adds nothing, as if skipped.
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

        /// The columns of row `row` whose centres may fall near the shown texels, with two
        /// columns to spare each side: the rest of the row (a turned slab's bounding box is
        /// half empty) is left clear without a look, as the test in the loop would leave it.
        /// Each bound is widened by far more than the loop's own rounding can move a centre (a
        /// quarter turn from cosines has 6e-17 where 0 belongs, and a row's centres then lie
        /// within a few units in the last place of a texel's edge).
        func columnsReaching(row: Int, width: Int) -> Range<Int> {
            let centreY = Double(region.y.lowerBound + row) + 0.5
            let firstCentreX = Double(region.x.lowerBound) + 0.5
            var (first, last) = (0.0, Double(width - 1))
            // Keeps the columns where `slope * column + start` may lie in `low ..< high`.
            func narrow(slope: Double, start: Double, low: Double, high: Double, size: Double) {
                let spare = (size + abs(slope) * Double(width) + 1) * 1e-9
                let (low, high) = (low - spare, high + spare)
                guard slope != 0 else {
                    if start < low || start > high { (first, last) = (1, 0) }
                    return
                }
                let (a, b) = ((low - start) / slope, (high - start) / slope)
                (first, last) = (max(first, min(a, b) - 2), min(last, max(a, b) + 2))
            }
            // Where the row's first centre falls (from texel centres, as in the loop), and how
            // large the terms summed for it are.
            let (acrossX, acrossY) = (back.a * firstCentreX, back.c * centreY)
            let (downX, downY) = (back.b * firstCentreX, back.d * centreY)
            narrow(
                slope: back.a, start: acrossX + acrossY + back.tx - 0.5, low: Double(shown.x.lowerBound - 1),
                high: Double(shown.x.upperBound), size: abs(acrossX) + abs(acrossY) + abs(back.tx))
            narrow(
                slope: back.b, start: downX + downY + back.ty - 0.5, low: Double(shown.y.lowerBound - 1),
                high: Double(shown.y.upperBound), size: abs(downX) + abs(downY) + abs(back.ty))
            guard first <= last else { return 0..<0 }
            return Int(first.rounded(.down))..<(Int(last.rounded(.up)) + 1)
        }

        /// `value.rounded(.down)` as an Int, without a call into the C library per pixel (the
        /// baseline x86-64 has no instruction for it): the same number for any `value` an Int holds.
        @inline(__always)
        static func floor(_ value: Double) -> Int {
            let truncated = Int(value)
            return Double(truncated) > value ? truncated - 1 : truncated
        }

        /// `min(255, value.rounded())` as a byte for `value` ≥ 0, without a call into the C
        /// library or a checked conversion (`ExactRounding`): converting with `Int(_:)` took half
        /// the time of a photo's slab.
        @inline(__always)
        static func byte(_ value: Double) -> UInt8 {
            UInt8(truncatingIfNeeded: min(ExactRounding.nearest(value), 255))
        }
    }

    /// Straight colour as colour multiplied by alpha (0xAARRGGBB): what a straight picture is
    /// sampled as (a caller resampling one picture in several pieces makes it once).
    public static func premultipliedColour(_ argb: [UInt32]) -> [UInt32] {
        // A plain loop over the buffers, clear and opaque pixels passed on as they are: mapping
        // with a closure took 3 ms of a page-sized slab's frame at 2×.
        [UInt32](unsafeUninitializedCapacity: argb.count) { output, count in
            argb.withUnsafeBufferPointer { input in
                for index in input.indices {
                    let pixel = input[index]
                    let alpha = pixel >> 24
                    guard alpha != 255, alpha != 0 else {
                        output[index] = alpha == 0 ? 0 : pixel
                        continue
                    }
                    func channel(_ shift: UInt32) -> UInt32 {
                        ((((pixel >> shift) & 0xFF) * alpha + 127) / 255) << shift
                    }
                    output[index] = alpha << 24 | channel(16) | channel(8) | channel(0)
                }
            }
            count = argb.count
        }
    }
}
