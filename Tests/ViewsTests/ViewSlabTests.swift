import KitTestSupport
import Testing

@testable import Graphics
@testable import Views

/// The inspector's slabs carry each view's own drawing in the view's own coordinates: a view that
/// moves or scales keeps the same picture (as a rasterized layer does), and its frame says where
/// the picture goes.
@MainActor
@Suite struct ViewSlabTests {
    @Test func aScaledOrMovedViewKeepsItsPictureAndItsFrameFollows() {
        let root = Window(size: Size(width: 200, height: 200))
        let card = View(frame: Rect(x: 10, y: 20, width: 80, height: 40))
        card.backgroundColor = .black
        card.cornerRadius = 6
        root.addSubview(card)
        func slab() -> ViewSlab? { DisplayListBuilder().slabs(of: root).first { $0.view === card } }
        let before = slab()
        #expect(before?.size == Size(width: 80, height: 40))
        #expect(
            before?.commands == [.fill(rect: Rect(x: 0, y: 0, width: 80, height: 40), color: .black, cornerRadius: 6)])
        card.transform = AffineTransform(scale: 0.5)
        card.center.x += 30
        let after = slab()
        #expect(after?.commands == before?.commands, "the same picture, scaled and moved")
        #expect(after?.frame.width == 40 && after?.frame.height == 20, "\(String(describing: after?.frame))")
        #expect(after?.size == Size(width: 80, height: 40))
    }
}
