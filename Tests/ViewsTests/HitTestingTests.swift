import Platform
import Testing

@testable import Graphics
@testable import Views

@MainActor
@Suite struct HitTestingTests {
    func makeTree() -> (Window, View, View) {
        let window = Window(size: Size(width: 300, height: 300))
        let back = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let front = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(back)
        window.addSubview(front)
        return (window, back, front)
    }

    @Test func frontMostViewWins() {
        let (window, back, front) = makeTree()
        #expect(window.hitTest(Point(x: 150, y: 150)) === front)
        #expect(window.hitTest(Point(x: 50, y: 50)) === back)
        #expect(window.hitTest(Point(x: 250, y: 20)) === window)
    }

    @Test func hiddenTransparentAndNonInteractiveViewsLetThePointerThrough() {
        let (window, back, front) = makeTree()
        front.isHidden = true
        #expect(window.hitTest(Point(x: 150, y: 150)) === back)
        front.isHidden = false
        front.alpha = 0.005
        #expect(window.hitTest(Point(x: 150, y: 150)) === back)
        front.alpha = 1
        front.isUserInteractionEnabled = false
        #expect(window.hitTest(Point(x: 150, y: 150)) === back)
    }

    @Test func hitTestingFollowsTheTransform() {
        let (window, back, front) = makeTree()
        front.transform = AffineTransform(scale: 0.5)  // now covers 125…175
        #expect(window.hitTest(Point(x: 110, y: 110)) === back)
        #expect(window.hitTest(Point(x: 130, y: 130)) === front)
    }

    @Test func tapFiresOnlyWhenThePointerStaysPut() {
        let (window, _, front) = makeTree()
        var taps = 0
        front.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        window.send(PointerEvent(phase: .down, location: Point(x: 150, y: 150), time: 0))
        window.send(PointerEvent(phase: .move, location: Point(x: 154, y: 152), time: 0.05))
        window.send(PointerEvent(phase: .up, location: Point(x: 154, y: 152), time: 0.1))
        #expect(taps == 1)
        // A drag of more than 10 pt is not a tap, even if it returns to where it started.
        window.send(PointerEvent(phase: .down, location: Point(x: 150, y: 150), time: 1))
        window.send(PointerEvent(phase: .move, location: Point(x: 170, y: 150), time: 1.05))
        window.send(PointerEvent(phase: .move, location: Point(x: 150, y: 150), time: 1.1))
        window.send(PointerEvent(phase: .up, location: Point(x: 150, y: 150), time: 1.15))
        #expect(taps == 1)
    }

    @Test func tapOnAnAncestorSeesTouchesOnItsChildren() {
        let (window, back, _) = makeTree()
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        back.addSubview(child)
        var taps = 0
        back.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        window.send(PointerEvent(phase: .down, location: Point(x: 15, y: 15), time: 0))
        window.send(PointerEvent(phase: .up, location: Point(x: 15, y: 15), time: 0.02))
        #expect(taps == 1)
    }
}
