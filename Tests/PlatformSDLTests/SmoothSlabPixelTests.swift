import Graphics
import Testing

@testable import PlatformSDL
@testable import Rendering

/// A turned slab held still is drawn smooth: a horizontal line of its picture climbs across the
/// slab evenly, column by column, where the strips of whole columns make it climb in steps of a
/// pixel (text on it read stair-stepped).
@MainActor
@Suite struct SmoothSlabPixelTests {
    let size = Size(width: 200, height: 160)
    let slab = Rect(x: 20, y: 20, width: 160, height: 100)
    let shear = 0.15

    /// A white picture with a black line 2 points thick across its middle.
    func list(resampled: Bool) -> DisplayList {
        let picture = LayerPicture(
            id: -21, contentSize: slab.size,
            commands: [
                .fill(rect: Rect(origin: .zero, size: slab.size), color: .white, cornerRadius: 0),
                .fill(rect: Rect(x: 0, y: 49, width: slab.width, height: 2), color: .black, cornerRadius: 0),
            ])
        var drawing = TransformedDrawing(
            content: .picture(picture, alpha: 1), destination: slab, shown: slab,
            transform: AffineTransform(shearY: shear))
        drawing.resampled = resampled
        return DisplayList(commands: [.transformed(drawing)], clearColor: .white)
    }

    /// Where the line's middle is down each column (its darkness's centre of mass), in pixels.
    func lineCentres(_ pixels: PixelImage, scale: Double) -> [Double] {
        let columns = Int((slab.minX + 10) * scale)..<Int((slab.maxX - 10) * scale)
        return columns.map { x in
            var weight = 0.0
            var sum = 0.0
            for y in Int(slab.minY * scale)..<Int((slab.maxY + slab.maxX * shear) * scale) {
                let darkness = 1 - Double(pixels.pixel(x: x, y: y).r) / 255
                weight += darkness
                sum += darkness * Double(y)
            }
            return weight > 0 ? sum / weight : 0
        }
    }

    @Test(arguments: [1.0, 2.0])
    func aSmoothSlabsLineClimbsEvenly(scale: Double) throws {
        try HeadlessBackend.with(size: size, scale: scale) { backend in
            backend.draw(list(resampled: true))
            let smooth = lineCentres(try #require(backend.readPixels()), scale: scale)
            backend.draw(list(resampled: false))
            let strips = lineCentres(try #require(backend.readPixels()), scale: scale)
            // The slope the shear gives, per pixel across.
            func worstMiss(_ centres: [Double]) -> Double {
                zip(centres, centres.dropFirst()).map { abs($1 - $0 - shear) }.max() ?? 0
            }
            #expect(worstMiss(smooth) < 0.25, "smooth: every column within a quarter pixel of the slope")
            #expect(worstMiss(strips) > 0.75, "strips: a whole pixel's step somewhere (what this fixes)")
            // Both put the line where the shear says, on average.
            let expected = (slab.minY + 50) * scale
            let first = Int((slab.minX + 10) * scale)
            let drift = zip(smooth.indices, smooth).map { index, centre in
                abs(centre - (expected + shear * Double(first + index) + shear * 0.5 - 0.5))
            }
            #expect((drift.max() ?? 9) < 0.75, "the smooth line lies on the sheared line")
        }
    }
}
