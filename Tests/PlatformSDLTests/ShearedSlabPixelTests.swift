import Graphics
import Testing

@testable import PlatformSDL
@testable import Rendering

/// Turned slabs on screen: a picture sheared onto its parallelogram and the outline drawn along
/// its edge meet pixel for pixel in every column, and the stack drawn through the passes (slabs
/// cut to what shows) is the reference's to the level.
@MainActor
@Suite struct ShearedSlabPixelTests {
    let size = Size(width: 200, height: 200)
    let shear = 0.3
    let slab = Rect(x: 30, y: 20, width: 120, height: 100)

    /// A picture a texture is needed for: white with a red square.
    var picture: DrawCommand {
        let picture = LayerPicture(
            id: -7, contentSize: Size(width: 60, height: 50),
            commands: [
                .fill(rect: Rect(x: 0, y: 0, width: 60, height: 50), color: .white, cornerRadius: 0),
                .fill(rect: Rect(x: 20, y: 20, width: 10, height: 10), color: Color(hex: 0xFF0000), cornerRadius: 0),
            ])
        return .shearedLayer(picture, destination: slab, shown: slab, shear: shear, alpha: 1)
    }

    @Test(arguments: [1.0, 2.0])
    func theOutlineHugsThePictureInEveryColumn(scale: Double) throws {
        let band = Rect(x: slab.minX, y: slab.minY, width: slab.width, height: 1)
        let list = DisplayList(
            commands: [picture, .shearedFill(rect: band, shear: shear, color: Color(hex: 0x0000FF))],
            clearColor: .black)
        try HeadlessBackend.with(size: size, scale: scale) { backend in
            backend.draw(list)
            let pixels = try #require(backend.readPixels())
            let bandRows = Int(scale.rounded())
            for column in Int(slab.minX * scale)..<Int(slab.maxX * scale) {
                let top =
                    Int((slab.minY * scale).rounded())
                    + ShearedStrips.offset(ofColumn: column, shear: shear, originX: 0)
                let above = pixels.pixel(x: column, y: top - 1)
                let edge = pixels.pixel(x: column, y: top)
                let inside = pixels.pixel(x: column, y: top + bandRows)
                #expect(above.r == 0 && above.b == 0, "nothing above the slab in column \(column): \(above)")
                #expect(edge.b == 255 && edge.r == 0, "the outline on the slab's top row in column \(column): \(edge)")
                #expect(inside.r == 255 && inside.g == 255, "the picture right under it in column \(column): \(inside)")
            }
        }
    }

    /// The picture behind, the grey slab and the white one in front are cut to what shows (the
    /// picture to two parts, each copied texel for pixel from the whole's texture): the same
    /// pixels as the reference, which draws every slab whole.
    @Test(arguments: [1.0, 2.0])
    func aStackCutToWhatShowsDrawsTheReference(scale: Double) throws {
        let front = Rect(x: 40, y: 30, width: 120, height: 100)
        let list = DisplayList(
            commands: [
                .fill(rect: Rect(origin: .zero, size: size), color: Color(white: 0.13), cornerRadius: 0),
                picture,
                .shearedFill(rect: Rect(x: 20, y: 10, width: 120, height: 100), shear: shear, color: Color(white: 0.5)),
                .shearedLayer(
                    LayerPicture(
                        id: -8, contentSize: front.size,
                        commands: [.fill(rect: Rect(origin: .zero, size: front.size), color: .white, cornerRadius: 0)]),
                    destination: front, shown: front, shear: shear, alpha: 1),
                .shearedFill(rect: Rect(x: 40, y: 30, width: 120, height: 1), shear: shear, color: .systemBlue),
            ], clearColor: .black)
        #expect(try HeadlessBackend.difference(of: list, drawnWith: .all, size: size, scale: scale) == 0)
    }
}

/// A slab's kept copy outlives its view as a spare: the next slab of about its size (the same
/// room opened again, the next one) takes its texture instead of making one, and shows its own
/// picture in it.
@MainActor
@Suite struct ShearedSlabSpareTests {
    func slab(id: Int, color: Color) -> DisplayList {
        let size = Size(width: 100, height: 60)
        let picture = LayerPicture(
            id: id, contentSize: size,
            commands: [
                .fill(rect: Rect(x: 0, y: 0, width: 100, height: 60), color: color, cornerRadius: 0),
                .fill(rect: Rect(x: 40, y: 20, width: 20, height: 20), color: .black, cornerRadius: 10),
            ])
        let destination = Rect(x: 20, y: 20, width: 100, height: 60)
        return DisplayList(
            commands: [.shearedLayer(picture, destination: destination, shown: destination, shear: 0.2, alpha: 1)],
            clearColor: .black)
    }

    @Test func aGoneSlabsCopyIsTakenByTheNextOne() throws {
        try HeadlessBackend.with(size: Size(width: 200, height: 200)) { backend in
            backend.draw(slab(id: -1, color: Color(hex: 0xFF0000)))
            for _ in 0..<(KeepPolicy.spareAfterFrames + 2) {
                backend.draw(DisplayList(commands: [], clearColor: .black))
            }
            let made = backend.texturesCreated
            backend.draw(slab(id: -2, color: Color(hex: 0x00FF00)))
            #expect(backend.texturesCreated == made, "the spare was taken")
            let pixels = try #require(backend.readPixels())
            let inside = pixels.pixel(x: 25, y: 30)
            #expect(inside.g == 255 && inside.r == 0, "the new slab's own picture: \(inside)")
        }
    }
}
