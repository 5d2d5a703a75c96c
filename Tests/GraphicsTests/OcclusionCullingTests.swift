import Testing

@testable import Graphics
@testable import Rendering

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

    /// A screen not quite full width over a dimming, with a second screen half under it: the
    /// second would cut the dimming's edges into too many slivers, so only the largest cuts — the
    /// dimming is never drawn whole again because of one occluder too many.
    @Test func anOccluderThatWouldSplitAFillTooFinelyIsPassedOver() {
        let front = Rect(x: 1, y: 1, width: 398, height: 798)
        let behind = Rect(x: 0.5, y: 100, width: 399, height: 600)
        let culled = OcclusionCulling.culled(
            [
                .fill(rect: viewport, color: dim, cornerRadius: 0),
                .fill(rect: behind, color: .white, cornerRadius: 0),
                .fill(rect: front, color: .black, cornerRadius: 0),
            ], viewport: viewport)
        #expect(
            culled == [
                .fill(rect: Rect(x: 0, y: 0, width: 400, height: 1), color: dim, cornerRadius: 0),
                .fill(rect: Rect(x: 0, y: 799, width: 400, height: 1), color: dim, cornerRadius: 0),
                .fill(rect: Rect(x: 0, y: 1, width: 1, height: 798), color: dim, cornerRadius: 0),
                .fill(rect: Rect(x: 399, y: 1, width: 1, height: 798), color: dim, cornerRadius: 0),
                // Its left half point rounds to the pixel line the front's edge paints from: no
                // pixel of its own, so no piece.
                .fill(rect: Rect(x: 399, y: 100, width: 0.5, height: 600), color: .white, cornerRadius: 0),
                .fill(rect: front, color: .black, cornerRadius: 0),
            ])
    }

    /// A room's picture under its sheet is drawn whole, never through a clip: a clip across a
    /// scaled picture moves the grid its texels are sampled on (SDL's software renderer blits the
    /// clipped part scaled on its own), and every pixel that shows changes by a few levels, which
    /// the render check catches. A rasterized layer (texels one to one) is still clipped.
    @Test func aPictureUnderASheetIsDrawnWholeButALayerIsClippedToWhatShows() {
        let art = DrawCommand.image(
            ImageRef("art"), source: Rect(x: 0, y: 0, width: 1, height: 1), destination: viewport, cornerRadius: 0,
            alpha: 0.5)
        let sheet = DrawCommand.fill(
            rect: Rect(x: 0, y: 300.4, width: 400, height: 499.6), color: .white, cornerRadius: 0)
        #expect(OcclusionCulling.culled([art, sheet], viewport: viewport) == [art, sheet])
        let panel = DrawCommand.layer(
            id: 1, destination: viewport, contentSize: viewport.size,
            commands: [.fill(rect: viewport, color: .black, cornerRadius: 0)], alpha: 1)
        #expect(
            OcclusionCulling.culled([panel, sheet], viewport: viewport) == [
                .pushClip(Rect(x: 0, y: 0, width: 400, height: 301)), panel, .popClip, sheet,
            ])
        // Entirely under the sheet, the picture is not drawn at all.
        let hidden = DrawCommand.image(
            ImageRef("art"), source: Rect(x: 0, y: 0, width: 1, height: 1),
            destination: Rect(x: 10, y: 400, width: 380, height: 300), cornerRadius: 0, alpha: 1)
        #expect(OcclusionCulling.culled([hidden, sheet], viewport: viewport) == [sheet])
    }

    @Test func aSheetAThirdOfTheWayUpStillHidesThePictureBeneathButASmallCardDoesNot() {
        let art = DrawCommand.image(
            ImageRef("art"), source: Rect(x: 0, y: 0, width: 1, height: 1), destination: viewport, cornerRadius: 0,
            alpha: 1)
        // A room's sheet dragged most of the way down: 300 of 800 pt high, the full width.
        let lowSheet = DrawCommand.fill(
            rect: Rect(x: 0, y: 500, width: 400, height: 300), color: .white, cornerRadius: 0)
        let background = DrawCommand.fill(rect: viewport, color: .black, cornerRadius: 0)
        #expect(
            OcclusionCulling.culled([background, lowSheet], viewport: viewport) == [
                .fill(rect: Rect(x: 0, y: 0, width: 400, height: 500), color: .black, cornerRadius: 0), lowSheet,
            ])
        // Under a fifth of the window high: too small to be worth cutting around.
        let strip = DrawCommand.fill(rect: Rect(x: 0, y: 650, width: 400, height: 150), color: .white, cornerRadius: 0)
        #expect(OcclusionCulling.culled([art, strip], viewport: viewport) == [art, strip])
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

/// Float error is not area: an occluder whose edge lands a hair from the fill's leaves no
/// sliver, which the renderer would draw as a one-pixel hairline across the window.
@Suite struct OcclusionSliverTests {
    @Test func aHoleThatEndsAHairBeforeTheEdgeLeavesNoPiece() {
        let rect = Rect(x: 8.536474597427485, y: 18.49569496109291, width: 372.927050805145, height: 807.0086100778142)
        let hole = Rect(x: 0, y: 161.0, width: 400, height: rect.maxY - 161.0 - 1.1368683772161603e-13)
        let pieces = OcclusionCulling.subtract(hole, from: rect)
        #expect(pieces.count == 1)
        #expect(pieces.allSatisfy { $0.height > 1e-6 && $0.width > 1e-6 })
    }

    /// The dimming view beside a room sprung to within 0.03 pt of the window's edges: wholly
    /// covered, nothing of it is left (a kept 0.03 pt strip at its right edge was drawn as a
    /// one-pixel column past the view's own last column, under the dock).
    @Test(arguments: [1.0, 2.0, 3.0])
    func aDimmingViewUnderARoomLeavesNothing(scale: Double) {
        let dimming = Rect(x: 0, y: 0, width: 390, height: 844)
        let room = Rect(
            x: 0.026376994169140744, y: 0.05715015403313828, width: 389.9472460116617, height: 843.8856996919337)
        #expect(OcclusionCulling.subtract(room, from: dimming, pixelScale: scale).isEmpty)
    }

    /// Whatever rect and hole, at 1×, 2× and 3×: every pixel a piece paints (snapped as the
    /// renderer snaps fills, a sliver one pixel thick) is a pixel the rect paints, and every
    /// pixel the rect paints outside the hole's pixels is painted by a piece.
    @Test func piecesPaintOnlyTheRectsPixelsAndAllOfThoseTheHoleLeaves() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ range: Double) -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53) * range
        }
        func pixels(_ rect: Rect, _ scale: Double) -> Set<[Int]> {
            let x0 = (rect.minX * scale).rounded()
            let y0 = (rect.minY * scale).rounded()
            var x1 = (rect.maxX * scale).rounded()
            var y1 = (rect.maxY * scale).rounded()
            if x1 <= x0 && rect.width > 0 { x1 = x0 + 1 }
            if y1 <= y0 && rect.height > 0 { y1 = y0 + 1 }
            var set = Set<[Int]>()
            for x in Int(x0)..<Int(max(x0, x1)) { for y in Int(y0)..<Int(max(y0, y1)) { set.insert([x, y]) } }
            return set
        }
        for scale in [1.0, 2.0, 3.0] {
            for _ in 0..<300 {
                let rect = Rect(x: next(20), y: next(20), width: 1 + next(30), height: 1 + next(30))
                // Holes whose edges land within a fraction of a point of the rect's.
                let hole = Rect(
                    x: rect.minX + next(2) - 1, y: rect.minY + next(2) - 1, width: rect.width - next(2) + 1,
                    height: rect.height - next(2) + 1)
                let original = pixels(rect, scale)
                let covered = pixels(hole, scale)
                var painted = Set<[Int]>()
                for piece in OcclusionCulling.subtract(hole, from: rect, pixelScale: scale) {
                    painted.formUnion(pixels(piece, scale))
                }
                #expect(painted.isSubset(of: original), "\(rect) − \(hole) at \(scale)×")
                #expect(original.subtracting(covered).isSubset(of: painted), "\(rect) − \(hole) at \(scale)×")
                if !painted.isSubset(of: original) || !original.subtracting(covered).isSubset(of: painted) { return }
            }
        }
    }
}

/// A rounded shape occludes what lies inside its inner rect, never what its corners might show.
@Suite struct RoundedOccluderTests {
    let viewport = Rect(x: 0, y: 0, width: 400, height: 800)

    @Test func aDiscCoveringTheScreenHidesTheMenuBeneathButNotWhatItsEdgeMayShow() {
        let menu = DrawCommand.layer(
            id: 1, destination: Rect(x: 10, y: 20, width: 380, height: 760), contentSize: Size(width: 400, height: 800),
            commands: [.fill(rect: viewport, color: .white, cornerRadius: 0)], alpha: 0.8)
        // The zoom's disc grown past the corners of the window.
        let disc = DrawCommand.fill(
            rect: Rect(x: -400, y: -200, width: 1200, height: 1200), color: .systemBlue, cornerRadius: 600)
        #expect(OcclusionCulling.culled([menu, disc], viewport: viewport) == [disc])
        // A smaller disc hides only what lies well inside it.
        let small = DrawCommand.fill(
            rect: Rect(x: 0, y: 100, width: 400, height: 400), color: .systemBlue, cornerRadius: 200)
        let inside = DrawCommand.text(
            "9:41", font: Font(size: 17), color: .black, frame: Rect(x: 180, y: 290, width: 40, height: 20), scale: 1)
        let nearTheEdge = DrawCommand.text(
            "Words", font: Font(size: 17), color: .black, frame: Rect(x: 40, y: 130, width: 60, height: 20), scale: 1)
        #expect(OcclusionCulling.culled([inside, nearTheEdge, small], viewport: viewport) == [nearTheEdge, small])
        // A translucent disc hides nothing.
        let faint = DrawCommand.fill(
            rect: Rect(x: -400, y: -200, width: 1200, height: 1200), color: Color.systemBlue.withAlpha(0.5),
            cornerRadius: 600)
        #expect(OcclusionCulling.culled([menu, faint], viewport: viewport) == [menu, faint])
    }
}
