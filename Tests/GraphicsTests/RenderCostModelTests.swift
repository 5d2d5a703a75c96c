import Testing

@testable import Graphics
@testable import Rendering

/// The thresholds of the passes come from the cost model of the renderer in use, not from
/// constants: the same list is cut differently when cutting costs differently.
@Suite struct RenderCostModelTests {
    let viewport = Rect(x: 0, y: 0, width: 400, height: 800)

    @Test func culledOccludersFollowTheModelsThreshold() {
        let background = DrawCommand.fill(rect: viewport, color: .black, cornerRadius: 0)
        // A sheet 300 of 800 pt high: over the software model's quarter, under a half.
        let sheet = DrawCommand.fill(rect: Rect(x: 0, y: 500, width: 400, height: 300), color: .white, cornerRadius: 0)
        let list = DisplayList(commands: [background, sheet], clearColor: .white)
        let software = OcclusionCulling().apply(to: list, in: PassContext(viewport: viewport))
        #expect(
            software.commands.first
                == .fill(rect: Rect(x: 0, y: 0, width: 400, height: 500), color: .black, cornerRadius: 0))
        var demanding = RenderCostModel.softwareRenderer
        demanding.occluderShare = (0.5, 0.5)
        let uncut = OcclusionCulling().apply(to: list, in: PassContext(viewport: viewport, costModel: demanding))
        #expect(uncut.commands == [background, sheet])
    }

    @Test func aGPUDrawsShadowsAsOneMeshAndNoStripBlended() {
        #expect(!RenderCostModel.gpu.worthwhile.contains(.ringPieces))
        #expect(!RenderCostModel.gpu.worthwhile.contains(.blendNarrowOpaque))
        #expect(RenderCostModel.gpu.narrowOpaqueWidths.isEmpty)
        #expect(RenderCostModel.gpu.worthwhile.contains([.cullOccluded, .foldTints, .cacheLayers]))
        // The software renderer takes every optimisation there is.
        #expect(RenderCostModel.softwareRenderer.worthwhile == .all)
        #expect(RenderCostModel.softwareRenderer.narrowOpaqueWidths.contains(29))
        #expect(!RenderCostModel.softwareRenderer.narrowOpaqueWidths.contains(200))
    }
}
