import Graphics
import Testing

@testable import Rendering

/// The bench's pixels per frame: what a fill, a copy, triangles and a clear write, cut to the
/// target and the clip, on the output and on an offscreen target.
@MainActor
@Suite struct PixelCountingTests {
    @Test func pixelsAreCountedWithinTheTargetAndTheClip() throws {
        let counter = PixelCountingExecutor(RecordingExecutor())
        counter.outputSize = (100, 50)
        let white = RGBA8(r: 255, g: 255, b: 255, a: 255)
        counter.clear(white)
        #expect(counter.pixelsWritten == 5000)
        // Half of it past the right edge.
        counter.fill([PixelBox(x: 90, y: 0, w: 20, h: 10)], color: white, blend: .replace)
        #expect(counter.pixelsWritten == 5000 + 100)
        // Within a clip 5 px wide.
        counter.setClip(PixelBox(x: 0, y: 0, w: 5, h: 50))
        counter.copy(
            try #require(counter.makeImageTexture(width: 8, height: 8)), source: nil,
            destination: FloatBox(x: 0, y: 0, w: 10, h: 10), paint: TexturePaint(blend: .blend))
        #expect(counter.pixelsWritten == 5100 + 50)
        counter.setClip(nil)
        // A right triangle of legs 10 and 20: 100 pixels.
        let vertices = [
            ExecutorVertex(x: 0, y: 0, color: white), ExecutorVertex(x: 10, y: 0, color: white),
            ExecutorVertex(x: 0, y: 20, color: white),
        ]
        let indices: [Int32] = [0, 1, 2]
        indices.withUnsafeBufferPointer {
            counter.drawTriangles(vertices, indices: $0, texture: nil, paint: TexturePaint(blend: .blend))
        }
        #expect(counter.pixelsWritten == 5150 + 100)
        // An offscreen target 30×30: a fill over all of it counts its 900 pixels, not the output's.
        let target = try #require(counter.makeTarget(width: 30, height: 30, hasAlpha: true))
        counter.setTarget(target)
        counter.fill([PixelBox(x: -10, y: -10, w: 100, h: 100)], color: white, blend: .replace)
        #expect(counter.pixelsWritten == 5250 + 900)
        counter.setTarget(nil)
        counter.clear(white)
        #expect(counter.pixelsWritten == 6150 + 5000)
    }
}
