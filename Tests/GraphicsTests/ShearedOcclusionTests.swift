import Testing

@testable import Graphics
@testable import Rendering

/// The inspector's turned slabs hide each other in their own (sheared) space: a slab in front cuts
/// the fill behind it to the sliver that shows, a picture wholly behind it is dropped, and
/// slabs of another shear, or clipped, or see-through, hide nothing.
@MainActor
@Suite struct ShearedOcclusionTests {
    let viewport = Rect(x: 0, y: 0, width: 400, height: 800)
    let shear = 0.25
    let back = Rect(x: 40, y: 60, width: 300, height: 500)
    let front = Rect(x: 50, y: 40, width: 300, height: 500)

    /// A picture of one colour (the slab of a view with only a background).
    func solid(_ rect: Rect, _ color: Color, id: Int) -> DrawCommand {
        let picture = LayerPicture(
            id: id, contentSize: rect.size,
            commands: [.fill(rect: Rect(origin: .zero, size: rect.size), color: color, cornerRadius: 0)])
        return .shearedLayer(picture, destination: rect, shown: rect, shear: shear, alpha: 1)
    }

    /// A picture with text on it, which only a texture draws, shown where `shown` says.
    func picture(_ rect: Rect, id: Int, shown: Rect? = nil) -> DrawCommand {
        let picture = LayerPicture(
            id: id, contentSize: rect.size,
            commands: [
                .text("Hi", font: .system(17), color: .black, frame: Rect(x: 4, y: 4, width: 20, height: 20), scale: 1)
            ])
        return .shearedLayer(picture, destination: rect, shown: shown ?? rect, shear: shear, alpha: 1)
    }

    @Test func aSlabInFrontLeavesOnlyTheSliverOfTheOneBehind() {
        let culled = OcclusionCulling.culled(
            [solid(back, .black, id: 1), solid(front, .white, id: 2)], viewport: viewport)
        // Behind: what the front one leaves, as sheared fills — the strip below it and the
        // columns left of it; the front one drawn whole.
        #expect(
            culled == [
                .shearedFill(rect: Rect(x: 40, y: 540, width: 300, height: 20), shear: shear, color: .black),
                .shearedFill(rect: Rect(x: 40, y: 60, width: 10, height: 480), shear: shear, color: .black),
                .shearedFill(rect: front, shear: shear, color: .white),
            ])
    }

    /// A slab far smaller than a screen (a cell, a button: 2 % of the viewport here) still hides
    /// what lies behind it: a turned stack's slabs hide each other almost wholly, whatever their
    /// size, where an upright fill that small would not be worth cutting around.
    @Test func aSmallSlabInFrontStillHidesWhatIsBehindIt() {
        let small = Rect(x: 100, y: 100, width: 80, height: 80)
        let behind = Rect(x: 110, y: 110, width: 60, height: 60)
        let culled = OcclusionCulling.culled(
            [picture(behind, id: 1), solid(small, .white, id: 2)], viewport: viewport)
        #expect(culled == [.shearedFill(rect: small, shear: shear, color: .white)])
        let upright = OcclusionCulling.culled(
            [
                .fill(rect: behind, color: .black, cornerRadius: 0),
                .fill(rect: small, color: .white, cornerRadius: 0),
            ], viewport: viewport)
        #expect(upright.count == 2, "an upright fill this small cuts nothing")
    }

    /// A picture wholly behind is dropped; one partly behind is cut to what shows — its texture
    /// the whole picture's, copied texel for pixel, so a part samples it as the whole does.
    @Test func aPictureWhollyBehindIsDroppedOnePartlyBehindIsCutToWhatShows() {
        let hidden = Rect(x: 60, y: 80, width: 100, height: 100)
        let peeking = Rect(x: 20, y: 80, width: 100, height: 100)
        let culled = OcclusionCulling.culled(
            [picture(hidden, id: 1), picture(peeking, id: 3), solid(front, .white, id: 2)], viewport: viewport)
        #expect(
            culled == [
                picture(peeking, id: 3, shown: Rect(x: 20, y: 80, width: 30, height: 100)),
                .shearedFill(rect: front, shear: shear, color: .white),
            ])
    }

    @Test func anotherShearATranslucentSlabOrAClippedOneHidesNothing() {
        let behind = picture(Rect(x: 60, y: 80, width: 100, height: 100), id: 1)
        let otherShear = DrawCommand.shearedFill(rect: front, shear: 0.1, color: .white)
        let translucent = DrawCommand.shearedFill(rect: front, shear: shear, color: Color(white: 1, alpha: 0.5))
        for cover in [
            [otherShear], [translucent],
            [
                .pushClip(Rect(x: 0, y: 0, width: 200, height: 800)),
                .shearedFill(rect: front, shear: shear, color: .white), .popClip,
            ],
        ] {
            let culled = OcclusionCulling.culled([behind] + cover, viewport: viewport)
            #expect(culled.first == behind, "\(cover)")
        }
    }
}
