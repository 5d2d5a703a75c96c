import Testing

@testable import Graphics
@testable import Rendering

/// The passes the renderer runs over a display list: each one switch, each one pure rewrite that
/// draws the same picture, in one order.
@Suite struct RenderPipelineTests {
    let viewport = Rect(x: 0, y: 0, width: 100, height: 200)
    var context: PassContext { PassContext(viewport: viewport) }
    let blue = Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)

    @Test func aFirstOpaqueFillOverTheWholeWindowBecomesTheClearColour() {
        let list = DisplayList(
            commands: [
                .fill(rect: Rect(x: -1, y: -1, width: 102, height: 202), color: blue, cornerRadius: 0),
                .fill(rect: Rect(x: 10, y: 10, width: 10, height: 10), color: .white, cornerRadius: 0),
            ], clearColor: .black)
        let promoted = ClearPromotion().apply(to: list, in: context)
        #expect(promoted.clearColor == blue)
        #expect(promoted.commands == Array(list.commands.dropFirst()))
    }

    /// A scrolled screen's background, placed by the kit's arithmetic a hair to one side (the
    /// noise a panel swipe in Rooms gave, every other frame), paints every pixel the viewport has:
    /// it is promoted, and what lies beneath it is dropped, as for one exactly over the viewport.
    @Test(arguments: [5.684341886080802e-14, -5.684341886080802e-14])
    func aFillOffTheEdgeByRoundingNoiseStillCoversTheViewport(offset: Double) {
        let background = DrawCommand.fill(
            rect: Rect(x: offset, y: 0, width: 100, height: 200), color: blue, cornerRadius: 0)
        let card = DrawCommand.fill(rect: Rect(x: 10, y: 10, width: 10, height: 10), color: .white, cornerRadius: 0)
        let list = DisplayList(commands: [background, card], clearColor: .black)
        #expect(ClearPromotion().apply(to: list, in: context) == DisplayList(commands: [card], clearColor: blue))
        let beneath = DrawCommand.fill(rect: Rect(x: 0, y: 0, width: 50, height: 50), color: .black, cornerRadius: 0)
        #expect(
            OcclusionCulling.droppingCovered([beneath, background, card], viewport: viewport) == [background, card])
    }

    @Test(arguments: [
        DrawCommand.fill(rect: Rect(x: 0.001, y: 0, width: 100, height: 200), color: .white, cornerRadius: 0),
        DrawCommand.fill(rect: Rect(x: 0, y: 0, width: 100, height: 199), color: .white, cornerRadius: 0),
        .fill(rect: Rect(x: 0, y: 0, width: 100, height: 200), color: Color(white: 1, alpha: 0.99), cornerRadius: 0),
        .fill(rect: Rect(x: 0, y: 0, width: 100, height: 200), color: .white, cornerRadius: 4),
    ])
    func aFillThatLeavesAnythingOfTheClearShowingIsNotPromoted(first: DrawCommand) {
        let list = DisplayList(commands: [first], clearColor: .black)
        #expect(ClearPromotion().apply(to: list, in: context) == list)
    }

    @Test func drawsUnderHalfAStepOfAlphaAreDroppedInsideLayersToo() {
        let faint = Color(white: 0, alpha: 0.4 / 255)
        let seen = Color(white: 0, alpha: 0.6 / 255)
        let square = Rect(x: 0, y: 0, width: 10, height: 10)
        let list = DisplayList(commands: [
            .fill(rect: square, color: faint, cornerRadius: 0),
            .fill(rect: square, color: seen, cornerRadius: 0),
            .layer(
                id: 1, destination: square, contentSize: square.size,
                commands: [.shadow(rect: square, cornerRadius: 0, blur: 4, color: faint)], alpha: 1),
        ])
        let kept = InvisibleDrawSkip().apply(to: list, in: context).commands
        #expect(
            kept == [
                .fill(rect: square, color: seen, cornerRadius: 0),
                .layer(id: 1, destination: square, contentSize: square.size, commands: [], alpha: 1),
            ])
    }

    @Test func thePipelineRunsTheChosenPassesInTheirOrder() {
        #expect(
            RenderPipeline(options: .all).passes.map(\.option) == [
                .cullOccluded, .foldTints, .foldBlends, .promoteClear, .skipInvisible,
            ])
        #expect(RenderPipeline(options: .reference).passes.isEmpty)
        #expect(
            RenderPipeline(options: [.skipInvisible, .cullOccluded]).passes.map(\.option) == [
                .cullOccluded, .skipInvisible,
            ])
        #expect(RenderOptions.all.names.allSatisfy { name in RenderOptions.named.contains { $0.name == name } })
        #expect(RenderOptions.all.contains(.cullOccluded) && RenderOptions.all.contains(.ringPieces))
        #expect(RenderOptions([.ringPieces]).names == ["ring pieces"])
    }

    /// The reference draws the list as it is: nothing dropped, nothing folded, nothing promoted.
    @Test func theReferenceLeavesTheListAsItIs() {
        let list = DisplayList(commands: [
            .fill(rect: viewport, color: blue, cornerRadius: 0),
            .fill(rect: Rect(x: 0, y: 0, width: 10, height: 10), color: Color(white: 0, alpha: 0.001), cornerRadius: 0),
            .fill(rect: viewport, color: .white, cornerRadius: 0),
        ])
        #expect(RenderPipeline(options: .reference).run(list, in: context) == list)
        let optimised = RenderPipeline(options: .all).run(list, in: context)
        #expect(optimised.commands.isEmpty && optimised.clearColor == .white)
    }
}

/// Blend folding takes a translucent fill onto the opaque square fill beneath it only when that
/// fill holds all of it and nothing drawn between them touches it.
@Suite struct BlendFoldingTests {
    let viewport = Rect(x: 0, y: 0, width: 400, height: 300)
    let background = DrawCommand.fill(
        rect: Rect(x: 100, y: 0, width: 300, height: 300), color: Color(white: 0.2), cornerRadius: 0)
    let card = DrawCommand.fill(
        rect: Rect(x: 120, y: 20, width: 200, height: 100), color: Color(red: 1, green: 0, blue: 0, alpha: 0.5),
        cornerRadius: 10)

    func fill(_ command: DrawCommand) -> (Color, Double)? {
        if case .fill(_, let color, let radius) = command { (color, radius) } else { nil }
    }

    @Test func aCardOnTheBackgroundBecomesOpaque() throws {
        let out = BlendFolding.folded([background, .pushClip(viewport), card, .popClip], viewport: viewport)
        let (color, radius) = try #require(fill(out[2]))
        #expect(color.isOpaque && radius == 10)
        #expect(abs(color.red - 0.6) < 1e-9 && abs(color.green - 0.1) < 1e-9)
    }

    @Test func somethingBetweenThemOrABackgroundTooSmallKeepsTheBlend() throws {
        let between = DrawCommand.text(
            "Hi", font: Font(size: 12), color: .black, frame: Rect(x: 130, y: 30, width: 40, height: 15), scale: 1)
        let apart = DrawCommand.text(
            "Far", font: Font(size: 12), color: .black, frame: Rect(x: 10, y: 200, width: 40, height: 15), scale: 1)
        let narrow = DrawCommand.fill(
            rect: Rect(x: 150, y: 0, width: 250, height: 300), color: Color(white: 0.2), cornerRadius: 0)
        let rounded = DrawCommand.fill(
            rect: Rect(x: 100, y: 0, width: 300, height: 300), color: Color(white: 0.2), cornerRadius: 8)
        let group = DrawCommand.beginGroup(bounds: viewport, alpha: 0.5)
        // A title whose line box ends left of the card but whose glyphs, wider than the box, run
        // on under it (monkey seed 20261125 in a 320 pt window: under the status bar's battery).
        let overflowing = DrawCommand.text(
            "A long title", font: Font(size: 17), color: .black, frame: Rect(x: 100, y: 50, width: 10, height: 22),
            scale: 1)
        for list in [
            [background, between, card], [narrow, card], [rounded, card], [background, group, card],
            [background, overflowing, card],
        ] {
            let out = BlendFolding.folded(list, viewport: viewport)
            #expect(try #require(fill(out[list.count - 1])).0.alpha == 0.5)
        }
        // Something drawn between them elsewhere does not matter.
        let out = BlendFolding.folded([background, apart, card], viewport: viewport)
        #expect(try #require(fill(out[2])).0.isOpaque)
    }

    @Test func theNewPassIsOneValueAndOneSwitch() {
        #expect(RenderPipeline(options: .all).passes.contains { $0 is BlendFolding })
        #expect(
            !RenderPipeline(options: RenderOptions.all.subtracting(.foldBlends)).passes.contains { $0 is BlendFolding })
        #expect(!RenderPipeline(options: .all).overDrawnFrame.passes.contains { $0 is ClearPromotion })
        #expect(RenderOptions([.foldBlends]).names == ["blend folding"])
    }
}
