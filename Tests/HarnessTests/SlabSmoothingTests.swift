import Graphics
import Testing

@testable import Tools

/// Turned slabs are drawn smooth once they have held still a fifth of a second, a few at a time,
/// and in strips again the moment they move.
@Suite struct SlabSmoothingTests {
    func slab(id: Int, x: Double = 0, width: Double = 100, height: Double = 100, shear: Double = 0.2) -> DrawCommand {
        let picture = LayerPicture(
            id: id, contentSize: Size(width: width, height: height),
            commands: [
                .fill(rect: Rect(x: 0, y: 0, width: width, height: height), color: .white, cornerRadius: 0),
                .fill(rect: Rect(x: 10, y: 10, width: 20, height: 2), color: .black, cornerRadius: 0),
            ])
        let rect = Rect(x: x, y: 0, width: width, height: height)
        return .shearedLayer(picture, destination: rect, shown: rect, shear: shear, alpha: 1)
    }

    func smooth(_ commands: [DrawCommand]) -> [Bool] {
        commands.map { command in
            if case .transformed(let drawing) = command { return drawing.resampled }
            return false
        }
    }

    /// The frame on which `commands`, drawn every frame from now, first come out smooth.
    func framesUntilSmooth(_ smoothing: inout SlabSmoothing, _ commands: [DrawCommand]) -> Int? {
        for frame in 0..<60 where smooth(smoothing.apply(to: commands, stepping: true)).allSatisfy({ $0 }) {
            return frame
        }
        return nil
    }

    @Test func aSlabHeldStillIsSmoothAfterAFifthOfASecondAndNotWhenItMoves() {
        var smoothing = SlabSmoothing()
        #expect(framesUntilSmooth(&smoothing, [slab(id: 1)]) == SlabSmoothing.stillFrames)
        #expect(smooth(smoothing.apply(to: [slab(id: 1)], stepping: true)) == [true], "stays smooth")
        #expect(smooth(smoothing.apply(to: [slab(id: 1, shear: 0.25)], stepping: true)) == [false], "turned")
        #expect(framesUntilSmooth(&smoothing, [slab(id: 1, shear: 0.25)]) == SlabSmoothing.stillFrames - 1)
    }

    @Test func aSlabThatMovesNowAndThenIsNeverResampled() {
        var smoothing = SlabSmoothing()
        for frame in 0..<120 {
            let shear = frame % 10 == 0 ? 0.2 + Double(frame) / 1000 : 0.2 + Double(frame / 10 * 10) / 1000
            #expect(smooth(smoothing.apply(to: [slab(id: 1, shear: shear)], stepping: true)) == [false])
        }
    }

    @Test func slabsSettlingTogetherAreSmoothedAFewAFrame() {
        var smoothing = SlabSmoothing()
        // Six slabs of 200×200 points (40,000 each): two fit a frame's budget.
        let stack = (0..<6).map { slab(id: $0, x: Double($0) * 10, width: 200, height: 200) }
        for _ in 0..<SlabSmoothing.stillFrames { _ = smoothing.apply(to: stack, stepping: true) }
        #expect(smooth(smoothing.apply(to: stack, stepping: true)) == [true, true, false, false, false, false])
        #expect(smooth(smoothing.apply(to: stack, stepping: true)) == [true, true, true, true, false, false])
        #expect(smooth(smoothing.apply(to: stack, stepping: true)) == [true, true, true, true, true, true])
    }

    /// Many small slabs coming to rest together (a room's labels) are smoothed a few a frame too,
    /// though all of them would fit the frame's area.
    @Test func manySmallSlabsAreSmoothedAFewAFrame() {
        var smoothing = SlabSmoothing()
        let stack = (0..<20).map { slab(id: $0, x: Double($0) * 10, width: 20, height: 20) }
        for _ in 0..<SlabSmoothing.stillFrames { _ = smoothing.apply(to: stack, stepping: true) }
        let per = SlabSmoothing.slabsPerFrame
        #expect(smooth(smoothing.apply(to: stack, stepping: true)).filter { $0 }.count == per)
        #expect(smooth(smoothing.apply(to: stack, stepping: true)).filter { $0 }.count == 2 * per)
        #expect(smooth(smoothing.apply(to: stack, stepping: true)).allSatisfy { $0 }, "all of them within three frames")
    }

    @Test func aSecondLookAtAFrameKeepsItsDecisions() {
        var smoothing = SlabSmoothing()
        for _ in 0..<SlabSmoothing.stillFrames { _ = smoothing.apply(to: [slab(id: 1)], stepping: true) }
        #expect(smooth(smoothing.apply(to: [slab(id: 1)], stepping: false)) == [false], "not a frame of its own")
        #expect(smooth(smoothing.apply(to: [slab(id: 1)], stepping: true)) == [true])
        #expect(smooth(smoothing.apply(to: [slab(id: 1)], stepping: false)) == [true])
    }

    @Test func aPictureOfOneColourIsNeverResampled() {
        var smoothing = SlabSmoothing()
        let size = Size(width: 50, height: 50)
        let plain = DrawCommand.shearedLayer(
            LayerPicture(
                id: 9, contentSize: size,
                commands: [.fill(rect: Rect(origin: .zero, size: size), color: .white, cornerRadius: 0)]),
            destination: Rect(origin: .zero, size: size), shown: Rect(origin: .zero, size: size), shear: 0.2,
            alpha: 1)
        for _ in 0...SlabSmoothing.stillFrames { _ = smoothing.apply(to: [plain], stepping: true) }
        #expect(smooth(smoothing.apply(to: [plain], stepping: true)) == [false], "it is drawn as a fill")
    }

    @Test func aFillIsNeverResampled() {
        var smoothing = SlabSmoothing()
        let fill = DrawCommand.shearedFill(rect: Rect(x: 0, y: 0, width: 10, height: 10), shear: 0.2, color: .white)
        for _ in 0...SlabSmoothing.stillFrames { _ = smoothing.apply(to: [fill], stepping: true) }
        #expect(smooth(smoothing.apply(to: [fill], stepping: true)) == [false])
    }
}
