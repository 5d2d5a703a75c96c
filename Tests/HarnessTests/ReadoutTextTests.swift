import Graphics
import Testing
import Views

@testable import Harness

/// Text laid out by the metrics at the scale it is drawn at: a live readout (drawn as its words
/// and each digit apart) ends where the same line drawn whole ends, at 1× and at 2× (at 2× its
/// pieces were placed by 1× widths and ran into each other: "motion at0.33 s").
@MainActor
@Suite struct ReadoutTextTests {
    /// The rightmost column with ink (dark on white) within rows `rows`, in device pixels.
    static func inkEnd(_ image: PixelImage, rows: Range<Int>) -> Int {
        var end = -1
        for y in rows {
            for x in 0..<image.width where image.pixel(x: x, y: y).r < 128 { end = max(end, x) }
        }
        return end
    }

    @Test(arguments: [1.0, 2.0])
    func aReadoutEndsWhereTheWholeLineEnds(scale: Double) throws {
        let app = try HeadlessApp(scene: .gallery, scale: scale)
        defer { app.finish() }
        let window = app.emptyWindow()
        let text = "r30.mp4 · 1170×2532 · 30 fps · motion at 0.33 s"
        let whole = Label(text: text, font: .system(13), color: .black)
        let readout = Label(text: text, font: .system(13), color: .black)
        readout.isLiveReadout = true
        whole.frame = Rect(x: 10, y: 100, width: 370, height: 20)
        readout.frame = Rect(x: 10, y: 140, width: 370, height: 20)
        window.addSubview(whole)
        window.addSubview(readout)
        let image = try app.captureFrame("readout.png")
        let wholeEnd = Self.inkEnd(image, rows: Int(100 * scale)..<Int(120 * scale))
        let readoutEnd = Self.inkEnd(image, rows: Int(140 * scale)..<Int(160 * scale))
        #expect(wholeEnd > Int(200 * scale), "the line was drawn (ink to \(wholeEnd))")
        #expect(abs(readoutEnd - wholeEnd) <= 2, "the readout ends at \(readoutEnd), the line at \(wholeEnd)")
    }
}
