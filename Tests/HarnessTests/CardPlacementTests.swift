import Graphics
import Testing

@testable import Harness
@testable import Tools

/// Toasts and the keys' hint cover nothing the scene shows to read or press when there is room.
@Suite struct CardPlacementTests {
    let scene = Size(width: 390, height: 844)
    let card = Size(width: 300, height: 30)

    @Test func aFreePlaceIsKept() {
        let frame = CardPlacement.frame(of: card, in: scene, preferredTop: 770, occupied: [])
        #expect(frame == Rect(x: 45, y: 770, width: 300, height: 30))
    }

    /// The modal's Close button lies where the hint goes: the hint moves just above it.
    @Test func aCardMovesToTheNearestPlaceThatCoversNothing() {
        let button = Rect(x: 20, y: 760, width: 350, height: 50)
        let frame = CardPlacement.frame(of: card, in: scene, preferredTop: 770, occupied: [button])
        #expect(!frame.insetBy(dx: -CardPlacement.clearance, dy: -CardPlacement.clearance).intersects(button))
        #expect(frame.maxY <= button.minY && frame.maxY > button.minY - 12)
    }

    /// A toast under the status bar over a bar's back button and title goes below the bar.
    @Test func aToastAtTheTopMovesDownPastTheBar() {
        let back = Rect(x: 16, y: 22, width: 80, height: 30)
        let title = Rect(x: 120, y: 24, width: 150, height: 24)
        let frame = CardPlacement.frame(of: card, in: scene, preferredTop: 26, occupied: [back, title])
        #expect(frame.minY >= 54 && frame.minY <= 64)
    }

    /// Text from top to bottom: the card stays where it is looked for.
    @Test func whereEveryPlaceCoversSomethingTheCardStaysAtItsPlace() {
        let rows = (0..<40).map { Rect(x: 16, y: Double($0) * 21, width: 358, height: 18) }
        let frame = CardPlacement.frame(of: card, in: scene, preferredTop: 770, occupied: rows)
        #expect(frame.minY == 770)
    }
}

extension CardPlacementTests {
    /// A room's page is text from the bar down: the toast leaves the × and the title (controls)
    /// and covers some text below them rather than a button.
    @Test func whereTextIsEverywhereTheCardStillLeavesTheControls() {
        let close = Rect(x: 4, y: 20, width: 44, height: 44)
        let join = Rect(x: 20, y: 196, width: 350, height: 44)
        let rows = (0..<40).map { Rect(x: 16, y: Double($0) * 21, width: 358, height: 18) }
        let frame = CardPlacement.frame(of: card, in: scene, preferredTop: 26, occupied: rows, controls: [close, join])
        #expect(frame.minY >= 64 && frame.maxY <= 196)
    }
}
