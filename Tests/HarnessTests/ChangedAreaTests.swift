import Foundation
import Graphics
import Motion
import Platform
import PlatformSDL
import Rendering
import Scenes
import Testing

@testable import Harness
@testable import Tools

/// A frame drawn only where it differs from the last (`.drawChangesOnly`) is the frame drawn
/// whole, byte for byte: two apps' worth of backends run the same script, one drawing changes
/// only and one every frame whole, and every frame is compared — a transition, a cell opening
/// in place, the gallery's selection moving under the lab's HUD and a tool card (drawn over the
/// scene, so the next frame redraws under them), a scroll. The backend drawing changes must
/// also have drawn far fewer pixels, or the test would pass with nothing left undrawn.
@MainActor
@Suite struct ChangedAreaTests {
    nonisolated static let cases: [(SceneID, String, Double)] = [
        // The card pulled down past the threshold, over the page's rounded picture: the damage
        // reached into the picture, whose quads SDL samples anew where they are cut.
        (
            .modal,
            #"{"at":0.3,"type":"key","key":"enter"},{"at":1.3,"type":"drag","from":[195,300],"to":[195,700],"duration":0.3}"#,
            2
        ),
        (.rooms, #"{"at":0.2,"type":"key","key":"enter"},{"at":1.2,"type":"key","key":"escape"}"#, 2),
        (.inbox, #"{"at":0.3,"type":"tap","x":195,"y":300},{"at":1.4,"type":"key","key":"escape"}"#, 2),
        (
            .gallery,
            #"{"at":0.2,"type":"key","key":"h"},{"at":0.4,"type":"key","key":"down"},"#
                + #"{"at":0.8,"type":"key","key":"down"},{"at":1.0,"type":"key","key":"question"},"#
                + #"{"at":1.4,"type":"key","key":"question"},{"at":1.6,"type":"key","key":"up"}"#, 3
        ),
        (
            .inbox,
            #"{"at":0.2,"type":"down","x":195,"y":700},{"at":0.3,"type":"move","x":195,"y":600},"#
                + #"{"at":0.4,"type":"move","x":195,"y":450},{"at":0.45,"type":"up","x":195,"y":450}"#, 2
        ),
    ]

    @Test(arguments: cases)
    func changesOnlyDrawWhatAWholeFrameDraws(scene: SceneID, events: String, scale: Double) throws {
        let folder = NSTemporaryDirectory() + "teardowns-changes-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func makeBackend() throws -> SDLBackend {
            try SDLBackend(
                mode: .headless, size: Size(width: 390, height: 844), scale: scale,
                assetsDirectory: HeadlessApp.repositoryRoot + "/Assets", pictureCache: .folder(folder + "/pictures"))
        }
        let changes = try makeBackend()
        let whole = try makeBackend()
        defer {
            changes.shutdown()
            whole.shutdown()
        }
        whole.renderOptions = RenderOptions.all.subtracting(.drawChangesOnly)
        let comparing = WholeFrameComparingBackend(changes, whole: whole)
        let clock = ManualClock()
        let host = AppHost(
            backend: comparing, clock: clock, scene: scene,
            captures: CaptureStore(directory: folder + "/captures") { "20261127-000000" })
        let script = try InputScript.parse(Data(#"{"events":[\#(events),{"at":2.4,"type":"quit"}]}"#.utf8))
        ReplayRunner().run(Timeline(script: script, windowSize: changes.pointSize), host: host, clock: clock)
        #expect(comparing.framesCompared > 100)
        #expect(
            comparing.differing.isEmpty,
            "frames drawn where they changed that differ from the whole frame: \(comparing.differing.prefix(5))")
        #expect(
            Double(changes.pixelsDrawn) < 0.8 * Double(whole.pixelsDrawn),
            "pixels drawn: \(changes.pixelsDrawn) changes only, \(whole.pixelsDrawn) whole")
    }
}

/// Hands every frame to two backends and notes each frame whose scene pixels differ at all.
@MainActor
final class WholeFrameComparingBackend: WrappingBackend {
    let base: any Backend
    let whole: any Backend
    private(set) var framesCompared = 0
    private(set) var differing: [String] = []

    init(_ base: any Backend, whole: any Backend) {
        self.base = base
        self.whole = whole
    }

    func resize(to size: Size) {
        base.resize(to: size)
        whole.resize(to: size)
    }

    func draw(_ list: DisplayList) {
        base.draw(list)
        whole.draw(list)
        guard let drawn = base.readPixels(), let expected = whole.readPixels() else { return }
        framesCompared += 1
        guard drawn != expected else { return }
        // Counted by the optimized kit, not byte by byte in this Debug-built test (which took
        // three quarters of the test's time).
        guard let difference = drawn.difference(to: expected, tolerance: 0) else {
            differing.append(
                "frame \(framesCompared): \(drawn.width)x\(drawn.height) px against \(expected.width)x\(expected.height)"
            )
            return
        }
        differing.append("frame \(framesCompared): \(difference.pixels) px within \(difference.region)")
    }

    func readPixels() -> PixelImage? { base.readPixels() }

    func drawOverlay(_ list: DisplayList) {
        base.drawOverlay(list)
        whole.drawOverlay(list)
    }
}
