import Testing

@testable import Graphics
@testable import Views

@MainActor
@Suite struct ViewGeometryTests {
    @Test func transformScalesAboutTheCentreAsUIKit() {
        let view = View(frame: Rect(x: 100, y: 200, width: 390, height: 844))
        view.transform = AffineTransform(scale: 0.6)
        #expect(view.frame.isClose(to: Rect(x: 178, y: 368.8, width: 234, height: 506.4)))
        #expect(view.center == Point(x: 295, y: 622))
        #expect(view.bounds.size == Size(width: 390, height: 844))
    }

    @Test func convertGoesThroughEveryAncestorTransform() {
        let window = Window(size: Size(width: 400, height: 800))
        let panel = View(frame: Rect(x: 0, y: 0, width: 200, height: 400))
        panel.transform = AffineTransform(scale: 0.5)
        window.addSubview(panel)
        let label = View(frame: Rect(x: 20, y: 40, width: 100, height: 20))
        panel.addSubview(label)
        // Panel's frame is [50, 100, 100, 200]; the label's origin lands at 50 + 20·0.5, 100 + 40·0.5.
        #expect(label.frameInRoot == Rect(x: 60, y: 120, width: 50, height: 10))
        #expect(label.convert(Point(x: 0, y: 0), to: window) == Point(x: 60, y: 120))
        #expect(window.convert(Point(x: 60, y: 120), to: label) == Point(x: 0, y: 0))
        #expect(label.convert(Rect(x: 0, y: 0, width: 100, height: 20), to: panel) == label.frame)
    }

    @Test func boundsOriginScrollsTheContent() {
        let window = Window(size: Size(width: 100, height: 100))
        let scroller = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(scroller)
        scroller.bounds = Rect(x: 0, y: 50, width: 100, height: 100)
        let child = View(frame: Rect(x: 0, y: 60, width: 10, height: 10))
        scroller.addSubview(child)
        #expect(child.frameInRoot.origin == Point(x: 0, y: 10))
    }

    @Test func effectiveAlphaAndHiddenIncludeAncestors() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let child = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        parent.addSubview(child)
        parent.alpha = 0.5
        child.alpha = 0.5
        #expect(child.effectiveAlpha == 0.25)
        parent.isHidden = true
        #expect(child.isEffectivelyHidden)
    }

    @Test func hierarchyEditsKeepOneParent() {
        let a = View()
        let b = View()
        let child = View()
        a.addSubview(child)
        b.addSubview(child)
        #expect(a.subviews.isEmpty)
        #expect(child.superview === b)
        let sibling = View()
        b.insertSubview(sibling, belowSubview: child)
        #expect(b.subviews.first === sibling)
        child.removeFromSuperview()
        #expect(child.superview == nil && b.subviews.count == 1)
    }

    @Test func layoutRunsWhenTheSizeChangesOnly() {
        final class Counting: View {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let view = Counting(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.layoutIfNeeded()
        #expect(view.layouts == 1)
        view.center = Point(x: 50, y: 50)
        view.layoutIfNeeded()
        #expect(view.layouts == 1)
        view.frame = Rect(x: 0, y: 0, width: 20, height: 10)
        view.layoutIfNeeded()
        #expect(view.layouts == 2)
    }
}

extension Rect {
    /// Equal within float noise; frames computed through transforms pick up 1e-14 errors.
    func isClose(to other: Rect, tolerance: Double = 1e-9) -> Bool {
        abs(minX - other.minX) < tolerance && abs(minY - other.minY) < tolerance
            && abs(width - other.width) < tolerance && abs(height - other.height) < tolerance
    }
}
