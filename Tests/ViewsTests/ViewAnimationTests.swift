import KitTestSupport
import Motion
import Platform
import Testing

@testable import Graphics
@testable import Views

@MainActor
@Suite(.serialized) struct ViewAnimationTests {
    @Test func drawingAndHitTestingSeeThePresentationWhileTheModelIsAlreadyThere() {
        let driver = FrameDriver()
        let box = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        box.backgroundColor = .black
        driver.window.addSubview(box)
        View.animate(duration: 1, curve: .linear, changes: { box.center = Point(x: 250, y: 50) })
        #expect(box.center == Point(x: 250, y: 50))
        #expect(box.presented.center == Point(x: 50, y: 50))
        driver.run(seconds: 0.5)
        #expect(abs(box.frameInRoot.minX - 100) < 1e-9)
        #expect(driver.window.hitTest(Point(x: 120, y: 50)) === box)
        #expect(driver.window.hitTest(Point(x: 20, y: 50)) === driver.window)
        let list = DisplayListBuilder().build(driver.window)
        #expect(
            list.commands.last
                == .fill(rect: Rect(x: 100, y: 0, width: 100, height: 100), color: .black, cornerRadius: 0))
        driver.run(seconds: 0.6)
        #expect(box.presentation == nil)
    }

    @Test func springWithDampingSevenTenthsOvershootsAndSettlesOnTime() {
        let driver = FrameDriver()
        let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        driver.window.addSubview(box)
        var finished: Bool?
        View.animate(
            duration: 0.6, dampingRatio: 0.7, changes: { box.center = Point(x: 105, y: 5) },
            completion: { finished = $0 })
        var furthest = 0.0
        for _ in 0..<36 {
            driver.step()
            furthest = max(furthest, box.presented.center.x)
        }
        // 100 pt of travel overshoots by about 4.6 pt; by 0.6 s it is home and the completion ran.
        #expect(furthest > 108 && furthest < 110)
        driver.step()
        #expect(box.presented.center.x == 105)
        #expect(finished == true)
    }

    @Test func aCriticallyDampedSpringNeverPassesItsTarget() {
        let driver = FrameDriver()
        let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        driver.window.addSubview(box)
        View.animate(duration: 0.6, dampingRatio: 1, changes: { box.center = Point(x: 105, y: 5) })
        var furthest = 0.0
        for _ in 0..<40 {
            driver.step()
            furthest = max(furthest, box.presented.center.x)
        }
        #expect(furthest <= 105)
    }

    @Test func initialVelocityOneCoversTheDistanceInASecondAtFirst() {
        let driver = FrameDriver()
        let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        driver.window.addSubview(box)
        View.animate(duration: 0.6, dampingRatio: 1, initialVelocity: 1, changes: { box.center = Point(x: 205, y: 5) })
        let velocity = driver.animator.velocity(of: box, .center)
        #expect(abs(velocity[0] - 200) < 1e-6)
    }

    @Test func fadingAlphaAndColourAnimateToo() {
        let driver = FrameDriver()
        let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        box.backgroundColor = .black
        driver.window.addSubview(box)
        View.animate(
            duration: 1, curve: .linear,
            changes: {
                box.alpha = 0
                box.backgroundColor = .white
                box.cornerRadius = 5
            })
        driver.run(seconds: 0.5)
        #expect(abs(box.presented.alpha - 0.5) < 1e-9)
        #expect(abs((box.presented.backgroundColor?.red ?? 0) - 0.5) < 1e-9)
        #expect(abs(box.presented.cornerRadius - 2.5) < 1e-9)
    }

    @Test func aCustomProgressRelaysOutItsViewEveryFrame() {
        final class Gauge: View {
            lazy var progress = AnimatableValue(0, owner: self) { [weak self] in self?.setNeedsLayout() }
            let needle = View()
            var layouts = 0
            override func layoutSubviews() {
                layouts += 1
                needle.frame = Rect(x: progress.presented * 100, y: 0, width: 2, height: 10)
            }
        }
        let driver = FrameDriver()
        let gauge = Gauge(frame: Rect(x: 0, y: 0, width: 100, height: 10))
        gauge.addSubview(gauge.needle)
        driver.window.addSubview(gauge)
        driver.step()
        let before = gauge.layouts
        View.animate(duration: 0.5, curve: .linear, changes: { gauge.progress.value = 1 })
        driver.run(seconds: 0.25)
        #expect(abs(gauge.needle.frame.minX - 50) < 1e-6)
        #expect(gauge.layouts - before >= 15)
    }

    @Test func recognizersOnAViewBeingAnimatedOutDoNotFire() {
        let driver = FrameDriver()
        let button = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        driver.window.addSubview(button)
        var taps = 0
        button.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        driver.step([PointerEvent(phase: .down, location: Point(x: 50, y: 50), time: driver.time)])
        button.isUserInteractionEnabled = false  // a transition takes the view away mid-tap
        driver.step([PointerEvent(phase: .up, location: Point(x: 50, y: 50), time: driver.time)])
        #expect(taps == 0)
    }

    @Test func panVelocityAndIncrementalTranslation() {
        let driver = FrameDriver()
        let sheet = View(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        driver.window.addSubview(sheet)
        var translations: [Point] = []
        var endVelocity = Point.zero
        let pan = PanGestureRecognizer { recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return }
            translations.append(pan.translation(in: nil))
            pan.setTranslation(.zero, in: nil)
            if pan.state == .ended { endVelocity = pan.velocity(in: nil) }
        }
        sheet.addGestureRecognizer(pan)
        driver.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 220), frames: 6)
        // Began at rest; at once the rest of the move that crossed the 10 pt slop (20 − 10); then
        // each 20 pt move: the pieces add up to the drag less the slop, never more behind.
        #expect(translations.first == .zero)
        #expect(abs(translations[1].y - 10) < 1e-9)
        #expect(translations.dropFirst(2).allSatisfy { abs($0.y - 20) < 1e-9 || $0.y == 0 })
        #expect(abs(translations.reduce(0) { $0 + $1.y } - 110) < 1e-9)
        #expect(abs(endVelocity.y - 1200) < 1e-6)
    }
}

/// Content is laid out in the bounds on screen, not the model's: a picture or a line of text in a
/// view whose frame grows grows and moves with it, frame by frame, as UIKit's layer contents do.
@MainActor
@Suite struct ContentFollowsPresentedBoundsTests {
    /// Square pictures of 100 px, text at the estimate's widths.
    final class SquarePictures: ContentMetrics {
        let text = EstimatedContentMetrics()
        func width(of string: String, font: Font) -> Double { text.width(of: string, font: font) }
        func lineHeight(of font: Font) -> Double { text.lineHeight(of: font) }
        func size(of image: ImageRef) -> Size? { Size(width: 100, height: 100) }
    }

    @Test func aPictureGrowsWithItsFrameEveryFrameNotAtOnce() {
        let clock = ManualClock()
        let window = Window(
            size: Size(width: 400, height: 400), animator: Animator(clock: clock), metrics: SquarePictures())
        let icon = ImageView(image: ImageRef("icon"), contentMode: .scaleAspectFit)
        icon.frame = Rect(x: 10, y: 10, width: 50, height: 50)
        window.addSubview(icon)
        View.animate(
            duration: 1, curve: .linear, changes: { icon.frame = Rect(x: 100, y: 100, width: 120, height: 120) })
        var drawn: [Rect] = []
        for frame in 0...4 {
            clock.set(to: Double(frame) / 4)
            window.animator.tick()
            let list = DisplayListBuilder().build(window)
            for case .image(_, _, let destination, _, _) in list.commands { drawn.append(destination) }
            #expect(drawn.last == icon.frameInRoot, "frame \(frame): the picture fills the frame on screen")
        }
        #expect(drawn.map(\.width) == [50, 67.5, 85, 102.5, 120])
    }

    @Test func centredTextStaysCentredInAFrameThatMoves() {
        let clock = ManualClock()
        let window = Window(size: Size(width: 400, height: 400), animator: Animator(clock: clock))
        let label = Label(text: "Hi", alignment: .center)
        label.frame = Rect(x: 0, y: 0, width: 100, height: 40)
        window.addSubview(label)
        window.layoutIfNeeded()
        View.animate(duration: 1, curve: .linear, changes: { label.frame = Rect(x: 0, y: 0, width: 300, height: 40) })
        clock.set(to: 0.5)
        window.animator.tick()
        let list = DisplayListBuilder().build(window)
        let texts = list.commands.compactMap { command -> Rect? in
            if case .text(_, _, _, let rect, _) = command { return rect }
            return nil
        }
        let shown = label.frameInRoot
        #expect(texts.count == 1 && abs((texts.first?.midX ?? 0) - shown.midX) < 1e-9, "\(texts) in \(shown)")
    }
}
