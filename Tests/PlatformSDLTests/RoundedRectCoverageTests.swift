import Testing

@testable import PlatformSDL
@testable import Rendering

/// The rects a filled rounded rect is drawn as: each pixel once, at its share of the shape.
@Suite struct RoundedRectCoverageTests {
    typealias PixelRect = ShapeTessellator.PixelRect
    static let everywhere = PixelRect(x: -1000, y: -1000, width: 4000, height: 4000)

    /// Each pixel's alpha from the pieces, failing on a pixel listed twice.
    func alphas(of pieces: RoundedRectCoverage, solidAlpha: UInt8) -> [Int: UInt8] {
        var result: [Int: UInt8] = [:]
        let all = pieces.solid.map { ($0, solidAlpha) } + pieces.edge.map { ($0.rect, $0.alpha) }
        for (rect, alpha) in all {
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) {
                    #expect(result.updateValue(alpha, forKey: y * 10_000 + x) == nil, "pixel \(x),\(y) listed twice")
                }
            }
        }
        return result
    }

    @Test(arguments: [
        (10.3, 20.8, 200.0, 90.0, 14.0), (4.6, 3.2, 60.0, 60.0, 30.0), (0.0, 0.0, 40.0, 40.0, 20.0),
        (7.25, 5.5, 120.4, 28.0, 14.0), (3.1, 2.9, 3.0, 80.0, 1.5), (12.7, 9.4, 33.3, 21.1, 0.75),
    ])
    func everyPixelOnceAtItsCoverage(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let pieces = RoundedRectCoverage(
            x: x, y: y, width: width, height: height, radius: radius, alpha: 255, within: Self.everywhere)
        let alphas = alphas(of: pieces, solidAlpha: 255)
        let shape = RoundedRectCoverage.Shape(x: x, y: y, width: width, height: height, radius: radius)
        var area = 0.0
        for row in Int(y.rounded(.down))..<Int((y + height).rounded(.up)) {
            for column in Int(x.rounded(.down))..<Int((x + width).rounded(.up)) {
                let coverage = shape.coverage(x: column, y: row)
                let alpha = Double(alphas[row * 10_000 + column] ?? 0)
                #expect(abs(alpha - coverage * 255) <= 0.5 + 1e-9, "pixel \(column),\(row)")
                area += alpha / 255
            }
        }
        // All of the shape's area, within a rounding per edge pixel.
        let r = min(radius, width / 2, height / 2)
        let exact = width * height - (4 - Double.pi) * r * r
        #expect(abs(area - exact) < Double(pieces.edge.count) / 255 + 0.5, "drawn \(area), exact \(exact)")
    }

    @Test func straightRunsMergeIntoTallRects() {
        let pieces = RoundedRectCoverage(
            x: 10.3, y: 20.6, width: 300, height: 400, radius: 12, alpha: 255, within: Self.everywhere)
        // One span for the straight middle, one column of one alpha down each straight side.
        #expect(pieces.solid.contains { $0.height > 350 })
        #expect(pieces.edge.filter { $0.rect.height > 350 && $0.rect.width == 1 }.count == 2)
        #expect(pieces.solid.count + pieces.edge.count < 300)
    }

    @Test func onlyTheVisiblePixelsAreListed() {
        let visible = PixelRect(x: 0, y: 0, width: 480, height: 360)
        let pieces = RoundedRectCoverage(
            x: -880.3, y: -910.6, width: 1400, height: 1400, radius: 700, alpha: 255, within: visible)
        let all = pieces.solid + pieces.edge.map(\.rect)
        #expect(!pieces.edge.isEmpty)
        for rect in all {
            #expect(rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= 480 && rect.y + rect.height <= 360)
        }
        // Entirely outside: nothing.
        let outside = RoundedRectCoverage(
            x: 500, y: 10, width: 40, height: 40, radius: 20, alpha: 255, within: visible)
        #expect(outside == RoundedRectCoverage(x: 0, y: 0, width: 0, height: 0, radius: 0, alpha: 255, within: visible))
    }

    @Test func aTranslucentColourScalesEveryAlpha() {
        let pieces = RoundedRectCoverage(
            x: 4.6, y: 3.2, width: 60, height: 60, radius: 30, alpha: 100, within: Self.everywhere)
        #expect(pieces.edge.allSatisfy { $0.alpha >= 1 && $0.alpha <= 100 })
        let alphas = alphas(of: pieces, solidAlpha: 100)
        let shape = RoundedRectCoverage.Shape(x: 4.6, y: 3.2, width: 60, height: 60, radius: 30)
        #expect(Double(alphas[20 * 10_000 + 5] ?? 0) == (100 * shape.coverage(x: 5, y: 20)).rounded())
    }

    @Test func nonsenseGeometryDrawsNothingAndDoesNotTrap() {
        let empty = RoundedRectCoverage(
            x: .nan, y: 0, width: 10, height: 10, radius: 5, alpha: 255, within: Self.everywhere)
        #expect(empty.solid.isEmpty && empty.edge.isEmpty)
        let infinite = RoundedRectCoverage(
            x: 0, y: 0, width: .infinity, height: 10, radius: 5, alpha: 255, within: Self.everywhere)
        #expect(infinite.solid.isEmpty && infinite.edge.isEmpty)
        // Far larger than the visible area, far off: clamped, not converted whole.
        let huge = RoundedRectCoverage(
            x: -8e307, y: -8e307, width: 1.6e308, height: 1.6e308, radius: 1e300, alpha: 255,
            within: PixelRect(x: 0, y: 0, width: 50, height: 40))
        #expect(huge.solid.reduce(0) { $0 + $1.width * $1.height } == 50 * 40)
    }

    @Test func theHalfPlaneCoverageIsTheAreaOnTheInnerSide() {
        typealias Shape = RoundedRectCoverage.Shape
        // Axis-aligned: linear across the pixel.
        #expect(Shape.halfPlaneCoverage(inside: 0.2, major: 1, minor: 0) == 0.7)
        #expect(Shape.halfPlaneCoverage(inside: -0.6, major: 1, minor: 0) == 0)
        // Diagonal: a corner triangle of the pixel.
        let diagonal = 0.5.squareRoot()
        #expect(abs(Shape.halfPlaneCoverage(inside: -diagonal / 2, major: diagonal, minor: diagonal) - 0.125) < 1e-12)
        // Symmetric: what one side leaves, the other covers.
        for u in stride(from: -0.8, through: 0.8, by: 0.05) {
            let a = 0.8
            let b = 0.6
            let both =
                Shape.halfPlaneCoverage(inside: u, major: a, minor: b)
                + Shape.halfPlaneCoverage(inside: -u, major: a, minor: b)
            #expect(abs(both - 1) < 1e-12)
        }
    }
}
