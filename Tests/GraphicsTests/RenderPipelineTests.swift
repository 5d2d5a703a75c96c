import Testing

@testable import Graphics

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

    @Test(arguments: [
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
                .cullOccluded, .foldTints, .promoteClear, .skipInvisible,
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
