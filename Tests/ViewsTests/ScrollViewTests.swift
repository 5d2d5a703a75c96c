import KitTestSupport
import Motion
import Platform
import Testing

@testable import Graphics
@testable import Views

@MainActor
final class SnapToHundreds: ScrollViewDelegate {
    var velocities: [Point] = []
    func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Point, targetContentOffset: inout Point) {
        velocities.append(velocity)
        targetContentOffset.y = (targetContentOffset.y / 100).rounded() * 100
    }
}

@MainActor
@Suite(.serialized) struct ScrollViewTests {
    func makeList(_ driver: FrameDriver, height: Double = 5000) -> ScrollView {
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        scroll.contentSize = Size(width: 390, height: height)
        driver.window.addSubview(scroll)
        driver.window.layoutIfNeeded()
        return scroll
    }

    @Test func contentFollowsThePointerOneToOneInTheSameFrame() {
        let driver = FrameDriver()
        let scroll = makeList(driver)
        driver.step([PointerEvent(phase: .down, location: Point(x: 200, y: 600), time: 0.016)])
        // Past the 10 pt slop: the pan begins here, and the content trails the finger by the slop
        // and no more — from this very frame (the 20 pt move less the 10 pt slop).
        driver.step([PointerEvent(phase: .move, location: Point(x: 200, y: 580), time: 0.033)])
        #expect(scroll.contentOffset.y == 10)
        driver.step([PointerEvent(phase: .move, location: Point(x: 200, y: 530), time: 0.05)])
        #expect(scroll.contentOffset.y == 60)
        driver.step([PointerEvent(phase: .move, location: Point(x: 200, y: 517), time: 0.066)])
        #expect(scroll.contentOffset.y == 73)
    }

    /// Let go where the last move did not reach (a mouse released past its last motion event,
    /// a scripted drag's last step): the content is at the release point in the frame of the
    /// release, not a step behind it, and glides on from there.
    @Test func contentReachesTheReleasePointInTheFrameItIsLetGo() {
        let driver = FrameDriver()
        let scroll = makeList(driver, height: 20_000)
        driver.step([PointerEvent(phase: .down, location: Point(x: 200, y: 700), time: driver.time)])
        driver.step([PointerEvent(phase: .move, location: Point(x: 200, y: 680), time: driver.time)])
        driver.step([PointerEvent(phase: .move, location: Point(x: 200, y: 640), time: driver.time)])
        #expect(scroll.contentOffset.y == 50)
        driver.step([PointerEvent(phase: .up, location: Point(x: 200, y: 600), time: driver.time)])
        // 100 pt from the down point, less the 10 pt slop; the glide starts after this frame.
        #expect(scroll.contentOffset.y >= 90)
        #expect(scroll.isDecelerating)
        let released = scroll.contentOffset.y
        driver.step([])
        #expect(scroll.contentOffset.y > released)
    }

    /// A finger lifted early in a frame: the glide starts when it left, so the frame that handles
    /// the release has already glided for the rest of that frame (it moved only the finger's
    /// part-frame, and the content trailed the finger by half a frame for the whole glide).
    @Test func aFingerLiftedEarlyInAFrameGlidesForTheRestOfIt() {
        let driver = FrameDriver()
        let scroll = makeList(driver, height: 20_000)
        driver.step([PointerEvent(phase: .down, location: Point(x: 200, y: 700), time: driver.time + 1.0 / 60)])
        for step in 1...6 {
            driver.step([
                PointerEvent(
                    phase: .move, location: Point(x: 200, y: 700 - Double(step) * 30), time: driver.time + 1.0 / 60)
            ])
        }
        // 30 pt a frame; lifted a tenth of a frame after the last move, 3 pt on.
        let lifted = driver.time + 0.1 / 60
        driver.step([PointerEvent(phase: .up, location: Point(x: 200, y: 517), time: lifted)])
        // The finger's 183 pt less the slop, and then nine tenths of a frame of gliding at about
        // 30 pt a frame.
        #expect(scroll.contentOffset.y > 173 + 20)
        #expect(scroll.contentOffset.y < 173 + 30)
    }

    @Test func aFlingDeceleratesToUIKitsProjection() {
        let driver = FrameDriver()
        let scroll = makeList(driver, height: 20_000)
        driver.drag(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), frames: 10)  // 300 pt in 1/6 s
        let released = scroll.contentOffset.y
        #expect(scroll.isDecelerating)
        driver.run(seconds: 6)
        #expect(!scroll.isDecelerating)
        // The release velocity (from the tracker's last 100 ms) is 1800 pt/s: it travels v/1000·r/(1−r).
        let expected = released + DecayMotion.projectedDistance(velocity: 1800)
        #expect(abs(scroll.contentOffset.y - expected) < 1)
    }

    @Test func pullingPastTheTopRubberBandsAndSpringsBack() {
        let driver = FrameDriver()
        let scroll = makeList(driver)
        driver.step([PointerEvent(phase: .down, location: Point(x: 200, y: 100), time: driver.time)])
        driver.step([PointerEvent(phase: .move, location: Point(x: 200, y: 111), time: driver.time)])
        driver.step([PointerEvent(phase: .move, location: Point(x: 200, y: 311), time: driver.time)])
        // 201 pt of finger past the slop (211 less 10) shows as (1 − 1/(201·0.55/844 + 1))·844.
        let expected = -(1 - 1 / (201 * 0.55 / 844 + 1)) * 844
        #expect(abs(scroll.contentOffset.y - expected) < 1e-9)
        driver.run(seconds: 0.3)
        driver.step([PointerEvent(phase: .up, location: Point(x: 200, y: 311), time: driver.time)])
        driver.run(seconds: 1.5)
        #expect(scroll.contentOffset.y == 0)
        #expect(!scroll.isDecelerating)
    }

    @Test func aDelegateTargetIsReachedExactlyAndSmoothly() {
        let driver = FrameDriver()
        let scroll = makeList(driver)
        let snapper = SnapToHundreds()
        scroll.delegate = snapper
        driver.drag(from: Point(x: 200, y: 700), to: Point(x: 200, y: 620), frames: 8)
        var previous = scroll.contentOffset.y
        var biggestStep = 0.0
        for _ in 0..<180 {
            driver.step()
            biggestStep = max(biggestStep, abs(scroll.contentOffset.y - previous))
            previous = scroll.contentOffset.y
        }
        #expect(scroll.contentOffset.y.truncatingRemainder(dividingBy: 100) == 0)
        #expect(scroll.contentOffset.y > 80)
        #expect(biggestStep < 15)  // no jump: it decelerates there
        #expect(snapper.velocities.first.map { $0.y > 0 } == true)
    }

    @Test func pagingMovesOnePageForAFlickAndSnapsBackForASlowDrag() {
        let driver = FrameDriver()
        let scroll = makeList(driver, height: 844 * 5)
        scroll.isPagingEnabled = true
        driver.drag(from: Point(x: 200, y: 700), to: Point(x: 200, y: 600), frames: 6)
        driver.run(seconds: 2)
        #expect(scroll.contentOffset.y == 844)
        driver.drag(from: Point(x: 200, y: 700), to: Point(x: 200, y: 500), frames: 30, pauseBeforeRelease: 12)
        driver.run(seconds: 2)
        #expect(scroll.contentOffset.y == 844)
    }

    @Test func aNewTouchCatchesADeceleratingViewWhereItIs() {
        let driver = FrameDriver()
        let scroll = makeList(driver, height: 20_000)
        driver.drag(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), frames: 10)
        driver.run(seconds: 0.2)
        let before = scroll.contentOffset.y
        driver.step([PointerEvent(phase: .down, location: Point(x: 200, y: 500), time: driver.time)])
        #expect(!scroll.isDecelerating)
        let caught = scroll.contentOffset.y
        driver.run(seconds: 0.5)
        #expect(scroll.contentOffset.y == caught)
        #expect(caught == before)  // caught where it was drawn: no jump
    }

    @Test func theWheelScrollsAndSettles() {
        let driver = FrameDriver()
        let scroll = makeList(driver)
        for _ in 0..<5 {
            driver.window.sendWheel(delta: Point(x: 0, y: -40), at: Point(x: 200, y: 400), time: driver.time)
            driver.step()
        }
        #expect(scroll.contentOffset.y == 200)
        // When the wheel pauses it is released like a fling (200 pt over 5 frames) and decelerates.
        driver.run(seconds: 6)
        #expect(!scroll.isDecelerating)
        #expect(scroll.contentOffset.y > 200)
    }

    /// A mouse-wheel notch moves the content by its own distance and rests there, as desktop
    /// toolkits do; it is not thrown like a fling (it once glided on to 240 pt for 3.9 s).
    @Test func oneWheelNotchMovesItsOwnDistanceAndRests() {
        let driver = FrameDriver()
        let scroll = makeList(driver)
        driver.window.sendWheel(delta: Point(x: 0, y: -40), at: Point(x: 200, y: 400), time: driver.time)
        driver.run(seconds: 0.5)
        #expect(scroll.contentOffset.y == 40)
        #expect(scroll.phase == .idle)
    }

    /// Notches taken one by one (a tenth of a second apart) add up and do not coast either.
    @Test func notchesOneByOneAddUpWithoutCoasting() {
        let driver = FrameDriver()
        let scroll = makeList(driver)
        for _ in 0..<3 {
            driver.window.sendWheel(delta: Point(x: 0, y: -40), at: Point(x: 200, y: 400), time: driver.time)
            driver.run(seconds: 0.1)
        }
        driver.run(seconds: 0.5)
        #expect(scroll.contentOffset.y == 120)
        #expect(scroll.phase == .idle)
    }

    /// Slowed ten times, the wheel still lets go after its real-time pause: only the motion
    /// after it is slowed (it once stayed frozen for 18 s, its pause measured on the slow clock).
    @Test func theWheelsPauseIsRealTimeWhileAnimationIsSlowed() {
        let driver = FrameDriver(slowdown: 10)
        let scroll = makeList(driver)
        for _ in 0..<5 {
            driver.window.sendWheel(delta: Point(x: 0, y: -40), at: Point(x: 200, y: 400), time: driver.time)
            driver.step()
        }
        driver.run(seconds: 0.3)
        #expect(scroll.phase == .decelerating, "released after 0.12 s of real time")
        let released = scroll.contentOffset.y
        driver.run(seconds: 0.5)
        #expect(scroll.contentOffset.y > released, "coasting on, slowly")
    }

    /// Paused, the wheel still lets go after its pause: two notches half a second apart are two
    /// bursts, not one slow one (which, released on resume, paged a row back where it started).
    @Test func theWheelLetsGoWhileTheLabIsPaused() {
        let driver = FrameDriver(slowdown: 1)
        driver.motionClock?.pause()
        let scroll = makeList(driver)
        driver.window.sendWheel(delta: Point(x: 0, y: -40), at: Point(x: 200, y: 400), time: driver.time)
        driver.run(seconds: 0.3)
        #expect(scroll.phase == .idle, "a notch rests where it moved the content, paused or not")
        driver.window.sendWheel(delta: Point(x: 0, y: -40), at: Point(x: 200, y: 400), time: driver.time)
        driver.run(seconds: 0.3)
        #expect(scroll.phase == .idle)
        #expect(scroll.contentOffset.y == 80)
    }

    @Test func anInnerHorizontalScrollerLeavesVerticalDragsToItsContainer() {
        let driver = FrameDriver()
        let outer = makeList(driver)
        let inner = ScrollView(frame: Rect(x: 0, y: 100, width: 390, height: 200))
        inner.contentSize = Size(width: 2000, height: 200)
        outer.addSubview(inner)
        driver.window.layoutIfNeeded()
        driver.drag(from: Point(x: 200, y: 250), to: Point(x: 200, y: 150), frames: 5, pauseBeforeRelease: 12)
        #expect(inner.contentOffset == .zero)
        // The first 20 pt move crosses the 10 pt slop and starts the pan; it trails by the slop.
        #expect(outer.contentOffset.y == 90)
        driver.drag(from: Point(x: 300, y: 200), to: Point(x: 100, y: 200), frames: 5, pauseBeforeRelease: 12)
        #expect(inner.contentOffset.x == 190)
    }

    @Test func anEdgePanWinsOverAScrollViewFromTheEdge() {
        let driver = FrameDriver()
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        scroll.contentSize = Size(width: 3000, height: 844)
        driver.window.addSubview(scroll)
        driver.window.layoutIfNeeded()
        var edgeStates: [GestureState] = []
        let edge = ScreenEdgePanGestureRecognizer { edgeStates.append($0.state) }
        driver.window.addGlobalRecognizer(edge, on: driver.window)
        driver.drag(from: Point(x: 5, y: 400), to: Point(x: 200, y: 400), frames: 6)
        #expect(edgeStates.first == .began && edgeStates.last == .ended)
        #expect(scroll.contentOffset.x == 0)
        // Away from the edge the scroll view gets the drag.
        driver.drag(from: Point(x: 300, y: 400), to: Point(x: 100, y: 400), frames: 6)
        #expect(scroll.contentOffset.x > 0)
    }
}

@MainActor
@Suite(.serialized) struct ScrollPhaseTests {
    /// One phase at a time: tracking under the finger, decelerating after a fling, wheel during a
    /// burst, animating for an offset set in code, idle at rest.
    @Test func thePhaseFollowsWhatMovesTheContent() {
        let driver = FrameDriver()
        let scroll = ScrollView(frame: driver.window.bounds)
        scroll.contentSize = Size(width: 390, height: 5000)
        driver.window.addSubview(scroll)
        driver.step()
        #expect(scroll.phase == .idle)
        driver.step([PointerEvent(phase: .down, location: Point(x: 200, y: 600), time: driver.time + 1.0 / 60)])
        driver.step([PointerEvent(phase: .move, location: Point(x: 200, y: 500), time: driver.time + 1.0 / 60)])
        #expect(scroll.phase == .tracking)
        driver.step([PointerEvent(phase: .move, location: Point(x: 200, y: 300), time: driver.time + 1.0 / 60)])
        driver.step([PointerEvent(phase: .up, location: Point(x: 200, y: 250), time: driver.time + 1.0 / 60)])
        #expect(scroll.phase == .decelerating)
        driver.run(seconds: 6)
        #expect(scroll.phase == .idle)
        #expect(scroll.scrollWheel(delta: Point(x: 0, y: -40), time: driver.time))
        #expect(scroll.phase == .wheel)
        driver.run(seconds: 3)
        #expect(scroll.phase == .idle)
        scroll.setContentOffset(Point(x: 0, y: 1000), animated: true)
        #expect(scroll.phase == .animating)
        driver.run(seconds: 0.5)
        #expect(scroll.phase == .idle && scroll.contentOffset.y == 1000)
    }
}

/// An owner that takes every downward movement offered and gives it back on the way up.
@MainActor
final class SheetLikeOwner: ScrollDragHandoff {
    var displacement = 0.0
    var endedWith: Double?

    func scrollView(_ scrollView: ScrollView, handOff dy: Double, contentAtTop: Bool) -> Double {
        let used = max(dy, -displacement)
        displacement += used
        return used
    }

    func scrollViewHandoffIsHolding(_ scrollView: ScrollView) -> Bool { displacement > 0 }

    func scrollView(_ scrollView: ScrollView, endHandoffWithVelocity velocity: Double) {
        endedWith = velocity
        displacement = 0
    }
}

@MainActor
@Suite(.serialized) struct ScrollDragHandoffTests {
    /// Down from 100 pt into the content: the first 100 pt scroll it to its top, the rest goes to
    /// the owner; back up, the owner gives its part back before the content scrolls again.
    @Test func aDragPastTheTopIsHandedToTheOwnerAndBack() {
        let driver = FrameDriver()
        let scroll = ScrollView(frame: driver.window.bounds)
        scroll.contentSize = Size(width: 390, height: 3000)
        scroll.contentOffset = Point(x: 0, y: 100)
        let owner = SheetLikeOwner()
        scroll.dragHandoff = owner
        driver.window.addSubview(scroll)
        driver.step()
        let t = { driver.time + 1.0 / 60 }
        driver.step([PointerEvent(phase: .down, location: Point(x: 200, y: 200), time: t())])
        for y in stride(from: 220.0, through: 460, by: 20) {
            driver.step([PointerEvent(phase: .move, location: Point(x: 200, y: y), time: t())])
        }
        // 250 pt past the slop (260 less 10): 100 to the top, 150 to the owner, nothing rubber-banded.
        #expect(scroll.contentOffset.y == 0)
        #expect(owner.displacement == 150)
        for y in stride(from: 440.0, through: 200, by: -20) {
            driver.step([PointerEvent(phase: .move, location: Point(x: 200, y: y), time: t())])
        }
        #expect(owner.displacement == 0)
        // The finger ends 10 pt above where the pan's translation began (y 210): 10 pt further on.
        #expect(scroll.contentOffset.y == 110)
        driver.step([PointerEvent(phase: .up, location: Point(x: 200, y: 200), time: t())])
        #expect(owner.endedWith == nil)
    }
}
