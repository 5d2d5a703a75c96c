import Testing

@testable import Graphics

/// The resampling of turned pictures (the inspector's still slabs) shares its rows among the
/// cores, skips the C library's rounding per pixel, rounds without converting, passes over the
/// columns a row cannot reach and writes four alike texels at once: each pixel must still be the
/// one worked out plainly, byte for byte — the render check and the goldens compare it with itself, so only this
/// test would notice a pixel moved by the speed-up.
@Suite struct AffineResamplingTests {
    /// The resampling as first written: every pixel alone, the C library's rounding, RGBA input.
    static func plain(
        _ picture: PixelImage, premultiplied: Bool, map: AffineTransform, shown: AffineResampling.PixelRegion,
        region: AffineResampling.PixelRegion
    ) -> PixelImage? {
        guard let back = map.inverted else { return nil }
        let shown = shown.clamped(to: .init(x: 0..<picture.width, y: 0..<picture.height))
        let (width, height) = (region.x.count, region.y.count)
        var output = [UInt8](repeating: 0, count: width * height * 4)
        var texels = picture.rgba
        if !premultiplied {
            for index in stride(from: 0, to: texels.count, by: 4) where texels[index + 3] < 255 {
                let alpha = UInt32(texels[index + 3])
                for c in 0..<3 { texels[index + c] = UInt8((UInt32(texels[index + c]) * alpha + 127) / 255) }
            }
        }
        for row in 0..<height {
            for column in 0..<width {
                let centre = (x: Double(region.x.lowerBound + column) + 0.5, y: Double(region.y.lowerBound + row) + 0.5)
                let u = back.a * centre.x + back.c * centre.y + back.tx - 0.5
                let v = back.b * centre.x + back.d * centre.y + back.ty - 0.5
                let (left, top) = (Int(u.rounded(.down)), Int(v.rounded(.down)))
                guard left + 1 >= shown.x.lowerBound, left < shown.x.upperBound, top + 1 >= shown.y.lowerBound,
                    top < shown.y.upperBound
                else { continue }
                let (fx, fy) = (u - Double(left), v - Double(top))
                var sum = [0.0, 0.0, 0.0, 0.0]
                for (x, y, weight) in [
                    (left, top, (1 - fx) * (1 - fy)), (left + 1, top, fx * (1 - fy)), (left, top + 1, (1 - fx) * fy),
                    (left + 1, top + 1, fx * fy),
                ] where weight > 0 && shown.x.contains(x) && shown.y.contains(y) {
                    for c in 0..<4 { sum[c] += Double(texels[(y * picture.width + x) * 4 + c]) * weight }
                }
                guard sum[3] >= 0.5 else { continue }
                let o = (row * width + column) * 4
                for c in 0..<3 { output[o + c] = UInt8(min(255, (sum[c] * 255 / sum[3]).rounded())) }
                output[o + 3] = UInt8(min(255, sum[3].rounded()))
            }
        }
        return PixelImage(width: width, height: height, rgba: output)
    }

    /// A picture with soft and hard edges, see-through parts and text-like detail.
    static func picture(width: Int, height: Int, seed: UInt64) -> PixelImage {
        var state = seed
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for index in 0..<width * height {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let alpha: UInt8 = index % 7 == 0 ? 0 : index % 5 == 0 ? UInt8(truncatingIfNeeded: state >> 40) : 255
            rgba[index * 4] = UInt8(truncatingIfNeeded: state >> 16)
            rgba[index * 4 + 1] = UInt8(truncatingIfNeeded: state >> 24)
            rgba[index * 4 + 2] = UInt8(truncatingIfNeeded: state >> 32)
            rgba[index * 4 + 3] = alpha
        }
        return PixelImage(width: width, height: height, rgba: rgba)
    }

    /// A page: blocks of one opaque colour, clear margins and a see-through band, so most
    /// pixels fall on four alike texels and the rest on their edges.
    static func page(width: Int, height: Int) -> PixelImage {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                let colour: [UInt8] =
                    x < 9 || y < 6
                    ? [0, 0, 0, 0]
                    : y % 40 < 4
                        ? [40, 90, 200, 128]
                        : x < width / 2 ? [255, 255, 255, 255] : [242, 242, 247, 255]
                rgba.replaceSubrange(o..<(o + 4), with: colour)
            }
        }
        return PixelImage(width: width, height: height, rgba: rgba)
    }

    @Test(arguments: [
        // A turned slab (shear, shrunk across), one turned and tipped, one rotated, one enlarged.
        AffineTransform(a: 0.83, b: 0.31, c: 0, d: 0.9, tx: 13.4, ty: -7.25),
        AffineTransform(a: 0.5, b: -0.2, c: 0, d: 1.7, tx: 40.5, ty: 20),
        AffineTransform(a: 0.7071, b: 0.7071, c: -0.7071, d: 0.7071, tx: 80, ty: 3.3),
        AffineTransform(a: 2.6, b: 0, c: 0, d: 2.6, tx: -31.7, ty: -12.2),
        // A quarter turn (a row crosses no columns of the picture's), and half a pixel off, where
        // every pixel is the mean of four texels and many sums fall on a half.
        AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 150, ty: 20),
        // The same turn as cos(π/2) gives it (a and d 6e-17, not 0), on whole pixels: a row's centres
        // all fall within a few units in the last place of a texel's edge.
        AffineTransform(a: 6.123_233_995_736_766e-17, b: 1, c: -1, d: 6.123_233_995_736_766e-17, tx: 150, ty: 20),
        AffineTransform(a: 6.123_233_995_736_766e-17, b: 1, c: -1, d: 6.123_233_995_736_766e-17, tx: 150.5, ty: 20.5),
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0.5, ty: 0.5),
    ])
    func everyPixelIsThePlainOne(map: AffineTransform) throws {
        let region = AffineResampling.PixelRegion(x: -5..<260, y: -9..<231)
        for (picture, shown, premultiplied) in [
            (
                Self.picture(width: 173, height: 119, seed: 7), AffineResampling.PixelRegion(x: 0..<173, y: 0..<119),
                false
            ),
            (
                Self.picture(width: 173, height: 119, seed: 7), AffineResampling.PixelRegion(x: 11..<150, y: 4..<100),
                true
            ),
            (Self.page(width: 173, height: 119), AffineResampling.PixelRegion(x: 0..<173, y: 0..<119), false),
        ] {
            let fast = try #require(
                AffineResampling.resample(
                    picture, premultiplied: premultiplied, map: map, shownTexels: shown, region: region))
            let plain = try #require(
                Self.plain(picture, premultiplied: premultiplied, map: map, shown: shown, region: region))
            #expect(fast.width == plain.width && fast.height == plain.height)
            let differing = zip(fast.rgba, plain.rgba).filter { $0 != $1 }.count
            #expect(differing == 0, "bytes differing from the plain resampling, shown \(shown)")
            #expect(fast.rgba.contains { $0 != 0 }, "the picture lands in the region")
        }
    }
}
