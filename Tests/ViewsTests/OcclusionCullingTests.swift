import Graphics
import Testing

@testable import Views

/// What a screen covers is not drawn: the cull keeps the picture and drops the pixels beneath.
@MainActor
@Suite struct OcclusionCullingTests {
    let viewport = Rect(x: 0, y: 0, width: 400, height: 800)
    let dim = Color(white: 0, alpha: 0.5)

    @Test func aSheetLeavesOnlyTheUncoveredBandOfTheDimmingBeneath() {
        let culled = OcclusionCulling.culled(
            [
                .fill(rect: viewport, color: .white, cornerRadius: 0),
                .image(
                    ImageRef("art"), source: Rect(x: 0, y: 0, width: 1, height: 1),
                    destination: Rect(x: 20, y: 300, width: 300, height: 300), cornerRadius: 0, alpha: 1),
                .fill(rect: viewport, color: dim, cornerRadius: 0),
                .fill(rect: Rect(x: 0, y: 100, width: 400, height: 700), color: .white, cornerRadius: 0),
            ], viewport: viewport)
        #expect(
            culled == [
                .fill(rect: Rect(x: 0, y: 0, width: 400, height: 100), color: .white, cornerRadius: 0),
                .fill(rect: Rect(x: 0, y: 0, width: 400, height: 100), color: dim, cornerRadius: 0),
                .fill(rect: Rect(x: 0, y: 100, width: 400, height: 700), color: .white, cornerRadius: 0),
            ])
    }

    @Test func translucentFillsAndFillsInGroupsHideNothing() {
        let commands: [DrawCommand] = [
            .fill(rect: viewport, color: .white, cornerRadius: 0),
            .fill(rect: viewport, color: dim, cornerRadius: 0),
            .beginGroup(bounds: viewport, alpha: 0.5),
            .fill(rect: viewport, color: .black, cornerRadius: 0),
            .endGroup,
        ]
        #expect(OcclusionCulling.culled(commands, viewport: viewport) == commands)
    }

    /// A fading screen (a group) whose content view covers its own background: the background is
    /// not drawn into the group, and a sheet drawn after the group hides the group's lower part.
    @Test func insideAGroupAnOpaqueFillHidesWhatTheGroupDrewBeforeIt() {
        let screen = Rect(x: 40, y: 40, width: 320, height: 720)
        let culled = OcclusionCulling.culled(
            [
                .fill(rect: viewport, color: .white, cornerRadius: 0),
                .beginGroup(bounds: screen, alpha: 0.4),
                .fill(rect: screen, color: .white, cornerRadius: 0),
                .fill(rect: screen, color: .black, cornerRadius: 0),
                .text(
                    "low", font: .system(17), color: .white, frame: Rect(x: 60, y: 700, width: 40, height: 20), scale: 1
                ),
                .endGroup,
                .fill(rect: Rect(x: 0, y: 300, width: 400, height: 500), color: .white, cornerRadius: 0),
            ], viewport: viewport)
        #expect(
            culled == [
                .fill(rect: Rect(x: 0, y: 0, width: 400, height: 300), color: .white, cornerRadius: 0),
                .beginGroup(bounds: screen, alpha: 0.4),
                .fill(rect: Rect(x: 40, y: 40, width: 320, height: 260), color: .black, cornerRadius: 0),
                .endGroup,
                .fill(rect: Rect(x: 0, y: 300, width: 400, height: 500), color: .white, cornerRadius: 0),
            ])
    }

    @Test func aCoveredGroupGoesWholeAndAClipLimitsWhatAFillHides() {
        let culled = OcclusionCulling.culled(
            [
                .beginGroup(bounds: Rect(x: 10, y: 10, width: 100, height: 100), alpha: 0.5),
                .fill(rect: Rect(x: 10, y: 10, width: 100, height: 100), color: .black, cornerRadius: 0),
                .endGroup,
                .text(
                    "hi", font: .system(17), color: .black, frame: Rect(x: 10, y: 600, width: 40, height: 20), scale: 1),
                .pushClip(Rect(x: 0, y: 0, width: 400, height: 500)),
                .fill(rect: viewport, color: .white, cornerRadius: 0),
                .popClip,
            ], viewport: viewport)
        #expect(
            culled == [
                .text(
                    "hi", font: .system(17), color: .black, frame: Rect(x: 10, y: 600, width: 40, height: 20), scale: 1),
                .pushClip(Rect(x: 0, y: 0, width: 400, height: 500)),
                .fill(rect: viewport, color: .white, cornerRadius: 0),
                .popClip,
            ])
    }
}
