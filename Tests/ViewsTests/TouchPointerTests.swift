import Graphics
import Platform
import Testing

@testable import Views

/// Fingers as one pointer: the first down starts it, the last up ends it, the centroid moves it,
/// and a finger put down or lifted mid-drag moves nothing; a cancel cancels.
@MainActor
@Suite struct TouchPointerTests {
    func touch(_ phase: TouchEvent.Phase, _ id: Int, _ x: Double, _ y: Double) -> TouchEvent {
        TouchEvent(phase: phase, id: id, location: Point(x: x, y: y), time: 0)
    }

    @Test func twoFingersMakeOneSequenceThatNeverJumps() {
        let fingers = TouchPointer()
        #expect(fingers.pointerEvents(for: touch(.down, 0, 100, 100)).map(\.phase) == [.down])
        #expect(fingers.pointerEvents(for: touch(.move, 0, 110, 100)).map(\.location) == [Point(x: 110, y: 100)])
        // A second finger far away: no event, and the pointer stays at 110.
        #expect(fingers.pointerEvents(for: touch(.down, 1, 300, 500)).isEmpty)
        // Both move 10 right: the pointer moves 10 right.
        _ = fingers.pointerEvents(for: touch(.move, 0, 120, 100))
        #expect(fingers.pointerEvents(for: touch(.move, 1, 310, 500)).map(\.location) == [Point(x: 120, y: 100)])
        // The first lifts: still one sequence, nothing moves; the second moving moves it 1:1.
        #expect(fingers.pointerEvents(for: touch(.up, 0, 120, 100)).isEmpty)
        #expect(fingers.pointerEvents(for: touch(.move, 1, 330, 520)).map(\.location) == [Point(x: 140, y: 120)])
        #expect(fingers.pointerEvents(for: touch(.up, 1, 330, 520)).map(\.phase) == [.up])
        #expect(!fingers.isTouching)
    }

    @Test func aCancelledTouchCancelsTheSequence() {
        let fingers = TouchPointer()
        _ = fingers.pointerEvents(for: touch(.down, 3, 10, 10))
        _ = fingers.pointerEvents(for: touch(.move, 3, 40, 10))
        #expect(fingers.pointerEvents(for: touch(.cancel, 3, 40, 10)).map(\.phase) == [.cancel])
        #expect(fingers.pointerEvents(for: touch(.up, 3, 40, 10)).isEmpty, "nothing left to lift")
    }

    @Test func aFingerDownAgainEndsTheSequenceItsLostLiftLeftOpen() {
        let fingers = TouchPointer()
        _ = fingers.pointerEvents(for: touch(.down, 0, 10, 10))
        _ = fingers.pointerEvents(for: touch(.move, 0, 50, 10))
        let again = fingers.pointerEvents(for: touch(.down, 0, 200, 200))
        #expect(again.map(\.phase) == [.up, .down])
        #expect(again.map(\.location) == [Point(x: 50, y: 10), Point(x: 200, y: 200)])
    }

    /// Two fingers moving 10 pt while one of them lifts, in one frame: the pointer moves 10 pt
    /// once, whichever the system listed first.
    @Test(arguments: [false, true])
    func aFramesTouchesCountTheSameInAnyOrder(reversed: Bool) {
        let fingers = TouchPointer()
        _ = fingers.pointerEvents(for: [touch(.down, 0, 100, 100)])
        _ = fingers.pointerEvents(for: [touch(.down, 1, 300, 500)])
        var frame = [touch(.move, 0, 100, 110), touch(.up, 1, 300, 510)]
        if reversed { frame.reverse() }
        let events = fingers.pointerEvents(for: frame)
        #expect(events.map(\.phase) == [.move])
        #expect(events.map(\.location) == [Point(x: 100, y: 110)])
        #expect(fingers.pointerEvents(for: [touch(.move, 0, 100, 120)]).map(\.location) == [Point(x: 100, y: 120)])
    }

    /// A quick tap comes as a down and an up in one frame: both count, the sequence ends.
    @Test func aTapWithinOneFrameIsADownAndAnUp() {
        let fingers = TouchPointer()
        let events = fingers.pointerEvents(for: [touch(.down, 4, 80, 90), touch(.up, 4, 80, 90)])
        #expect(events.map(\.phase) == [.down, .up])
        #expect(!fingers.isTouching)
    }

    /// A pan under way when its touch is cancelled ends as cancelled, and a tap never fires.
    @Test func aCancelEndsAPanAsCancelledAndATapNeverFires() {
        let window = Window(size: Size(width: 300, height: 300))
        let view = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(view)
        var states: [GestureState] = []
        var taps = 0
        let pan = PanGestureRecognizer { states.append($0.state) }
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(TapGestureRecognizer { recognizer in if recognizer.state == .ended { taps += 1 } })
        window.send(PointerEvent(phase: .down, location: Point(x: 50, y: 50), time: 0))
        window.send(PointerEvent(phase: .move, location: Point(x: 90, y: 50), time: 0.1))
        window.send(PointerEvent(phase: .cancel, location: Point(x: 90, y: 50), time: 0.2))
        #expect(states.last == .cancelled, "\(states)")
        window.send(PointerEvent(phase: .down, location: Point(x: 50, y: 50), time: 1))
        window.send(PointerEvent(phase: .cancel, location: Point(x: 50, y: 50), time: 1.05))
        #expect(taps == 0)
    }
}
