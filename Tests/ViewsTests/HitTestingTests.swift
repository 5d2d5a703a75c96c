import KitTestSupport
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

@MainActor
@Suite struct PanStateMachineTests {
    @Test func jitteryCoalescedStreamGoesBeganChangedEnded() {
        let window = Window(size: Size(width: 300, height: 300))
        var states: [GestureState] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        window.addGestureRecognizer(pan)
        window.send(PointerEvent(phase: .down, location: Point(x: 100, y: 100), time: 0))
        // Jitter inside the slop does nothing.
        for (i, dx) in [2.0, -3, 4, -1, 3].enumerated() {
            window.send(PointerEvent(phase: .move, location: Point(x: 100 + dx, y: 100), time: 0.008 * Double(i + 1)))
        }
        #expect(states.isEmpty && pan.state == .possible)
        // Two events in the same millisecond, then steady movement.
        window.send(PointerEvent(phase: .move, location: Point(x: 115, y: 100), time: 0.05))
        window.send(PointerEvent(phase: .move, location: Point(x: 116, y: 100), time: 0.05))
        window.send(PointerEvent(phase: .move, location: Point(x: 130, y: 100), time: 0.066))
        window.send(PointerEvent(phase: .up, location: Point(x: 130, y: 100), time: 0.07))
        // The move that crosses the slop begins it and at once carries the 5 pt past the slop.
        #expect(states == [.began, .changed, .changed, .changed, .ended])
        #expect(pan.state == .possible)  // reset for the next sequence
        #expect(pan.velocity(in: nil).x.isFinite)
    }

    @Test func aHorizontalOnlyPanFailsOnAVerticalDragAndATapFailsOnADrag() {
        let window = Window(size: Size(width: 300, height: 300))
        let pan = PanGestureRecognizer()
        pan.direction = .horizontal
        var tapped = false
        let tap = TapGestureRecognizer { _ in tapped = true }
        window.addGestureRecognizer(pan)
        window.addGestureRecognizer(tap)
        window.send(PointerEvent(phase: .down, location: Point(x: 100, y: 100), time: 0))
        window.send(PointerEvent(phase: .move, location: Point(x: 102, y: 130), time: 0.02))
        #expect(pan.state == .failed)
        #expect(tap.state == .failed)
        window.send(PointerEvent(phase: .up, location: Point(x: 102, y: 130), time: 0.04))
        #expect(!tapped)
    }

    @Test func whenAPanBeginsTheOtherPansFail() {
        let window = Window(size: Size(width: 300, height: 300))
        let child = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(child)
        let inner = PanGestureRecognizer()
        let outer = PanGestureRecognizer()
        child.addGestureRecognizer(inner)
        window.addGestureRecognizer(outer)
        window.send(PointerEvent(phase: .down, location: Point(x: 100, y: 100), time: 0))
        window.send(PointerEvent(phase: .move, location: Point(x: 130, y: 100), time: 0.02))
        // Began, and already carrying the 20 pt past the slop.
        #expect(inner.state == .changed)
        #expect(outer.state == .failed)
    }
}

@MainActor
@Suite(.serialized) struct ArbitrationTests {
    /// A global recognizer that sits on an ancestor of the hit view follows the sequence once (item 8).
    @Test func aGlobalRecognizerOnAnAncestorSeesEachEventOnce() {
        let driver = FrameDriver()
        let container = View(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let child = View(frame: Rect(x: 0, y: 0, width: 390, height: 400))
        container.addSubview(child)
        driver.window.addSubview(container)
        var changes = 0
        let pan = PanGestureRecognizer { recognizer in if recognizer.state == .changed { changes += 1 } }
        driver.window.addGlobalRecognizer(pan, on: container)
        driver.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 220), frames: 6)
        // The first move passes the slop (began, then a change carrying the 10 pt past it); the
        // other five are changes: each event is seen once.
        #expect(changes == 6)
    }

    /// A gate (a running transition) refuses gestures as they would begin, but not one that has begun.
    @Test func aGateRefusesBeginningButNotTracking() {
        let driver = FrameDriver()
        let view = View(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        driver.window.addSubview(view)
        var states: [GestureState] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        view.addGestureRecognizer(pan)
        let gate = ClosedGate()
        driver.window.arbiter.addGate(gate)
        driver.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 200), frames: 4)
        #expect(states.isEmpty)
        driver.window.arbiter.removeGate(gate)
        driver.step([PointerEvent(phase: .down, location: Point(x: 100, y: 100), time: driver.time + 1.0 / 60)])
        driver.step([PointerEvent(phase: .move, location: Point(x: 100, y: 130), time: driver.time + 1.0 / 60)])
        driver.window.arbiter.addGate(gate)
        driver.step([PointerEvent(phase: .move, location: Point(x: 100, y: 160), time: driver.time + 1.0 / 60)])
        driver.step([PointerEvent(phase: .up, location: Point(x: 100, y: 160), time: driver.time + 1.0 / 60)])
        #expect(states == [.began, .changed, .changed, .ended])
    }

    /// A down while another sequence is still down ends the first as if lifted: a pan under way
    /// reports its end instead of being silently reset.
    @Test func aDownWithoutAnUpEndsTheGestureInProgress() {
        let driver = FrameDriver()
        let view = View(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        driver.window.addSubview(view)
        var states: [GestureState] = []
        view.addGestureRecognizer(PanGestureRecognizer { states.append($0.state) })
        driver.step([PointerEvent(phase: .down, location: Point(x: 100, y: 100), time: driver.time + 1.0 / 60)])
        driver.step([PointerEvent(phase: .move, location: Point(x: 100, y: 140), time: driver.time + 1.0 / 60)])
        driver.step([PointerEvent(phase: .down, location: Point(x: 200, y: 100), time: driver.time + 1.0 / 60)])
        #expect(states == [.began, .changed, .ended])
    }
}

@MainActor
final class ClosedGate: GestureGate {
    func allowsBeginning(_ recognizer: GestureRecognizer) -> Bool { false }
}

@MainActor
@Suite(.serialized) struct RecognizerRelationshipTests {
    /// An edge swipe that requires a strip's drag to fail waits while the strip may still win, and
    /// fails when the strip begins; where there is no strip it begins as usual.
    @Test func requireToFailLetsTheOtherRecognizerWin() {
        let driver = FrameDriver()
        let page = View(frame: driver.window.bounds)
        let strip = View(frame: Rect(x: 0, y: 0, width: 20, height: 844))
        page.addSubview(strip)
        driver.window.addSubview(page)
        var edgeStates: [GestureState] = []
        var stripStates: [GestureState] = []
        let edgeSwipe = ScreenEdgePanGestureRecognizer { edgeStates.append($0.state) }
        page.addGestureRecognizer(edgeSwipe)
        let stripPan = PanGestureRecognizer { stripStates.append($0.state) }
        stripPan.direction = .horizontal
        strip.addGestureRecognizer(stripPan)
        edgeSwipe.require(toFail: stripPan)
        driver.drag(from: Point(x: 5, y: 400), to: Point(x: 105, y: 400), frames: 5)
        #expect(stripStates.first == .began && stripStates.last == .ended)
        #expect(edgeStates.isEmpty)
        // With the strip switched off, the same swipe goes to the edge swipe.
        stripPan.isEnabled = false
        driver.drag(from: Point(x: 5, y: 400), to: Point(x: 105, y: 400), frames: 5)
        #expect(edgeStates.first == .began)
    }

    /// A tap on a bar that requires its button's tap to fail: a click on the button is the
    /// button's alone (the button's tap recognizes first, so the bar's fails); a click beside it is
    /// the bar's.
    @Test func aTapThatRequiresAnotherToFailFailsWhenTheOtherRecognizes() {
        let driver = FrameDriver()
        let bar = View(frame: Rect(x: 0, y: 700, width: 390, height: 56))
        let button = Button(title: "Play")
        button.frame = Rect(x: 300, y: 10, width: 60, height: 30)
        bar.addSubview(button)
        driver.window.addSubview(bar)
        var buttonTaps = 0
        var barTaps = 0
        button.onTap = { buttonTaps += 1 }
        let barTap = TapGestureRecognizer { _ in barTaps += 1 }
        bar.addGestureRecognizer(barTap)
        barTap.require(toFail: button.tap)
        func click(_ point: Point) {
            driver.step([PointerEvent(phase: .down, location: point, time: driver.time)])
            driver.step([PointerEvent(phase: .up, location: point, time: driver.time)])
            driver.run(seconds: 0.3)
        }
        click(Point(x: 330, y: 725))
        #expect(buttonTaps == 1 && barTaps == 0)
        click(Point(x: 100, y: 725))
        #expect(buttonTaps == 1 && barTaps == 1)
    }
}

@MainActor
@Suite(.serialized) struct ControlTests {
    /// A button dims while pressed and lets go of it when the pointer slides off; only a tap fires.
    @Test func aButtonShowsItsPressAndFiresOnATap() {
        let driver = FrameDriver()
        var taps = 0
        let button = Button(title: "Open", onTap: { taps += 1 })
        button.frame = Rect(x: 100, y: 100, width: 120, height: 44)
        driver.window.addSubview(button)
        driver.step([PointerEvent(phase: .down, location: Point(x: 150, y: 120), time: driver.time + 1.0 / 60)])
        #expect(button.isPressed)
        #expect(button.titleLabel.alpha < 1)
        driver.step([PointerEvent(phase: .move, location: Point(x: 150, y: 300), time: driver.time + 1.0 / 60)])
        #expect(!button.isPressed)
        driver.step([PointerEvent(phase: .up, location: Point(x: 150, y: 300), time: driver.time + 1.0 / 60)])
        #expect(taps == 0 && button.titleLabel.alpha == 1)
        driver.step([PointerEvent(phase: .down, location: Point(x: 150, y: 120), time: driver.time + 1.0 / 60)])
        driver.step([PointerEvent(phase: .up, location: Point(x: 152, y: 121), time: driver.time + 1.0 / 60)])
        #expect(taps == 1 && !button.isPressed)
    }

    /// In a scroll view a press shows only after the touch has rested ~150 ms (UIKit's
    /// `delaysContentTouches`); a touch that starts a scroll first never shows it; a quick tap
    /// still fires. With the delay switched off the press shows at once.
    @Test func aButtonInAScrollViewShowsItsPressAfterTheContentTouchDelay() {
        let driver = FrameDriver()
        let scrollView = ScrollView()
        scrollView.frame = Rect(x: 0, y: 0, width: 390, height: 600)
        scrollView.contentSize = Size(width: 390, height: 2000)
        var taps = 0
        let button = Button(title: "Join", onTap: { taps += 1 })
        button.frame = Rect(x: 100, y: 100, width: 120, height: 44)
        scrollView.addSubview(button)
        driver.window.addSubview(scrollView)
        let inside = Point(x: 150, y: 120)
        driver.step([PointerEvent(phase: .down, location: inside, time: driver.time + 1.0 / 60)])
        #expect(!button.isPressed)
        for _ in 0..<7 { driver.step() }  // 0.117 s after the down
        #expect(!button.isPressed)
        for _ in 0..<3 { driver.step() }  // 0.167 s
        #expect(button.isPressed)
        driver.step([PointerEvent(phase: .up, location: inside, time: driver.time + 1.0 / 60)])
        #expect(taps == 1 && !button.isPressed)

        var everPressed = false
        let dim = button.tap.onPressChange
        button.tap.onPressChange = { pressed in
            everPressed = everPressed || pressed
            dim?(pressed)
        }
        driver.drag(from: inside, to: Point(x: 150, y: 20), frames: 6, pauseBeforeRelease: 20)
        #expect(!everPressed && taps == 1)

        driver.run(seconds: 2)
        scrollView.contentOffset = .zero
        driver.step()
        driver.step([PointerEvent(phase: .down, location: inside, time: driver.time + 1.0 / 60)])
        driver.step([PointerEvent(phase: .up, location: inside, time: driver.time + 1.0 / 60)])
        #expect(taps == 2)

        scrollView.delaysContentTouches = false
        driver.step([PointerEvent(phase: .down, location: inside, time: driver.time + 1.0 / 60)])
        #expect(button.isPressed)
        driver.step([PointerEvent(phase: .up, location: inside, time: driver.time + 1.0 / 60)])
    }

    /// A tap flips a switch, tells its owner, and slides the thumb across.
    @Test func aSwitchFlipsOnATap() {
        let driver = FrameDriver()
        let toggle = Switch(isOn: false)
        var changes: [Bool] = []
        toggle.onChange = { changes.append($0) }
        toggle.frame = Rect(x: 10, y: 10, width: 51, height: 31)
        driver.window.addSubview(toggle)
        driver.step()
        let thumb = toggle.subviews[0]
        #expect(thumb.frame.minX == 2)
        driver.step([PointerEvent(phase: .down, location: Point(x: 30, y: 25), time: driver.time + 1.0 / 60)])
        driver.step([PointerEvent(phase: .up, location: Point(x: 30, y: 25), time: driver.time + 1.0 / 60)])
        #expect(changes == [true] && toggle.isOn)
        driver.run(seconds: 0.3)
        #expect(thumb.frame.minX == 22)
        #expect(toggle.backgroundColor == Switch.onColor)
    }
}

@MainActor
@Suite(.serialized) struct SliderTests {
    /// Dragging the thumb moves the value continuously; clicking the track jumps to that point;
    /// a nudge moves 1 % of the range; the value never leaves the range.
    @Test func aSliderFollowsTheThumbAndJumpsOnAClick() {
        let driver = FrameDriver()
        let slider = Slider(value: 0.5, range: 0...1)
        slider.frame = Rect(x: 20, y: 100, width: 222, height: Slider.height)
        driver.window.addSubview(slider)
        driver.step()
        var values: [Double] = []
        slider.onChange = { values.append($0) }
        let thumb = slider.convert(slider.thumbCenter, to: nil)
        #expect(abs(thumb.x - (20 + 11 + 100)) < 1e-9)
        driver.drag(from: thumb, to: Point(x: thumb.x + 50, y: thumb.y), frames: 5)
        #expect(values.count >= 4)
        #expect(values == values.sorted())
        #expect(abs(slider.value - 0.75) < 1e-9)
        values = []
        let quarter = Point(x: 20 + 11 + 50, y: 114)
        driver.step([PointerEvent(phase: .down, location: quarter, time: driver.time + 1.0 / 60)])
        driver.step([PointerEvent(phase: .up, location: quarter, time: driver.time + 1.0 / 60)])
        #expect(values.count == 1 && abs(slider.value - 0.25) < 1e-9)
        slider.nudge(by: -0.01)
        #expect(abs(slider.value - 0.24) < 1e-9)
        slider.nudge(by: -5)
        #expect(slider.value == 0)
    }
}
