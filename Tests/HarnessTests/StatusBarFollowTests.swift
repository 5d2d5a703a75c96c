import Foundation
import Graphics
import Platform
import Testing

@testable import Harness
@testable import Scenes
@testable import Tools

/// The clock reads on every frame of a push and a pop: its colour follows what lies under it as
/// the screens move (Zooming Icons' orange circle turned it light only after a 0.3 s cross-fade,
/// so it was dark grey on orange for a dozen frames, and dark on orange again after a swipe back
/// let go early).
@MainActor
@Suite(.serialized) struct StatusBarFollowTests {
    /// The contrast between the clock and what is under it, from a frame's pixels: the pixel of
    /// the clock's box farthest in luminance from the background just above the text.
    func clockContrast(_ image: PixelImage) -> Double {
        func luminance(_ x: Int, _ y: Int) -> Double {
            let p = image.pixel(x: x, y: y)
            return Color(red: Double(p.r) / 255, green: Double(p.g) / 255, blue: Double(p.b) / 255).relativeLuminance
        }
        let background = luminance(195, 1)
        var farthest = background
        for y in 5..<16 {
            for x in 175..<215 where abs(luminance(x, y) - background) > abs(farthest - background) {
                farthest = luminance(x, y)
            }
        }
        let (light, dark) = (max(background, farthest), min(background, farthest))
        return (light + 0.05) / (dark + 0.05)
    }

    func expectTheClockReads(_ app: HeadlessApp, frames count: Int, _ what: String) throws {
        var weak: [Int] = []
        for index in 0..<count {
            app.clock.set(to: app.clock.now + 1.0 / 60)
            let image = try app.captureFrame("frame.png")
            if clockContrast(image) < 3 { weak.append(index) }
        }
        #expect(weak.isEmpty, "\(what): the clock is hard to read on frames \(weak)")
    }

    @Test func theClockReadsThroughTheZoomBothWaysAndASwipeLetGoEarly() throws {
        let app = try HeadlessApp(scene: .icons)
        defer { app.finish() }
        app.frames(30)
        app.frames(1, [app.pointer(.down, 255, 150)])
        app.frames(1, [app.pointer(.up, 255, 150)])
        try expectTheClockReads(app, frames: 45, "the zoom in")
        app.frames(1, [.key(.escape, time: app.clock.now)])
        try expectTheClockReads(app, frames: 45, "the zoom out")
        app.frames(1, [app.pointer(.down, 255, 150)])
        app.frames(1, [app.pointer(.up, 255, 150)])
        app.frames(60)
        // From the left edge a sixth of the way, held, let go: the circle grows back.
        app.frames(1, [app.pointer(.down, 2, 400)])
        for step in 1...12 { app.frames(1, [app.pointer(.move, 2 + Double(step) * 5, 400)]) }
        app.frames(20)
        app.frames(1, [app.pointer(.up, 62, 400)])
        try expectTheClockReads(app, frames: 45, "the swipe let go early")
    }
}
