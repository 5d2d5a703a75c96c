import Graphics
import Testing

@testable import PlatformSDL
@testable import Rendering

/// An idle window draws nothing; anything that may change what it shows draws again.
@Suite struct RedrawGateTests {
    let screen = DisplayList(
        commands: [.fill(rect: Rect(x: 0, y: 0, width: 100, height: 100), color: .white, cornerRadius: 0)])
    let moved = DisplayList(
        commands: [.fill(rect: Rect(x: 0, y: 1, width: 100, height: 100), color: .white, cornerRadius: 0)])

    /// Asks the gate about `list` at `epoch` and, when it says draw, tells it the frame was drawn.
    func ask(_ gate: inout RedrawGate, _ list: DisplayList, epoch: Int = 0, pending: Bool = false) -> Bool {
        let draws = gate.shouldDraw(list, contentEpoch: epoch, picturesPending: pending)
        if draws { gate.didDraw(contentEpoch: epoch) }
        return draws
    }

    @Test func theSamePictureIsDrawnOnceAndAChangeDrawsAgain() {
        var gate = RedrawGate()
        var drawn: [Bool] = []
        for list in [screen, screen, screen, moved, moved, screen] {
            drawn.append(ask(&gate, list))
        }
        #expect(drawn == [true, false, false, true, false, true])
    }

    @Test func aPictureComingOrGoingOrAnExposedWindowDrawsTheSameListAgain() {
        var gate = RedrawGate()
        var drawn = [ask(&gate, screen)]
        // A panel's picture decoded and waits to be uploaded: same commands, new pixels.
        drawn.append(ask(&gate, screen, pending: true))
        drawn.append(ask(&gate, screen))
        // A texture was let go or made (the content epoch moved): drawn again, once.
        drawn.append(ask(&gate, screen, epoch: 1))
        drawn.append(ask(&gate, screen, epoch: 1))
        // The window was uncovered or resized: what it showed may be gone.
        gate.invalidate()
        drawn.append(ask(&gate, screen, epoch: 1))
        drawn.append(ask(&gate, screen, epoch: 1))
        #expect(drawn == [true, true, false, true, false, true, false])
    }
}
