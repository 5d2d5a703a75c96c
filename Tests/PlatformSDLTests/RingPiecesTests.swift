import Foundation
import Graphics
import Testing

@testable import PlatformSDL
@testable import Rendering

/// A shadow drawn as straight bands and corner patches must look like the mesh it stands for.
@MainActor
@Suite(.serialized) struct RingPiecesTests {
    static let assets =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Assets"

    /// Draws `commands` over white both ways and returns the two frames.
    func drawnBothWays(_ commands: [DrawCommand], scale: Double = 1) throws -> (pieces: PixelImage, mesh: PixelImage) {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 240, height: 200), scale: scale, assetsDirectory: Self.assets,
            pictureCache: .none)
        defer { backend.shutdown() }
        let list = DisplayList(commands: commands, clearColor: .white)
        backend.drawsRingsInPieces = true
        backend.draw(list)
        let pieces = try #require(backend.readPixels())
        backend.drawsRingsInPieces = false
        backend.draw(list)
        let mesh = try #require(backend.readPixels())
        return (pieces, mesh)
    }

    static let shadowColour = Color(red: 0, green: 0, blue: 0, alpha: 0.3)

    @Test(arguments: [
        (Rect(x: 40, y: 30, width: 150, height: 120), 0.0, 4.25),
        (Rect(x: 40.3, y: 30.7, width: 150.2, height: 119.6), 0.0, 5.0),
        (Rect(x: 20.5, y: 25.25, width: 180, height: 140), 12.0, 2.0),
        (Rect(x: 30, y: 40, width: 170, height: 100), 20.0, 10.0),
        (Rect(x: 60, y: 50, width: 100, height: 90), 0.0, 0.5),
        // Edges a hair under whole pixels (a panel sliding to rest): single precision rounds them
        // up, as the mesh's vertices do (seed 7's back-swipe found a column off).
        (Rect(x: 44.999999999, y: 29.999999999, width: 130.000000001, height: 99.9999999996), 0.0, 4.0),
    ])
    func piecesDrawWhatTheMeshDraws(rect: Rect, radius: Double, blur: Double) throws {
        let frames = try drawnBothWays([.shadow(rect: rect, cornerRadius: radius, blur: blur, color: Self.shadowColour)]
        )
        let difference = try #require(frames.pieces.maximumChannelDifference(to: frames.mesh))
        #expect(difference <= 2, "bands and corners differ from the mesh by \(difference)")
        // And the shadow is there: darker just outside the edge than far away.
        let x = Int(rect.midX)
        let justAbove = frames.pieces.pixel(x: x, y: Int(rect.minY.rounded()) - 1)
        #expect(justAbove.r < 235)
        #expect(frames.pieces.pixel(x: x, y: max(0, Int(rect.minY - blur) - 3)).r == 255)
    }

    @Test func aClippedShadowAndOneAtTwiceTheScaleMatchTheMeshToo() throws {
        let shadow = DrawCommand.shadow(
            rect: Rect(x: 30.4, y: 20.6, width: 120, height: 80), cornerRadius: 8, blur: 4, color: Self.shadowColour)
        let clipped = try drawnBothWays([.pushClip(Rect(x: 0, y: 0, width: 70, height: 60)), shadow, .popClip])
        #expect(try #require(clipped.pieces.maximumChannelDifference(to: clipped.mesh)) <= 2)
        // Nothing outside the clip.
        #expect(clipped.pieces.pixel(x: 100, y: 19).r == 255)
        let doubled = try drawnBothWays([shadow], scale: 2)
        #expect(try #require(doubled.pieces.maximumChannelDifference(to: doubled.mesh)) <= 2)
    }

    @Test func bandsAndCornersNeverOverlap() throws {
        let pieces = try #require(RingPieces.shadow(x: 10.3, y: 20.8, width: 200, height: 90, radius: 14, blur: 6))
        var seen = Set<Int>()
        let all = pieces.bands.map(\.rect) + pieces.corners
        for rect in all {
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) {
                    #expect(seen.insert(y * 1000 + x).inserted, "pixel \(x),\(y) drawn twice")
                }
            }
        }
        // Too small for straight runs: drawn as the mesh.
        #expect(RingPieces.shadow(x: 0, y: 0, width: 10, height: 10, radius: 0, blur: 6) == nil)
    }
}
