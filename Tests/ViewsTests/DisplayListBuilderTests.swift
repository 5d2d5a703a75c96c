import KitTestSupport
import Rendering
import Testing

@testable import Graphics
@testable import Views

@MainActor
@Suite struct DisplayListBuilderTests {
    func window() -> Window {
        let window = Window(size: Size(width: 100, height: 100))
        window.backgroundColor = .white
        return window
    }

    @Test func childrenDrawAfterTheirParentInWindowCoordinates() {
        let root = window()
        let box = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        box.backgroundColor = .black
        box.transform = AffineTransform(scale: 0.5)
        root.addSubview(box)
        let list = DisplayListBuilder().build(root)
        #expect(
            list.commands == [
                .fill(rect: Rect(x: 0, y: 0, width: 100, height: 100), color: .white, cornerRadius: 0),
                .fill(rect: Rect(x: 22.5, y: 22.5, width: 25, height: 25), color: .black, cornerRadius: 0),
            ])
    }

    @Test func aFadingViewWithOneDrawingMultipliesItsAlphaInstead() {
        let root = window()
        let parent = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        parent.alpha = 0.5
        let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        child.backgroundColor = Color(white: 0, alpha: 0.8)
        parent.addSubview(child)
        root.addSubview(parent)
        let list = DisplayListBuilder().build(root)
        #expect(
            list.commands.last
                == .fill(
                    rect: Rect(x: 0, y: 0, width: 10, height: 10), color: Color(white: 0, alpha: 0.4), cornerRadius: 0))
        #expect(!list.commands.contains { if case .beginGroup = $0 { return true } else { return false } })
    }

    @Test func aFadingViewWithOverlappingChildrenBecomesOneGroup() {
        let root = window()
        let parent = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        parent.backgroundColor = .black
        parent.alpha = 0.5
        let child = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
        child.backgroundColor = .white
        parent.addSubview(child)
        root.addSubview(parent)
        let list = DisplayListBuilder().build(root)
        #expect(
            Array(list.commands.dropFirst()) == [
                .beginGroup(bounds: Rect(x: 0, y: 0, width: 50, height: 50), alpha: 0.5),
                .fill(rect: Rect(x: 0, y: 0, width: 50, height: 50), color: .black, cornerRadius: 0),
                .fill(rect: Rect(x: 10, y: 10, width: 10, height: 10), color: .white, cornerRadius: 0),
                .endGroup,
            ])
    }

    /// A fading ball with a shadow fades as one picture: its shadow never shows through its fill
    /// (a grey ring inside the modal's fading coach ball).
    @Test func aFadingViewWithAShadowBecomesOneGroup() {
        let root = window()
        let ball = View(frame: Rect(x: 20, y: 20, width: 30, height: 30))
        ball.backgroundColor = .white
        ball.cornerRadius = 15
        ball.shadow = Shadow(opacity: 0.8, radius: 3)
        ball.alpha = 0.5
        root.addSubview(ball)
        let list = DisplayListBuilder().build(root)
        let groups = list.commands.compactMap { command -> Double? in
            if case .beginGroup(_, let alpha) = command { return alpha } else { return nil }
        }
        #expect(groups == [0.5], "one group at the ball's alpha: \(list.commands)")
        let inside = list.commands.drop { if case .beginGroup = $0 { return false } else { return true } }
        #expect(inside.contains { if case .fill(_, .white, _) = $0 { return true } else { return false } })
    }

    @Test func clippingViewsBracketTheirChildrenAndSkipWhatIsOutside() {
        let root = window()
        let clipper = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        clipper.clipsToBounds = true
        let inside = View(frame: Rect(x: 0, y: 0, width: 60, height: 60))
        inside.backgroundColor = .black
        let outside = View(frame: Rect(x: 50, y: 50, width: 5, height: 5))
        outside.backgroundColor = .black
        clipper.addSubview(inside)
        clipper.addSubview(outside)
        root.addSubview(clipper)
        let list = DisplayListBuilder().build(root)
        #expect(
            Array(list.commands.dropFirst()) == [
                .pushClip(Rect(x: 0, y: 0, width: 40, height: 40)),
                .fill(rect: Rect(x: 0, y: 0, width: 60, height: 60), color: .black, cornerRadius: 0),
                .popClip,
            ])
    }

    @Test func hiddenAndInvisibleViewsDrawNothing() {
        let root = window()
        let hidden = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        hidden.backgroundColor = .black
        hidden.isHidden = true
        let invisible = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        invisible.backgroundColor = .black
        invisible.alpha = 0
        root.addSubview(hidden)
        root.addSubview(invisible)
        #expect(DisplayListBuilder().build(root).commands.count == 1)
    }

    @Test func shadowScalesWithTheViewAndSitsBeneathIt() {
        let root = window()
        let card = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        card.backgroundColor = .white
        card.transform = AffineTransform(scale: 0.5)
        card.shadow = Shadow(opacity: 0.3, radius: 2, offset: Point(x: 0, y: 4))
        root.addSubview(card)
        let list = DisplayListBuilder().build(root)
        #expect(
            list.commands[1]
                == .shadow(
                    rect: Rect(x: 10, y: 12, width: 20, height: 20), cornerRadius: 0, blur: 1,
                    color: Color(white: 0, alpha: 0.3)))
        #expect(
            list.commands[2] == .fill(rect: Rect(x: 10, y: 10, width: 20, height: 20), color: .white, cornerRadius: 0))
    }

    /// A scrolled view's own background covers the window exactly wherever it is scrolled to:
    /// mapped through its bounds' centre it came out at ±5.7e-14 on alternate frames of a swipe,
    /// and every frame's damage was the whole window.
    @Test func aScrolledViewsBackgroundStaysOnTheWindowsEdgeAtEveryOffset() {
        let root = window()
        let scrolled = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scrolled.backgroundColor = .black
        root.addSubview(scrolled)
        var offsets = [1088.854901730864, 1070.141887323897, 310.854901730864, -467.145098269136]
        offsets += (0..<400).map { Double($0) * 7.3137 + 0.1 }
        var missed: [Double] = []
        for offset in offsets {
            scrolled.bounds = Rect(x: offset, y: offset / 3, width: 100, height: 100)
            let fills = DisplayListBuilder().build(root).commands.compactMap { command -> Rect? in
                guard case .fill(let rect, .black, _) = command else { return nil }
                return rect
            }
            if fills != [Rect(x: 0, y: 0, width: 100, height: 100)] { missed.append(offset) }
        }
        #expect(missed.isEmpty, "\(missed.count) offsets, first \(missed.prefix(3))")
    }
}

@MainActor
@Suite struct OcclusionTests {
    @Test func aFullScreenOpaqueScreenHidesEverythingBeneathIt() {
        let window = Window(size: Size(width: 100, height: 100))
        let below = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        below.backgroundColor = .black
        let screen = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        screen.backgroundColor = Color(hex: 0x336699)
        let label = View(frame: Rect(x: 5, y: 5, width: 5, height: 5))
        label.backgroundColor = .white
        screen.addSubview(label)
        window.addSubview(below)
        window.addSubview(screen)
        // The builder's list is honest: everything the tree draws.
        #expect(DisplayListBuilder().build(window).commands.count == 4)
        // The renderer's pipeline drops what the screen hides.
        func drawn() -> [DrawCommand] {
            RenderPipeline(options: .cullOccluded).run(
                DisplayListBuilder().build(window), in: PassContext(viewport: window.bounds)
            ).commands
        }
        #expect(drawn().count == 2)
        #expect(
            drawn().first
                == .fill(rect: Rect(x: 0, y: 0, width: 100, height: 100), color: Color(hex: 0x336699), cornerRadius: 0))
        // Translucent or smaller screens hide nothing.
        screen.alpha = 0.99
        #expect(drawn().count > 3)
    }

    /// A snapshot pictures its view even while the view is hidden (a transition hides the real
    /// circle while its copy flies); hidden children stay hidden in the picture.
    @Test func aSnapshotOfAHiddenViewStillShowsIt() {
        let root = Window(size: Size(width: 100, height: 100))
        let circle = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        circle.backgroundColor = .black
        circle.cornerRadius = 20
        let hiddenChild = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        hiddenChild.backgroundColor = .white
        hiddenChild.isHidden = true
        circle.addSubview(hiddenChild)
        root.addSubview(circle)
        circle.isHidden = true
        #expect(DisplayListBuilder().build(root).commands.count == 1)
        #expect(
            circle.snapshot().commands == [
                .fill(rect: Rect(x: 0, y: 0, width: 40, height: 40), color: .black, cornerRadius: 20)
            ])
    }

    /// A bottom-anchored snapshot keeps its picture's bottom on its own bottom edge as it
    /// shrinks, also mid-animation, when the model already holds the final height.
    @Test func aBottomAnchoredSnapshotShowsItsBottomAsItShrinks() {
        let driver = FrameDriver()
        let bar = View(frame: Rect(x: 0, y: 0, width: 100, height: 64))
        bar.backgroundColor = .black
        let title = View(frame: Rect(x: 10, y: 44, width: 80, height: 20))
        title.backgroundColor = .white
        bar.addSubview(title)
        driver.window.addSubview(bar)
        let snapshot = bar.snapshot()
        snapshot.contentAnchor = .bottom
        snapshot.frame = Rect(x: 0, y: 200, width: 100, height: 64)
        driver.window.addSubview(snapshot)
        View.animate(duration: 1, curve: .linear) { snapshot.frame = Rect(x: 0, y: 200, width: 100, height: 0) }
        driver.run(seconds: 0.5)
        // Half way: 32 pt tall, the white title (the picture's bottom 20 pt) at its bottom.
        let commands = DisplayListBuilder().build(driver.window).commands
        let white = commands.compactMap { command -> Rect? in
            if case .fill(let rect, let color, _) = command, color == .white, rect.minY >= 200 { return rect }
            return nil
        }
        #expect(white == [Rect(x: 10, y: 212, width: 80, height: 20)])
    }
}
