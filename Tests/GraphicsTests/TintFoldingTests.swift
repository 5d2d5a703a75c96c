import Testing

@testable import Graphics
@testable import Rendering

/// A tint over a picture over a background becomes a background of the blend and the picture
/// blended once: one full-size blended pass fewer, the same pixels.
@Suite struct TintFoldingTests {
    static let base = Rect(x: 10, y: 20, width: 300, height: 400)
    static let background = Color(red: 0.42, green: 0.5, blue: 0.6, alpha: 1)
    static let tint = Color(red: 0.655, green: 0.737, blue: 0.835, alpha: 0.8)
    static let art = ImageRef("room-trail")

    func folded(_ commands: [DrawCommand]) -> [DrawCommand] {
        TintFolding.folded(commands, isOpaqueImage: { _ in true })
    }

    @Test func theTintFoldsIntoTheBackgroundAndThePicture() throws {
        let result = folded([
            .fill(rect: Self.base, color: Self.background, cornerRadius: 0),
            .image(
                Self.art, source: Rect(x: 0, y: 0, width: 1, height: 1), destination: Self.base, cornerRadius: 0,
                alpha: 1),
            .fill(rect: Self.base, color: Self.tint, cornerRadius: 0),
        ])
        #expect(result.count == 2)
        // Over a fully shown picture the background becomes the tint's colour, the picture shows
        // through at what the tint leaves of it.
        guard case .fill(_, let colour, _) = result[0], case .image(_, _, _, _, let alpha) = result[1] else {
            Issue.record("not folded: \(result)")
            return
        }
        #expect(abs(colour.red - Self.tint.red) < 1e-9 && colour.isOpaque)
        #expect(abs(alpha - 0.2) < 1e-9)
    }

    @Test func aPictureClippedToWhatShowsOfItUnderASheetStillFolds() {
        // What occlusion culling leaves when a sheet covers the lower part: background and tint
        // cut to the part that shows, the picture clipped around it (rounded out to whole points).
        let shown = Rect(x: 10, y: 20, width: 300, height: 180.4)
        let result = folded([
            .fill(rect: shown, color: Self.background, cornerRadius: 0),
            .pushClip(Rect(x: 0, y: 0, width: 390, height: 844)),
            .pushClip(Rect(x: 10, y: 20, width: 300, height: 181)),
            .image(
                Self.art, source: Rect(x: 0, y: 0, width: 1, height: 1), destination: Self.base, cornerRadius: 0,
                alpha: 1),
            .popClip,
            .fill(rect: shown, color: Self.tint, cornerRadius: 0),
            .popClip,
        ])
        #expect(result.count == 6)
        #expect(!result.contains(.fill(rect: shown, color: Self.tint, cornerRadius: 0)))
    }

    /// Background and tint over `rect`, the whole art between them, inside `clip` if given.
    func pattern(over rect: Rect, clip: Rect?) -> [DrawCommand] {
        let art = DrawCommand.image(
            Self.art, source: Rect(x: 0, y: 0, width: 1, height: 1), destination: Self.base, cornerRadius: 0, alpha: 1)
        return [.fill(rect: rect, color: Self.background, cornerRadius: 0)]
            + (clip.map { [.pushClip($0), art, .popClip] } ?? [art])
            + [.fill(rect: rect, color: Self.tint, cornerRadius: 0)]
    }

    @Test func aPictureSpillingBeyondTheBackgroundWithoutAClipDoesNotFold() {
        let shown = Rect(x: 10, y: 20, width: 300, height: 180)
        let spilling = pattern(over: shown, clip: nil)
        #expect(folded(spilling) == spilling)
        // Nor one whose clip reaches well past the background.
        let wide = pattern(over: shown, clip: Rect(x: 10, y: 20, width: 300, height: 260))
        #expect(folded(wide) == wide)
        // Nor one clipped to less than the background (the rest of it would lose its picture).
        let narrow = pattern(over: shown, clip: Rect(x: 10, y: 20, width: 300, height: 179.5))
        #expect(folded(narrow) == narrow)
        // Clipped to just around it, it folds.
        #expect(folded(pattern(over: shown, clip: Rect(x: 10, y: 20, width: 300, height: 180.5))).count == 4)
    }
}
