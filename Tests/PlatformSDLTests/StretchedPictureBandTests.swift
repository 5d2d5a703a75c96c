import Graphics
import Rendering
import Testing

@testable import PlatformSDL

/// Pictures stretched over band edges: drawn in bands, each band stretching only its own rows,
/// they are the pixels SDL's own renderer draws for the whole copy on one thread — shrunk and
/// enlarged, translucent, half off the output, inside a clip that leaves them whole and one that
/// cuts them, with the first and last source rows and columns padded as SDL pads them.
@MainActor
@Suite struct StretchedPictureBandTests {
    static let size = Size(width: 390, height: 300)

    static let pictures = DisplayList(commands: [
        .fill(rect: Rect(x: 0, y: 0, width: 390, height: 300), color: .white, cornerRadius: 0),
        // Enlarged from part of the picture, straddling every band edge.
        .image(
            ImageRef("room-night-riders"), source: Rect(x: 0, y: 0.1375, width: 1, height: 0.625),
            destination: Rect(x: 3.4, y: 2.1, width: 383.1, height: 287.7), cornerRadius: 0, alpha: 0.8),
        // Shrunk, half above the output.
        .image(
            ImageRef("room-board-games"), source: Rect(x: 0, y: 0, width: 1, height: 1),
            destination: Rect(x: 40, y: -60, width: 150, height: 140), cornerRadius: 0, alpha: 1),
        .pushClip(Rect(x: 0, y: 0, width: 390, height: 300)),
        // Enlarged past the bottom and right edges, faint, inside a clip that cuts nothing.
        .image(
            ImageRef("room-night-riders"), source: Rect(x: 0.2, y: 0.3, width: 0.3, height: 0.2),
            destination: Rect(x: 200, y: 120, width: 260, height: 230), cornerRadius: 0, alpha: 0.35),
        .popClip,
        // Inside the output, cut by a clip on three sides: SDL stretches only what the clip keeps.
        .pushClip(Rect(x: 21.3, y: 150.6, width: 97.2, height: 61.7)),
        .image(
            ImageRef("room-board-games"), source: Rect(x: 0.1, y: 0.05, width: 0.7, height: 0.8),
            destination: Rect(x: 10.5, y: 140.2, width: 123.4, height: 111.1), cornerRadius: 0, alpha: 0.9),
        .popClip,
    ])

    @Test(arguments: [(2, 1.0), (3, 2.0), (4, 3.0)])
    func bandsStretchPicturesAsSDLDoesWhole(bands: Int, scale: Double) throws {
        let (differing, worst) = try HeadlessBackend.bandsDiffer(
            drawing: Self.pictures, size: Self.size, scale: scale, bands: bands)
        #expect(
            differing == 0, "bytes that differ from SDL's whole drawing at \(scale)x in \(bands) bands (worst \(worst))"
        )
    }

    /// A picture that cannot be found is a grey box crossed by two one-pixel lines: across band
    /// edges the lines take the pixels they take drawn whole (SDL clips a line before it steps
    /// along it, so a band drawing its part with SDL's line would take others).
    @Test(arguments: [(2, 2.0), (3, 3.0)])
    func aMissingPicturesCrossIsTheSameInBands(bands: Int, scale: Double) throws {
        let missing = DisplayList(commands: [
            .fill(rect: Rect(x: 0, y: 0, width: 390, height: 300), color: .white, cornerRadius: 0),
            .image(
                ImageRef("no-such-picture"), source: Rect(x: 0, y: 0, width: 1, height: 1),
                destination: Rect(x: 41.3, y: 10.7, width: 293.4, height: 280.9), cornerRadius: 0, alpha: 1),
        ])
        try HeadlessBackend.with(size: Self.size, scale: scale, drawThreads: bands) { backend in
            backend.renderOptions = RenderOptions.all.subtracting(.parallelBands)
            backend.draw(missing)
            let whole = try #require(backend.readPixels())
            backend.renderOptions = .all
            backend.draw(missing)
            let banded = try #require(backend.readPixels())
            #expect(backend.drawThreads == bands)
            #expect(whole == banded, "the missing picture's cross drawn in \(bands) bands at \(scale)x")
        }
    }
}
