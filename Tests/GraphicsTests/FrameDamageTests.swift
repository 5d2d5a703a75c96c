import Graphics
import Rendering
import Testing

/// Where two frames can differ, from their lists: what moved (where it was and where it is), what
/// changed colour, what was drawn in another order or another clip, a group whose alpha changed
/// (all of it) — and nothing where the frames draw the same things in the same order.
@Suite struct FrameDamageTests {
    static let background = DrawCommand.fill(
        rect: Rect(x: 0, y: 0, width: 400, height: 800), color: .white, cornerRadius: 0)
    static let output = Rect(x: 0, y: 0, width: 800, height: 1600)

    static func damage(_ old: [DrawCommand], _ new: [DrawCommand], scale: Double = 2) -> FrameDamage.Box? {
        func items(_ commands: [DrawCommand]) -> [FrameDamage.Item] {
            FrameDamage.items(of: commands, scale: scale, area: output) { string, _ in (string.count * 10, 20) }
        }
        return FrameDamage.region(from: items(old), to: items(new))
    }

    static func card(_ x: Double, _ y: Double, _ color: Color = .black) -> DrawCommand {
        .fill(rect: Rect(x: x, y: y, width: 50, height: 20), color: color, cornerRadius: 4)
    }

    @Test func theSameListDamagesNothing() {
        let list = [Self.background, Self.card(10, 10), Self.card(100, 300)]
        #expect(Self.damage(list, list) == nil)
    }

    @Test func aMovedCardDamagesWhereItWasAndWhereItIs() throws {
        let box = try #require(
            Self.damage(
                [Self.background, Self.card(10, 10), Self.card(100, 300)],
                [Self.background, Self.card(10, 40), Self.card(100, 300)]))
        // Points 10…60 × 10…60 at 2×, grown by the margin for antialiasing; the card at 300 untouched.
        #expect(box.minX <= 20 && box.maxX >= 120 && box.minY <= 20 && box.maxY >= 120)
        #expect(box.maxX <= 124 && box.maxY <= 124 && box.minX >= 16 && box.minY >= 16)
    }

    @Test func aColourChangeDamagesTheCardOnly() throws {
        let box = try #require(
            Self.damage([Self.background, Self.card(100, 300)], [Self.background, Self.card(100, 300, .systemBlue)]))
        #expect(box.minX >= 196 && box.maxX <= 304 && box.minY >= 596 && box.maxY <= 644)
    }

    @Test func twoOverlappingCardsSwappedDamageTheirPlace() throws {
        let a = Self.card(10, 10, .black)
        let b = Self.card(30, 15, .systemBlue)
        let box = try #require(Self.damage([Self.background, a, b], [Self.background, b, a]))
        // Where they overlap (60…120 × 30…60 px) the other one is on top now; elsewhere each
        // covers what it covered.
        #expect(box.minX <= 60 && box.maxX >= 120 && box.minY <= 30 && box.maxY >= 60)
    }

    @Test func aClipThatChangesDamagesWhatItHolds() throws {
        let inside = Self.card(10, 10)
        let old: [DrawCommand] = [
            Self.background, .pushClip(Rect(x: 0, y: 0, width: 40, height: 40)), inside, .popClip,
        ]
        let new: [DrawCommand] = [
            Self.background, .pushClip(Rect(x: 0, y: 0, width: 60, height: 60)), inside, .popClip,
        ]
        let box = try #require(Self.damage(old, new))
        #expect(box.maxX >= 120)
        // Moved out of the clip: where it now shows whole.
        let freed = try #require(
            Self.damage(old, [Self.background, .pushClip(Rect(x: 0, y: 0, width: 40, height: 40)), .popClip, inside]))
        #expect(freed.maxX >= 120 && freed.maxY >= 60)
    }

    @Test func aGroupWhoseAlphaChangesDamagesAllOfIt() throws {
        func group(_ alpha: Double) -> [DrawCommand] {
            [
                Self.background, .beginGroup(bounds: Rect(x: 0, y: 0, width: 200, height: 300), alpha: alpha),
                Self.card(10, 10), .endGroup,
            ]
        }
        let box = try #require(Self.damage(group(1), group(0.5)))
        #expect(box.minX <= 0 && box.maxX >= 400 && box.maxY >= 600)
        #expect(Self.damage(group(0.5), group(0.5)) == nil)
    }

    @Test func textReachesAsFarAsItsPictureNotItsFrame() throws {
        let frame = Rect(x: 10, y: 10, width: 20, height: 10)
        let old = [
            Self.background,
            DrawCommand.text("Hello there", font: Font(size: 17), color: .black, frame: frame, scale: 1),
        ]
        let new = [
            Self.background,
            DrawCommand.text("Hello world", font: Font(size: 17), color: .black, frame: frame, scale: 1),
        ]
        let box = try #require(Self.damage(old, new))
        // 11 characters × 10 px from x = 20 px: past the frame's 60 px.
        #expect(box.maxX >= 130)
    }

    @Test func aShadowReachesItsBlur() throws {
        let shadow = DrawCommand.shadow(
            rect: Rect(x: 100, y: 100, width: 50, height: 50), cornerRadius: 8, blur: 10, color: .black)
        let box = try #require(Self.damage([Self.background], [Self.background, shadow]))
        #expect(box.minX <= 180 && box.maxX >= 320)
    }

    @Test func damageReachingIntoAPictureGrowsToHoldItAndAFillMayBeCut() {
        func items(_ commands: [DrawCommand]) -> [FrameDamage.Item] {
            FrameDamage.items(of: commands, scale: 2, area: Self.output) { _, _ in nil }
        }
        let picture = DrawCommand.image(
            ImageRef("photo"), source: Rect(x: 0, y: 0, width: 1, height: 1),
            destination: Rect(x: 100, y: 100, width: 100, height: 100), cornerRadius: 20, alpha: 1)
        let damage = FrameDamage.Box(minX: 0, minY: 300, maxX: 800, maxY: 340)
        let grown = FrameDamage.grown(damage, toHoldPicturesOf: items([Self.background, picture]))
        // The picture (200…400 px, grown by the margin) lies wholly within it now.
        #expect(grown.minY <= 198 && grown.maxY >= 402 && grown.minX == 0 && grown.maxX == 800)
        // The background fill crosses the damage and is cut: no growth for it.
        #expect(FrameDamage.grown(damage, toHoldPicturesOf: items([Self.background])) == damage)
        // A picture the damage does not touch is left out.
        let apart = FrameDamage.Box(minX: 0, minY: 1000, maxX: 800, maxY: 1040)
        #expect(FrameDamage.grown(apart, toHoldPicturesOf: items([Self.background, picture])) == apart)
    }

    @Test func theLongestRunInOrderKeepsTheMostItems() {
        #expect(FrameDamage.longestIncreasingRun([0, 1, 2, 3]) == [0, 1, 2, 3])
        #expect(FrameDamage.longestIncreasingRun([3, 0, 1, 2]) == [1, 2, 3])
        #expect(FrameDamage.longestIncreasingRun([]).isEmpty)
        #expect(FrameDamage.longestIncreasingRun([2, 1, 0]).count == 1)
    }
}
