import Foundation
import Graphics
import Testing

@testable import Harness
@testable import Tools

/// The exploded stack where the scene cuts. A room closing: on the frame its transition ends, the
/// transition's views (the wrapper, the overlay, the page's snapshot, high in the stack) leave the
/// tree and the room's panel is shown again in its row, far below. In the scene nothing moves; in
/// the stack the room's picture jumped from the top into the row in one frame. Now the copy left
/// at the top fades away over several frames while the panel stands in its row at once.
@MainActor
@Suite struct InspectorHandOverTests {
    /// How far two frames lie apart: the sum of every colour channel's difference.
    static func distance(_ a: PixelImage, _ b: PixelImage) -> Int {
        a.rgba.withUnsafeBufferPointer { left in
            b.rgba.withUnsafeBufferPointer { right in
                var sum = 0
                for index in 0..<min(left.count, right.count) where index % 4 != 3 {
                    sum += abs(Int(left[index]) - Int(right[index]))
                }
                return sum
            }
        }
    }

    @Test func aClosingRoomHandsItsPictureBackOverSeveralFrames() throws {
        let app = try HeadlessApp(scene: .rooms, drawing: .everyFrame)
        defer { app.finish() }
        var frames: [(pixels: PixelImage, transitioning: Bool)] = []
        app.host.frameObserver = { phase in
            guard phase == .drawn, app.clock.now > 1.8, let pixels = app.backend.readPixels() else { return }
            frames.append((pixels, app.host.window.descendant(withIdentifier: "rooms.wrapper") != nil))
        }
        try app.replay(
            #"{"events":[{"at":0.1,"type":"inspect","mode":"3d"},{"at":0.3,"type":"key","key":"enter"},"#
                + #"{"at":1.5,"type":"key","key":"escape"},{"at":2.6,"type":"quit"}]}"#)
        let end = try #require(frames.firstIndex { !$0.transitioning }, "the close ends before 2.6 s")
        #expect(end > 0 && end + 15 < frames.count)
        // From the transition's last frame to the stack at rest a quarter of a second later: the
        // first frame after it covers well under all of the way (it covered 96 %; the panel
        // shown in its row at once is about half).
        let last = frames[end - 1].pixels
        let whole = Self.distance(last, frames[end + 15].pixels)
        let first = Self.distance(last, frames[end].pixels)
        #expect(whole > 1_000_000, "the room's picture moves from the top of the stack into its row")
        #expect(Double(first) < 0.75 * Double(whole), "first frame: \(first) of \(whole)")
        // And it keeps going: the next frames still change.
        #expect(Self.distance(frames[end].pixels, frames[end + 2].pixels) > whole / 10)
    }

    /// Where a transition's views hand over to the view they stood for at the same place (the
    /// icon's zoom ending on the page), the slab stays as it is: fading one out while the other
    /// faded in turned it pale for a few frames (the page's orange at 230, 197, 173) where the
    /// scene showed no change.
    @Test func aHandOverInPlaceDoesNotDip() throws {
        let app = try HeadlessApp(scene: .icons, drawing: .everyFrame)
        defer { app.finish() }
        var samples: [(time: Double, r: UInt8, g: UInt8, b: UInt8)] = []
        app.host.frameObserver = { phase in
            guard phase == .drawn, app.clock.now > 0.75, let pixels = app.backend.readPixels() else { return }
            let pixel = pixels.pixel(x: 180, y: 450)
            samples.append((app.clock.now, pixel.r, pixel.g, pixel.b))
        }
        try app.replay(
            #"{"events":[{"at":0.1,"type":"inspect","mode":"3d","yaw":-30,"pitch":20},"#
                + #"{"at":0.3,"type":"key","key":"enter"},{"at":1.2,"type":"quit"}]}"#)
        let settled = try #require(samples.last)
        #expect(samples.count > 20)
        // The page's orange on the slab, from before the hand-over to after it.
        #expect(settled.r > 150 && settled.g < 110 && settled.b < 40, "\(settled)")
        for sample in samples {
            let off = max(
                abs(Int(sample.r) - Int(settled.r)), abs(Int(sample.g) - Int(settled.g)),
                abs(Int(sample.b) - Int(settled.b)))
            #expect(off <= 12, "at \(sample.time) s the slab reads \(sample.r), \(sample.g), \(sample.b)")
        }
    }
}

/// A view still in the tree but cut away (its parent's clip, the scene's edge) is not placed on the
/// stack; it has not left, and leaves no ghost (the room's rows hung outside its shrinking sheet).
@Test func aViewCutAwayLeavesNoGhost() {
    let kept = NSObject()
    let gone = NSObject()
    let slab = DrawCommand.fill(rect: Rect(x: 0, y: 0, width: 10, height: 10), color: .white, cornerRadius: 0)
    var fading = SlabFading()
    let both = [
        SlabFading.Layer(key: ObjectIdentifier(kept), commands: [slab]),
        SlabFading.Layer(key: ObjectIdentifier(gone), commands: [slab]),
    ]
    _ = fading.compose(both, inTree: [ObjectIdentifier(kept), ObjectIdentifier(gone)], stepping: true)
    let next = fading.compose([], inTree: [ObjectIdentifier(kept)], stepping: true)
    #expect(next.count == 1, "only the view that left the tree fades: \(next.count) commands")
}
