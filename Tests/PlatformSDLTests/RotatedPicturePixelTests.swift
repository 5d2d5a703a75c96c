import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// A view turned by 15° on screen: its picture lands where the turned rectangle lies, each edge
/// pixel as covered as the exact area says (antialiased, not stair-stepped, not its bounding
/// box), its content turned with it, at 1× and 2×, and the same pixels as the reference.
@MainActor
@Suite struct RotatedPicturePixelTests {
    let size = Size(width: 200, height: 200)
    let card = Size(width: 80, height: 60)
    let centre = Point(x: 100, y: 100)
    let angle = 15.0 * Double.pi / 180

    /// From the card's own coordinates to the window: turned about its centre, as a view is.
    var toWindow: Graphics.AffineTransform {
        Graphics.AffineTransform(translationX: -card.width / 2, y: -card.height / 2)
            .concatenating(Graphics.AffineTransform(rotationAngle: angle))
            .concatenating(Graphics.AffineTransform(translationX: centre.x, y: centre.y))
    }

    /// Red with a white square in the middle, as the builder emits a turned view.
    var list: DisplayList {
        let local = Rect(origin: .zero, size: card)
        let picture = LayerPicture(
            id: 41, contentSize: card,
            commands: [
                .fill(rect: local, color: Color(hex: 0xFF0000), cornerRadius: 0),
                .fill(rect: Rect(x: 30, y: 20, width: 20, height: 20), color: .white, cornerRadius: 0),
            ])
        return DisplayList(
            commands: [
                .transformed(
                    TransformedDrawing(
                        content: .picture(picture, alpha: 1), destination: local, shown: local, transform: toWindow))
            ], clearColor: .black)
    }

    /// How much of the window pixel (`x`, `y`) at `scale` the turned card covers, by 16 × 16 samples.
    func coverage(x: Int, y: Int, scale: Double) -> Double {
        guard let back = toWindow.inverted else { return 0 }
        var inside = 0
        for i in 0..<16 {
            for j in 0..<16 {
                let point = Point(
                    x: (Double(x) + (Double(i) + 0.5) / 16) / scale, y: (Double(y) + (Double(j) + 0.5) / 16) / scale)
                let local = back.apply(to: point)
                if local.x >= 0, local.x < card.width, local.y >= 0, local.y < card.height { inside += 1 }
            }
        }
        return Double(inside) / 256
    }

    @Test(arguments: [1.0, 2.0])
    func aTurnedCardCoversWhatTheTurnedRectangleCovers(scale: Double) throws {
        try HeadlessBackend.with(size: size, scale: scale) { backend in
            backend.draw(list)
            let pixels = try #require(backend.readPixels())
            var worst = 0.0
            var edgePixels = 0
            var partlyLit = 0
            for y in 0..<pixels.height {
                for x in 0..<pixels.width {
                    let expected = coverage(x: x, y: y, scale: scale)
                    let shown = pixels.pixel(x: x, y: y)
                    // Red everywhere on the card but the white square: red tells coverage.
                    let error = abs(Double(shown.r) / 255 - expected)
                    worst = max(worst, error)
                    if expected > 0.05 && expected < 0.95 {
                        edgePixels += 1
                        if shown.r > 20 && shown.r < 235 { partlyLit += 1 }
                    }
                }
            }
            #expect(worst < 0.1, "every pixel within 0.1 of its exact coverage: worst \(worst)")
            // Antialiased: most pixels the edge crosses are partly lit.
            #expect(
                Double(partlyLit) > Double(edgePixels) * 0.7, "\(partlyLit) of \(edgePixels) edge pixels partly lit")
            // The bounding box's corners stay dark; the white square turned with the card.
            let corner = toWindow.apply(to: Rect(origin: .zero, size: card))
            let boxCorner = pixels.pixel(x: Int((corner.minX + 2) * scale), y: Int((corner.minY + 2) * scale))
            #expect(boxCorner.r == 0, "the bounding box's corner is not drawn: \(boxCorner)")
            let middle = pixels.pixel(x: Int(centre.x * scale), y: Int(centre.y * scale))
            #expect(middle.r == 255 && middle.g == 255 && middle.b == 255, "white in the middle: \(middle)")
            // The white square's turned corner: 8 pt in from its top-left along both turned axes.
            let inWhite = toWindow.apply(to: Point(x: 33, y: 23))
            let outWhite = toWindow.apply(to: Point(x: 27, y: 23))
            #expect(pixels.pixel(x: Int(inWhite.x * scale), y: Int(inWhite.y * scale)).g == 255)
            #expect(pixels.pixel(x: Int(outWhite.x * scale), y: Int(outWhite.y * scale)).g == 0)
        }
    }

    @Test(arguments: [1.0, 2.0])
    func aTurnedCardDrawsTheReference(scale: Double) throws {
        #expect(try HeadlessBackend.difference(of: list, drawnWith: .all, size: size, scale: scale) == 0)
    }

    /// Half transparent, the card lets what is under it show through, edges included.
    @Test func aFadedTurnedCardBlendsOverWhatIsBeneath() throws {
        var faded = list
        if case .transformed(let drawing) = faded.commands[0] {
            faded.commands[0] = .transformed(drawing.multiplyingAlpha(by: 0.5))
        }
        faded.commands.insert(
            .fill(rect: Rect(origin: .zero, size: size), color: Color(hex: 0x0000FF), cornerRadius: 0), at: 0)
        try HeadlessBackend.with(size: size, scale: 1) { backend in
            backend.draw(faded)
            let pixels = try #require(backend.readPixels())
            let point = toWindow.apply(to: Point(x: 10, y: 10))
            let mixed = pixels.pixel(x: Int(point.x), y: Int(point.y))
            #expect(abs(Int(mixed.r) - 128) <= 2 && abs(Int(mixed.b) - 127) <= 2, "half red over blue: \(mixed)")
        }
    }
}
