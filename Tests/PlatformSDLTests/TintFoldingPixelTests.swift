import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// Folding a tint into the picture beneath draws what the picture and the tint draw one after
/// the other, within the render check's two levels (8-bit blends round at each step, and the
/// fold has one step fewer; it takes off what the left-out blend would have lost, so a shadow's
/// bands — a level off the mesh — over a folded room stay within two as well).
@MainActor
@Suite(.serialized) struct TintFoldingPixelTests {
    @Test(arguments: [(1.0, 0.8), (0.63, 0.35), (0.27, 0.13), (0.9, 0.55), (0.45, 0.71)])
    func aFoldedTintDrawsWhatThePictureAndTheTintDraw(pictureAlpha: Double, tintAlpha: Double) throws {
        let size = Size(width: 160, height: 120)
        let base = Rect(x: 0, y: 0, width: 160, height: 120)
        let list = DisplayList(
            commands: [
                .fill(rect: base, color: Color(red: 0.42, green: 0.5, blue: 0.6, alpha: 1), cornerRadius: 0),
                .image(
                    ImageRef("room-trail"), source: Rect(x: 0, y: 0, width: 1, height: 1), destination: base,
                    cornerRadius: 0, alpha: pictureAlpha),
                .fill(
                    rect: base, color: Color(red: 0.655, green: 0.737, blue: 0.835, alpha: tintAlpha),
                    cornerRadius: 0),
            ], clearColor: .white)
        let difference = try HeadlessBackend.difference(of: list, drawnWith: [.foldTints], size: size)
        #expect(difference <= 2, "folded differs by \(difference) at p \(pictureAlpha), t \(tintAlpha)")
    }

    /// The Rooms detail with its sheet's shadow lying over the folded header (monkey seed
    /// 20261125 in an 844 × 160 window): tint folding and ring pieces together, against neither.
    /// Each was within two levels alone, together three on four rows; now within two.
    @Test(arguments: [0.0, 0.25, 0.5, 0.75, 1.0])
    func aShadowOverAFoldedTintStaysWithinTwoLevels(progress: Double) throws {
        let size = Size(width: 240, height: 160)
        let header = Rect(x: 0, y: 0, width: 240, height: 120)
        let sheet = Rect(x: 0, y: 60.4, width: 240, height: 200)
        let tint = Color(red: 0.655 * 0.8, green: 0.737 * 0.8, blue: 0.835 * 0.8, alpha: 0.8 * (1 - 0.6 * progress))
        let list = DisplayList(
            commands: [
                .fill(rect: header, color: Color(red: 0.12, green: 0.14, blue: 0.2, alpha: 1), cornerRadius: 0),
                .image(
                    ImageRef("room-night-riders"), source: Rect(x: 0, y: 0, width: 1, height: 1),
                    destination: header, cornerRadius: 0, alpha: progress),
                .fill(rect: header, color: tint, cornerRadius: 0),
                .shadow(rect: sheet, cornerRadius: 12, blur: 8, color: Color(red: 0, green: 0, blue: 0, alpha: 0.25)),
                .fill(rect: sheet, color: .white, cornerRadius: 12),
            ], clearColor: .white)
        let difference = try HeadlessBackend.difference(of: list, drawnWith: [.foldTints, .ringPieces], size: size)
        #expect(difference <= 2, "folded under the shadow differs by \(difference) at \(progress)")
    }
}
