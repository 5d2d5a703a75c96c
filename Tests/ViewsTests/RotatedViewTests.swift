import Foundation
import KitTestSupport
import Testing

@testable import Graphics
@testable import Views

/// A view with a rotation is drawn turned (its subtree as one picture under its transform, not
/// its bounding box) and takes the pointer only where it is drawn.
@MainActor
@Suite struct RotatedViewTests {
    func scene(angle: Double = 15) -> (Window, View, View) {
        let window = Window(size: Size(width: 300, height: 300))
        window.backgroundColor = .white
        let card = View(frame: Rect(x: 100, y: 120, width: 100, height: 60))
        card.backgroundColor = .systemBlue
        let badge = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        badge.backgroundColor = .black
        card.addSubview(badge)
        card.transform = Graphics.AffineTransform(rotationAngle: angle * Double.pi / 180)
        window.addSubview(card)
        return (window, card, badge)
    }

    @Test func aTurnedViewIsOnePictureOfItsSubtreeUnderItsTransform() throws {
        let (window, card, _) = scene()
        let list = DisplayListBuilder().build(window)
        #expect(list.commands.count == 2, "the window's fill, then the card: \(list.commands)")
        guard case .transformed(let drawing) = try #require(list.commands.last),
            case .picture(let picture, let alpha) = drawing.content
        else {
            Issue.record("the card is drawn as a transformed picture: \(list.commands)")
            return
        }
        #expect(picture.id == card.renderIdentity && alpha == 1)
        #expect(picture.contentSize == Size(width: 100, height: 60))
        // Its own drawing and the badge's, upright in its own coordinates.
        #expect(
            picture.commands == [
                .fill(rect: Rect(x: 0, y: 0, width: 100, height: 60), color: .systemBlue, cornerRadius: 0),
                .fill(rect: Rect(x: 10, y: 10, width: 20, height: 20), color: .black, cornerRadius: 0),
            ])
        // Its corners land where UIKit puts them: turned 15° about the centre (150, 150).
        let corner = drawing.transform.apply(to: Point(x: 0, y: 0))
        let (cosine, sine) = (cos(Double.pi / 12), sin(Double.pi / 12))
        #expect(abs(corner.x - (150 - 50 * cosine + 30 * sine)) < 1e-9)
        #expect(abs(corner.y - (150 - 50 * sine - 30 * cosine)) < 1e-9)
    }

    @Test func anUprightOrScaledViewStaysPlainRects() {
        let (window, card, _) = scene(angle: 0)
        card.transform = Graphics.AffineTransform(scale: 0.5)
        let list = DisplayListBuilder().build(window)
        #expect(!list.commands.contains { if case .transformed = $0 { true } else { false } })
    }

    /// Points inside the bounding box but outside the turned card reach what is under it.
    @Test func theTurnedCardTakesThePointerOnlyWhereItIsDrawn() {
        let (window, card, badge) = scene(angle: 30)
        #expect(window.hitTest(Point(x: 150, y: 150)) === card)
        // The bounding box's top-left corner area: outside the turned card.
        let box = card.frame
        #expect(window.hitTest(Point(x: box.minX + 3, y: box.minY + 3)) === window)
        // The badge turned with the card: its centre, carried by the card's transform.
        let badgeCentre = card.convert(Point(x: 20, y: 20), to: window)
        #expect(window.hitTest(badgeCentre) === badge)
    }
}
