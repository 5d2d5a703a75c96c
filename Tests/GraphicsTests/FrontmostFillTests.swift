import Testing

@testable import Graphics

/// What a status bar reads as lying under its clock: the frontmost fill there.
@Suite struct FrontmostFillTests {
    let orange = Color(red: 0.7, green: 0.33, blue: 0.04)

    @Test func theFrontmostOpaqueFillWinsAndTranslucentOnesAreSeenThrough() {
        let commands: [DrawCommand] = [
            .fill(rect: Rect(x: 0, y: 0, width: 390, height: 844), color: .white, cornerRadius: 0),
            .fill(rect: Rect(x: 100, y: 0, width: 200, height: 40), color: orange, cornerRadius: 0),
            .fill(rect: Rect(x: 0, y: 0, width: 390, height: 20), color: Color(white: 0, alpha: 0.2), cornerRadius: 0),
        ]
        #expect(FrontmostFill.colour(at: Point(x: 195, y: 10), in: commands) == orange)
        #expect(FrontmostFill.colour(at: Point(x: 50, y: 10), in: commands) == .white)
    }

    @Test func aCirclesCornersAreNotItsColour() {
        let circle: [DrawCommand] = [
            .fill(rect: Rect(x: 0, y: 0, width: 100, height: 100), color: orange, cornerRadius: 50)
        ]
        #expect(FrontmostFill.colour(at: Point(x: 50, y: 50), in: circle) == orange)
        #expect(FrontmostFill.colour(at: Point(x: 8, y: 8), in: circle) == nil)
    }

    @Test func aPictureInFrontHasNoOneColourAndALayerIsLookedInto() {
        let picture: [DrawCommand] = [
            .fill(rect: Rect(x: 0, y: 0, width: 100, height: 100), color: .white, cornerRadius: 0),
            .image(
                ImageRef("room"), source: .zero, destination: Rect(x: 0, y: 0, width: 50, height: 50), cornerRadius: 0,
                alpha: 1),
        ]
        #expect(FrontmostFill.colour(at: Point(x: 10, y: 10), in: picture) == nil)
        let layer: [DrawCommand] = [
            .layer(
                id: 1, destination: Rect(x: 0, y: 0, width: 50, height: 50), contentSize: Size(width: 100, height: 100),
                commands: [.fill(rect: Rect(x: 0, y: 0, width: 100, height: 20), color: orange, cornerRadius: 0)],
                alpha: 1)
        ]
        #expect(FrontmostFill.colour(at: Point(x: 20, y: 5), in: layer) == orange)
        #expect(FrontmostFill.colour(at: Point(x: 20, y: 15), in: layer) == nil)
    }
}
