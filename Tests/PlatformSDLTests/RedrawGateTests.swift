import Graphics
import Testing

@testable import PlatformSDL

/// An idle window draws nothing; anything that may change what it shows draws again.
@Suite struct RedrawGateTests {
    let screen = DisplayList(
        commands: [.fill(rect: Rect(x: 0, y: 0, width: 100, height: 100), color: .white, cornerRadius: 0)])
    let moved = DisplayList(
        commands: [.fill(rect: Rect(x: 0, y: 1, width: 100, height: 100), color: .white, cornerRadius: 0)])

    @Test func theSamePictureIsDrawnOnceAndAChangeDrawsAgain() {
        var gate = RedrawGate()
        var drawn: [Bool] = []
        for list in [screen, screen, screen, moved, moved, screen] {
            drawn.append(gate.shouldDraw(list, picturesChanged: false))
        }
        #expect(drawn == [true, false, false, true, false, true])
    }

    @Test func anArrivingPictureOrAnExposedWindowDrawsTheSameListAgain() {
        var gate = RedrawGate()
        var drawn = [gate.shouldDraw(screen, picturesChanged: false)]
        // A panel's picture finished decoding: same commands, new pixels.
        drawn.append(gate.shouldDraw(screen, picturesChanged: true))
        drawn.append(gate.shouldDraw(screen, picturesChanged: false))
        // The window was uncovered or resized: what it showed may be gone.
        gate.invalidate()
        drawn.append(gate.shouldDraw(screen, picturesChanged: false))
        drawn.append(gate.shouldDraw(screen, picturesChanged: false))
        #expect(drawn == [true, true, false, true, false])
    }
}
