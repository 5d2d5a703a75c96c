import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// Circles and rounded rects drawn by the real renderer must show each pixel's share of the shape:
/// compared with the same shape covered by 4×4 supersampling, no edge pixel is off by more than a
/// quarter of full scale and they are off by under 0.05 on average (the mesh's 1-pixel feather,
/// its vertices cut to whole pixels by SDL's software rasterizer, was off by up to 0.94).
@MainActor
@Suite(.serialized) struct EdgeCoverageTests {
    static let assets =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Assets"

    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var window: Size
        var rect: Rect
        var radius: Double
        var colour: Color
        var scale: Double
        var background = Color.white
        var description: String { "\(name) at \(Int(scale))×" }
    }

    struct EdgeErrors {
        var worst: Double
        var mean: Double
        var edgePixels: Int
    }

    nonisolated static let orange = Color(hex: 0xFF9500)
    nonisolated static let indigo = Color(hex: 0x5856D6)
    nonisolated static let icon = Rect(x: 20.3, y: 14.7, width: 96, height: 96)
    nonisolated static let avatar = Rect(x: 10.5, y: 8.25, width: 40, height: 40)

    nonisolated static let cases: [Case] =
        [1.0, 2, 3].map {
            Case(
                name: "96 pt icon circle", window: Size(width: 140, height: 130), rect: icon, radius: 48,
                colour: orange, scale: $0)
        }
        + [1.0, 2, 3].map {
            Case(
                name: "40 pt avatar", window: Size(width: 64, height: 60), rect: avatar, radius: 20, colour: indigo,
                scale: $0)
        }
        + [
            Case(
                name: "28 pt pill", window: Size(width: 150, height: 50),
                rect: Rect(x: 12.4, y: 10.6, width: 120, height: 28), radius: 14, colour: .systemBlue, scale: 2),
            Case(
                name: "switch", window: Size(width: 70, height: 50),
                rect: Rect(x: 8.2, y: 9.9, width: 51, height: 31), radius: 15.5, colour: Color(hex: 0x34C759),
                scale: 3),
            Case(
                name: "27 pt switch thumb", window: Size(width: 40, height: 40),
                rect: Rect(x: 6.6, y: 5.1, width: 27, height: 27), radius: 13.5, colour: .black, scale: 3),
            Case(
                name: "700 px zooming disc", window: Size(width: 480, height: 360),
                rect: Rect(x: -880.3, y: -910.6, width: 1400, height: 1400), radius: 700, colour: orange, scale: 1),
            Case(
                name: "700 px zooming disc", window: Size(width: 240, height: 180),
                rect: Rect(x: -440.15, y: -455.3, width: 700, height: 700), radius: 350, colour: orange, scale: 2),
            Case(
                name: "12 pt rounded card", window: Size(width: 200, height: 130),
                rect: Rect(x: 10.3, y: 12.6, width: 180.2, height: 100.5), radius: 12, colour: .systemBlue,
                scale: 2),
            Case(
                name: "translucent avatar", window: Size(width: 64, height: 60), rect: avatar, radius: 20,
                colour: indigo.withAlpha(0.6), scale: 2),
            Case(
                name: "translucent scrim", window: Size(width: 200, height: 130),
                rect: Rect(x: 10.3, y: 12.6, width: 180.2, height: 100.5), radius: 24,
                colour: Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 0.35), scale: 2),
            Case(
                name: "translucent pill, its corners meeting mid-row", window: Size(width: 220, height: 110),
                rect: Rect(x: 20.3, y: 50.3, width: 180, height: 40), radius: 20,
                colour: Color(red: 0, green: 0.48, blue: 1, alpha: 0.6), scale: 1),
            Case(
                name: "rect with a 0.6 pt radius", window: Size(width: 220, height: 160),
                rect: Rect(x: 30.4, y: 40.7, width: 170, height: 100), radius: 0.6,
                colour: Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 0.8), scale: 1),
            Case(
                name: "3 pt scroll indicator", window: Size(width: 30, height: 100),
                rect: Rect(x: 10.2, y: 6.7, width: 3, height: 80), radius: 1.5, colour: Color(white: 0, alpha: 0.35),
                scale: 1),
        ]

    @Test(arguments: cases)
    func edgePixelsShowTheShapesCoverage(_ shape: Case) throws {
        let image = try drawn(shape)
        // 16×16 sub-samples stand for the exact coverage, and the renderer keeps well inside the
        // issue's bounds there (it measured 0.05 at worst, 0.016 on average). A circle is also held
        // to the issue's own 4×4 measure (too coarse for the long straight sides of a rounded
        // rect: it reads an edge 0.6 px into a pixel as half of it, 0.1 off all along).
        let isCircle =
            shape.radius * 2 >= min(shape.rect.width, shape.rect.height) && shape.rect.width == shape.rect.height
        let bounds =
            [(samples: 16, worst: 0.1, mean: 0.025)] + (isCircle ? [(samples: 4, worst: 0.25, mean: 0.05)] : [])
        for bound in bounds {
            let errors = measure(image, of: shape, samples: bound.samples)
            let measure = "\(shape), \(bound.samples)×\(bound.samples)"
            #expect(errors.edgePixels > 0)
            #expect(
                errors.worst <= bound.worst,
                "\(measure): worst pixel off by \(errors.worst), mean \(errors.mean) over \(errors.edgePixels)")
            #expect(
                errors.mean < bound.mean,
                "\(measure): edge pixels off by \(errors.mean) on average (worst \(errors.worst))")
        }
    }

    /// A circle over another (the members' avatars overlap by 8 pt) leaves no seam or speckle where
    /// they meet: the second one's edge blends over the first.
    @Test func overlappingAvatarsKeepCleanEdges() throws {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 110, height: 60), scale: 2, assetsDirectory: Self.assets,
            pictureCache: .none)
        defer { backend.shutdown() }
        let second = Rect(x: 42.5, y: 8.25, width: 40, height: 40)
        backend.draw(
            DisplayList(
                commands: [
                    .fill(rect: Self.avatar, color: Self.orange, cornerRadius: 20),
                    .fill(rect: second, color: Self.indigo, cornerRadius: 20),
                ], clearColor: .white))
        let image = try #require(backend.readPixels())
        // Blue is 0 in the orange and 0xD6 in the indigo: inside the orange circle and away from
        // the first's own edge, the pixels go from one to the other by the second's coverage.
        var worst = 0.0
        for py in 0..<image.height {
            for px in 0..<image.width {
                let underneath = Self.coverage(pixelX: px, pixelY: py, of: Self.avatar, radius: 20, scale: 2)
                guard underneath == 1 else { continue }
                let exact = Self.coverage(pixelX: px, pixelY: py, of: second, radius: 20, scale: 2)
                let drawn = Double(image.pixel(x: px, y: py).b) / 0xD6
                worst = max(worst, abs(drawn - exact))
            }
        }
        #expect(worst <= 0.25)
    }

    /// A rounded picture (a gallery tile, a room's photo) has the same exact edge as a rounded
    /// fill. Drawn over white and over black, the two frames differ by what shows of the
    /// background, so each pixel's coverage reads back whatever the photo holds there. Its edge
    /// used to be the old mesh's feather, polygonal at 2×.
    @Test(arguments: [1.0, 2.0])
    func aRoundedPictureHasTheShapesEdge(scale: Double) throws {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 140, height: 130), scale: scale, assetsDirectory: Self.assets,
            pictureCache: .none)
        defer { backend.shutdown() }
        let whole = Rect(x: 0, y: 0, width: 1, height: 1)
        func photo(over background: Color) throws -> PixelImage {
            let list = DisplayList(
                commands: [
                    .image(
                        ImageRef("room-trail"), source: whole, destination: Self.icon, cornerRadius: 22, alpha: 1)
                ], clearColor: background)
            backend.draw(list)
            backend.draw(list)
            return try #require(backend.readPixels())
        }
        let overWhite = try photo(over: .white)
        let overBlack = try photo(over: .black)
        var worst = 0.0
        var total = 0.0
        var edgePixels = 0
        for py in 0..<overWhite.height {
            for px in 0..<overWhite.width {
                let exact = Self.coverage(pixelX: px, pixelY: py, of: Self.icon, radius: 22, scale: scale, samples: 16)
                let white = overWhite.pixel(x: px, y: py)
                let black = overBlack.pixel(x: px, y: py)
                let showing = [Int(white.r) - Int(black.r), Int(white.g) - Int(black.g), Int(white.b) - Int(black.b)]
                let drawn = 1 - Double(showing.max() ?? 0) / 255
                let error = abs(drawn - exact)
                worst = max(worst, error)
                if exact > 0 && exact < 1 {
                    total += error
                    edgePixels += 1
                }
            }
        }
        let mean = total / Double(max(edgePixels, 1))
        #expect(edgePixels > 0)
        #expect(worst <= 0.1, "a pixel's coverage is off by \(worst) at \(scale)× (mean \(mean))")
        #expect(mean < 0.025, "edge coverage off by \(mean) on average at \(scale)×")
    }

    /// The case drawn by the real renderer, headless.
    func drawn(_ shape: Case) throws -> PixelImage {
        let backend = try SDLBackend(
            mode: .headless, size: shape.window, scale: shape.scale, assetsDirectory: Self.assets,
            pictureCache: .none)
        defer { backend.shutdown() }
        backend.draw(
            DisplayList(
                commands: [.fill(rect: shape.rect, color: shape.colour, cornerRadius: shape.radius)],
                clearColor: shape.background))
        return try #require(backend.readPixels())
    }

    /// Compares every pixel with the shape's coverage (`samples` × `samples` sub-samples), in units
    /// of the channel that differs most between the background and the colour: the worst pixel
    /// anywhere, and the mean over edge pixels (partly covered, or drawn neither as the
    /// background nor as the colour).
    func measure(_ image: PixelImage, of shape: Case, samples: Int) -> EdgeErrors {
        let fill = shape.colour.rgba8
        let back = shape.background.rgba8
        let pairs = [(fill.0, back.0), (fill.1, back.1), (fill.2, back.2)].map { (Double($0), Double($1)) }
        let channel = pairs.indices.max { abs(pairs[$0].0 - pairs[$0].1) < abs(pairs[$1].0 - pairs[$1].1) } ?? 0
        let background = pairs[channel].1
        let span = (pairs[channel].0 - background) * Double(fill.3) / 255
        var worst = 0.0
        var total = 0.0
        var count = 0
        for py in 0..<image.height {
            for px in 0..<image.width {
                let exact = Self.coverage(
                    pixelX: px, pixelY: py, of: shape.rect, radius: shape.radius, scale: shape.scale, samples: samples)
                let pixel = image.pixel(x: px, y: py)
                let value = Double([pixel.r, pixel.g, pixel.b][channel])
                let error = abs((value - background) / span - exact)
                worst = max(worst, error)
                let partlyDrawn = abs(value - background) > 2 && abs(value - background - span) > 2
                guard (exact > 0 && exact < 1) || partlyDrawn else { continue }
                total += error
                count += 1
            }
        }
        return EdgeErrors(worst: worst, mean: count > 0 ? total / Double(count) : 0, edgePixels: count)
    }

    /// The share of the pixel's `samples` × `samples` sub-samples inside the rounded rect (given in
    /// points); a pixel whose centre lies farther than 0.75 px from the edge is wholly in or out.
    static func coverage(
        pixelX: Int, pixelY: Int, of rect: Rect, radius: Double, scale: Double, samples: Int = 4
    ) -> Double {
        let x0 = rect.minX * scale
        let y0 = rect.minY * scale
        let x1 = rect.maxX * scale
        let y1 = rect.maxY * scale
        let r = min(radius * scale, (x1 - x0) / 2, (y1 - y0) / 2)
        /// How far a point lies outside the shape (negative: inside).
        func distance(_ x: Double, _ y: Double) -> Double {
            let qx = abs(x - (x0 + x1) / 2) - ((x1 - x0) / 2 - r)
            let qy = abs(y - (y0 + y1) / 2) - ((y1 - y0) / 2 - r)
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            return outside + min(max(qx, qy), 0) - r
        }
        let centre = distance(Double(pixelX) + 0.5, Double(pixelY) + 0.5)
        if centre > 0.75 { return 0 }
        if centre < -0.75 { return 1 }
        var inside = 0
        let n = Double(samples)
        for j in 0..<samples {
            let y = Double(pixelY) + (Double(j) + 0.5) / n
            for i in 0..<samples where distance(Double(pixelX) + (Double(i) + 0.5) / n, y) <= 0 {
                inside += 1
            }
        }
        return Double(inside) / (n * n)
    }
}
