import CSDL2
import Graphics
import Rendering
import Testing

@testable import PlatformSDL

/// Translucent fills blended by our own kernel (`BlendFill`) are the bytes SDL's software renderer
/// blends: over pictures, over other translucent fills, cut by a clip, across the output's and
/// the bands' edges, rounded (their edges are rows of partial coverage), faint and nearly opaque.
@MainActor
@Suite struct TranslucentFillBandTests {
    static let size = Size(width: 390, height: 300)

    static let fills = DisplayList(commands: [
        .fill(
            rect: Rect(x: 0, y: 0, width: 390, height: 300), color: Color(red: 0.93, green: 0.94, blue: 0.96),
            cornerRadius: 0),
        .image(
            ImageRef("room-night-riders"), source: Rect(x: 0, y: 0, width: 1, height: 1),
            destination: Rect(x: 10, y: 20, width: 300, height: 220), cornerRadius: 0, alpha: 0.7),
        // A dimming layer over everything, and a second, faint, past the output's edges.
        .fill(
            rect: Rect(x: 0, y: 0, width: 390, height: 300), color: Color(red: 0, green: 0, blue: 0, alpha: 0.45),
            cornerRadius: 0),
        .fill(
            rect: Rect(x: -20, y: 150, width: 450, height: 200),
            color: Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.03), cornerRadius: 0),
        .pushClip(Rect(x: 33.3, y: 71.6, width: 200.2, height: 91.7)),
        .fill(
            rect: Rect(x: 20, y: 60, width: 300, height: 200), color: Color(red: 1, green: 0.4, blue: 0.1, alpha: 0.99),
            cornerRadius: 0),
        .popClip,
        // Rounded: its corners are rows of partial coverage, blended one by one.
        .fill(
            rect: Rect(x: 140.5, y: 90.25, width: 180, height: 150),
            color: Color(red: 1, green: 1, blue: 1, alpha: 0.6), cornerRadius: 22),
        .fill(
            rect: Rect(x: 300, y: 10, width: 1, height: 280), color: Color(red: 0.1, green: 0.8, blue: 0.3, alpha: 0.5),
            cornerRadius: 0),
    ])

    @Test(arguments: [(2, 1.0), (3, 2.0), (4, 3.0)])
    func bandsBlendFillsAsSDLDoes(bands: Int, scale: Double) throws {
        let (differing, worst) = try HeadlessBackend.bandsDiffer(
            drawing: Self.fills, size: Self.size, scale: scale, bands: bands)
        #expect(differing == 0, "bytes that differ from SDL's blend at \(scale)x in \(bands) bands (worst \(worst))")
    }

    /// The kernel against SDL's arithmetic for every alpha over every channel value.
    @Test func everyAlphaOverEveryValueIsSDLs() {
        for alpha in 0...255 {
            let color = RGBA8(r: 200, g: 17, b: 255, a: UInt8(alpha))
            let premultiplied = (
                UInt32(color.b) * UInt32(alpha) / 255, UInt32(color.g) * UInt32(alpha) / 255,
                UInt32(color.r) * UInt32(alpha) / 255, UInt32(alpha)
            )
            var row = (0..<256).map { UInt32($0) * 0x0101_0101 }
            let before = row
            row.withUnsafeMutableBufferPointer { BlendFill.blend(row: $0.baseAddress!, count: 253, color: color) }
            for (index, pixel) in before.enumerated().prefix(253) {
                let keep = 255 - UInt32(alpha)
                let channel = pixel & 0xFF
                let expected =
                    (channel * keep / 255 + premultiplied.0) | (channel * keep / 255 + premultiplied.1) << 8
                    | (channel * keep / 255 + premultiplied.2) << 16 | (channel * keep / 255 + premultiplied.3) << 24
                #expect(row[index] == expected, "alpha \(alpha), value \(channel)")
                if row[index] != expected { return }
            }
            #expect(row[253...] == before[253...], "past the count nothing changes")
        }
    }
}

/// On a window's XRGB8888 surface (the bands over a software window) our fills write what SDL
/// writes there: red, green and blue blended alike and the fourth byte 0, opaque fills and
/// clears as SDL maps their colour.
@Suite struct WindowSurfaceFillTests {
    @Test func fillsOnAnXRGBSurfaceAreSDLs() throws {
        let (width, height): (Int32, Int32) = (67, 24)
        let format = SDL_PIXELFORMAT_RGB888.rawValue
        let ours = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, format))
        let sdls = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, format))
        defer {
            SDL_FreeSurface(ours)
            SDL_FreeSurface(sdls)
        }
        var state: UInt32 = 12345
        for surface in [ours, sdls] {
            state = 12345
            let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            for index in 0..<Int(width * height) {
                state = state &* 1_103_515_245 &+ 12345
                pixels[index] = state
            }
        }
        let fills: [(PixelBox, RGBA8, ExecutorBlend)] = [
            (PixelBox(x: 3, y: 2, w: 50, h: 9), RGBA8(r: 20, g: 200, b: 90, a: 140), .blend),
            (PixelBox(x: -5, y: 10, w: 90, h: 3), RGBA8(r: 255, g: 0, b: 7, a: 255), .replace),
            (PixelBox(x: 10, y: 14, w: 0, h: 5), RGBA8(r: 1, g: 2, b: 3, a: 9), .blend),
            (PixelBox(x: 0, y: 0, w: 67, h: 24), RGBA8(r: 0, g: 0, b: 0, a: 77), .blend),
        ]
        let lane = try #require(DrawingLane(band: ours, top: 0, height: height))
        defer { lane.release() }
        #expect(lane.fillsOwnPixels && !lane.hasAlphaChannel)
        let renderer = try #require(SDL_CreateSoftwareRenderer(sdls))
        defer { SDL_DestroyRenderer(renderer) }
        let calls = SDLDrawCalls(renderer: renderer)
        let count = Int(width * height)
        /// The first pixel where our surface and SDL's differ, described.
        func firstDifference() -> String? {
            let a = UnsafeBufferPointer(start: ours.pointee.pixels.assumingMemoryBound(to: UInt32.self), count: count)
            let b = UnsafeBufferPointer(start: sdls.pointee.pixels.assumingMemoryBound(to: UInt32.self), count: count)
            guard let first = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
            return "pixel \(first): ours \(String(a[first], radix: 16)), SDL's \(String(b[first], radix: 16))"
        }
        lane.replay(
            fills.map { .fill([$0.0], color: $0.1, blend: $0.2) }, twins: { _ in nil }, pixels: { _ in nil },
            drawsOutput: true, startsOnOutput: true)
        for (box, color, blend) in fills { calls.fill([box], color: color, blend: blend) }
        #expect(firstDifference() == nil, "after the fills")
        // A clear ignores the clip, as SDL's does.
        lane.replay(
            [.clip(PixelBox(x: 5, y: 5, w: 9, h: 9)), .clear(RGBA8(r: 9, g: 8, b: 7, a: 6))], twins: { _ in nil },
            pixels: { _ in nil }, drawsOutput: true, startsOnOutput: true)
        calls.setClip(PixelBox(x: 5, y: 5, w: 9, h: 9))
        calls.clear(RGBA8(r: 9, g: 8, b: 7, a: 6))
        #expect(firstDifference() == nil, "after the clear")
    }
}
