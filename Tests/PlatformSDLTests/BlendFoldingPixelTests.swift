import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// A translucent card folded onto the opaque background beneath draws what the card blended over
/// it draws — its rounded corners' antialiased edges too — within the render check's two levels,
/// at 1× to 3×, whatever its alpha; a fill sharing an edge pixel with another is left as it is.
@MainActor
@Suite(.serialized) struct BlendFoldingPixelTests {
    @Test(arguments: [(0.78, 1.0), (0.35, 2.0), (0.82, 2.0), (0.05, 1.0), (0.6, 3.0)])
    func aFoldedCardDrawsWhatTheBlendDraws(alpha: Double, scale: Double) throws {
        let list = DisplayList(
            commands: [
                .fill(rect: Rect(x: 10, y: 0, width: 150, height: 120), color: Color(white: 0.11), cornerRadius: 0),
                .pushClip(Rect(x: 10, y: 0, width: 150, height: 120)),
                .fill(
                    rect: Rect(x: 20.5, y: 12, width: 120.3, height: 90.6),
                    color: Color(red: 0.08, green: 0.08, blue: 0.3, alpha: alpha), cornerRadius: 10),
                .fill(
                    rect: Rect(x: 40, y: 40, width: 60, height: 4), color: Color(white: 1, alpha: 0.3), cornerRadius: 2),
                // A nub sharing the card's last column of pixels (a battery's): not folded onto
                // the background, since that pixel holds the card's edge beneath it.
                .fill(
                    rect: Rect(x: 140.85, y: 40, width: 3, height: 20), color: Color(white: 0, alpha: alpha),
                    cornerRadius: 1),
                .popClip,
            ], clearColor: .white)
        let difference = try HeadlessBackend.difference(
            of: list, drawnWith: [.foldBlends], size: Size(width: 160, height: 120), scale: scale)
        #expect(difference <= 2, "folded differs by \(difference) at alpha \(alpha), \(scale)×")
    }
}
