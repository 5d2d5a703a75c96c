import Graphics
import Testing

@testable import Tools

/// Turned slabs are drawn smooth once they hold still, a few at a time, and in strips again the
/// moment they move.
@Suite struct SlabSmoothingTests {
    func slab(id: Int, x: Double = 0, width: Double = 100, height: Double = 100, shear: Double = 0.2) -> DrawCommand {
        let picture = LayerPicture(
            id: id, contentSize: Size(width: width, height: height),
            commands: [.fill(rect: Rect(x: 0, y: 0, width: width, height: height), color: .white, cornerRadius: 0)])
        let rect = Rect(x: x, y: 0, width: width, height: height)
        return .shearedLayer(picture, destination: rect, shown: rect, shear: shear, alpha: 1)
    }

    func smooth(_ commands: [DrawCommand]) -> [Bool] {
        commands.map { command in
            if case .transformed(let drawing) = command { return drawing.resampled }
            return false
        }
    }

    @Test func aSlabHeldStillIsSmoothFromItsSecondFrameAndNotWhenItMoves() {
        var smoothing = SlabSmoothing()
        #expect(smooth(smoothing.apply(to: [slab(id: 1)], stepping: true)) == [false])
        #expect(smooth(smoothing.apply(to: [slab(id: 1)], stepping: true)) == [true])
        #expect(smooth(smoothing.apply(to: [slab(id: 1)], stepping: true)) == [true])
        #expect(smooth(smoothing.apply(to: [slab(id: 1, shear: 0.25)], stepping: true)) == [false], "turned")
        #expect(smooth(smoothing.apply(to: [slab(id: 1, shear: 0.25)], stepping: true)) == [true])
    }

    @Test func slabsSettlingTogetherAreSmoothedAFewAFrame() {
        var smoothing = SlabSmoothing()
        // Six slabs of 300×300 points (90,000 each): three fit a frame's budget.
        let stack = (0..<6).map { slab(id: $0, x: Double($0) * 10, width: 300, height: 300) }
        _ = smoothing.apply(to: stack, stepping: true)
        #expect(smooth(smoothing.apply(to: stack, stepping: true)) == [true, true, true, false, false, false])
        #expect(smooth(smoothing.apply(to: stack, stepping: true)) == [true, true, true, true, true, true])
    }

    @Test func aSecondLookAtAFrameKeepsItsDecisions() {
        var smoothing = SlabSmoothing()
        _ = smoothing.apply(to: [slab(id: 1)], stepping: true)
        #expect(smooth(smoothing.apply(to: [slab(id: 1)], stepping: false)) == [false], "not a frame of its own")
        #expect(smooth(smoothing.apply(to: [slab(id: 1)], stepping: true)) == [true])
        #expect(smooth(smoothing.apply(to: [slab(id: 1)], stepping: false)) == [true])
    }

    @Test func aFillIsNeverResampled() {
        var smoothing = SlabSmoothing()
        let fill = DrawCommand.shearedFill(rect: Rect(x: 0, y: 0, width: 10, height: 10), shear: 0.2, color: .white)
        _ = smoothing.apply(to: [fill], stepping: true)
        #expect(smooth(smoothing.apply(to: [fill], stepping: true)) == [false])
    }
}
