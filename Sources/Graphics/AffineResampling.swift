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
        guard let back = map.inverted else { return nil }
        let shown = shownTexels.clamped(to: PixelRegion(x: 0..<picture.width, y: 0..<picture.height))
        let width = region.x.count
        let height = region.y.count
        var output = [UInt8](repeating: 0, count: width * height * 4)
        guard !shown.isEmpty, width > 0, height > 0 else {
            return PixelImage(width: width, height: height, rgba: output)
        }
        let texels = premultiplied ? picture.rgba : premultipliedColour(picture.rgba)
        let stride = picture.width
        texels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for row in 0..<height {
                    let centreY = Double(region.y.lowerBound + row) + 0.5
                    for column in 0..<width {
                        let centreX = Double(region.x.lowerBound + column) + 0.5
                        // Where the pixel's centre falls in the picture, measured from texel centres.
                        let u = back.a * centreX + back.c * centreY + back.tx - 0.5
                        let v = back.b * centreX + back.d * centreY + back.ty - 0.5
                        let left = Int(u.rounded(.down))
                        let top = Int(v.rounded(.down))
                        guard left + 1 >= shown.x.lowerBound, left < shown.x.upperBound,
                            top + 1 >= shown.y.lowerBound, top < shown.y.upperBound
                        else { continue }
                        let fx = u - Double(left)
                        let fy = v - Double(top)
                        var sum: (Double, Double, Double, Double) = (0, 0, 0, 0)
                        func add(_ x: Int, _ y: Int, _ weight: Double) {
                            guard weight > 0, shown.x.contains(x), shown.y.contains(y) else { return }
                            let i = (y * stride + x) * 4
                            sum.0 += Double(source[i]) * weight
                            sum.1 += Double(source[i + 1]) * weight
                            sum.2 += Double(source[i + 2]) * weight
                            sum.3 += Double(source[i + 3]) * weight
                        }
                        add(left, top, (1 - fx) * (1 - fy))
                        add(left + 1, top, fx * (1 - fy))
                        add(left, top + 1, (1 - fx) * fy)
                        add(left + 1, top + 1, fx * fy)
                        let alpha = sum.3
                        guard alpha >= 0.5 else { continue }
                        let o = (row * width + column) * 4
                        // Back to straight colour, as the target blends it.
                        target[o] = UInt8(min(255, (sum.0 * 255 / alpha).rounded()))
                        target[o + 1] = UInt8(min(255, (sum.1 * 255 / alpha).rounded()))
                        target[o + 2] = UInt8(min(255, (sum.2 * 255 / alpha).rounded()))
                        target[o + 3] = UInt8(min(255, alpha.rounded()))
                    }
                }
            }
        }
        return PixelImage(width: width, height: height, rgba: output)
    }

    /// Straight RGBA as colour multiplied by alpha.
    private static func premultipliedColour(_ rgba: [UInt8]) -> [UInt8] {
        var result = rgba
        var index = 0
        while index < result.count {
            let alpha = UInt32(result[index + 3])
            if alpha < 255 {
                for channel in 0..<3 {
                    result[index + channel] = UInt8((UInt32(result[index + channel]) * alpha + 127) / 255)
                }
            }
            index += 4
        }
        return result
    }
}
