import Testing

@testable import Graphics

@Suite struct GeometryTests {
    @Test func rectContainsIsHalfOpenSoAdjacentRowsNeverShareAPoint() {
        let upper = Rect(x: 0, y: 0, width: 100, height: 76)
        let lower = Rect(x: 0, y: 76, width: 100, height: 76)
        let boundary = Point(x: 50, y: 76)
        #expect(!upper.contains(boundary))
        #expect(lower.contains(boundary))
    }

    @Test func intersectionAndUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
    }

    @Test func transformConcatenationAppliesSelfFirst() {
        let scaleThenMove = AffineTransform(scale: 2).concatenating(AffineTransform(translationX: 10, y: 0))
        #expect(scaleThenMove.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 2))
        let moveThenScale = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scale: 2))
        #expect(moveThenScale.apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 2))
    }

    @Test func inverseUndoesTheTransform() throws {
        let t = AffineTransform(scaleX: 0.6, y: 0.8).concatenating(AffineTransform(translationX: -40, y: 12))
        let inverse = try #require(t.inverted)
        let p = Point(x: 123, y: -45)
        let back = inverse.apply(to: t.apply(to: p))
        #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        #expect(AffineTransform(scale: 0).inverted == nil)
    }

    @Test func transformedRectIsTheBoundingBox() {
        let rect = Rect(x: -50, y: -25, width: 100, height: 50)
        #expect(AffineTransform(scale: 0.5).apply(to: rect) == Rect(x: -25, y: -12.5, width: 50, height: 25))
    }

    @Test func colorBytesRoundAndClamp() {
        let bytes = Color(red: 0.655, green: 0.737, blue: 0.835, alpha: 0.8).rgba8
        #expect(bytes.0 == 167 && bytes.1 == 188 && bytes.2 == 213 && bytes.3 == 204)
        #expect(Color(red: 2, green: -1, blue: 0.5).rgba8.0 == 255)
        #expect(Color(hex: 0x007AFF) == Color(red: 0, green: 122.0 / 255, blue: 1))
    }
}
