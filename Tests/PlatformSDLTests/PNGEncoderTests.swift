import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// Our PNG encoder writes files any decoder reads back pixel for pixel: opaque pictures as RGB,
/// pictures with transparency as RGBA, each row under whichever filter it chose.
@Suite struct PNGEncoderTests {
    /// A picture with flat areas, gradients, hard edges and noise, so every filter wins some row.
    static func picture(width: Int, height: Int, alpha: (Int, Int) -> UInt8) -> PixelImage {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var noise: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                noise = noise &* 1_103_515_245 &+ 12345
                let i = (y * width + x) * 4
                let band = y / 16
                switch band % 4 {
                case 0: (rgba[i], rgba[i + 1], rgba[i + 2]) = (240, 120, 60)
                case 1: (rgba[i], rgba[i + 1], rgba[i + 2]) = (UInt8(x % 256), UInt8(y % 256), UInt8((x + y) % 256))
                case 2: (rgba[i], rgba[i + 1], rgba[i + 2]) = x % 7 < 3 ? (0, 0, 0) : (255, 255, 255)
                default: (rgba[i], rgba[i + 1], rgba[i + 2]) = (UInt8(noise >> 24), UInt8(noise >> 16 & 255), 9)
                }
                rgba[i + 3] = alpha(x, y)
            }
        }
        return PixelImage(width: width, height: height, rgba: rgba)
    }

    @Test(arguments: [false, true])
    func aWrittenPictureReadsBackPixelForPixel(transparent: Bool) throws {
        let image = Self.picture(width: 301, height: 203) { x, y in transparent ? UInt8((x * 3 + y) % 256) : 255 }
        let bytes = try #require(PNGEncoder.encode(image))
        #expect(bytes[25] == (transparent ? 6 : 2), "colour type: RGB when opaque, RGBA otherwise")
        let decoded = try #require(PNGWriter.decode(encoded: bytes))
        #expect(decoded == image)
        #expect(bytes.count < image.rgba.count / 2, "compressed: \(bytes.count) bytes")
    }
}
