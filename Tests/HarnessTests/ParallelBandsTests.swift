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

/// The output drawn in horizontal bands, one thread each, is the picture one thread draws over
/// the whole output, byte for byte: every frame of a transition, each drawn both ways with every
/// other optimisation on, at scales and band counts that put band edges through pictures,
/// shadows, text and rounded corners.
@MainActor
@Suite struct ParallelBandsTests {
    nonisolated static let cases: [(SceneID, String, Double, Int)] = [
        (.rooms, #"{"at":0.2,"type":"key","key":"enter"},{"at":1.2,"type":"key","key":"escape"}"#, 2, 2),
        (.settings, #"{"at":0.2,"type":"key","key":"comma"},{"at":1.2,"type":"key","key":"escape"}"#, 3, 3),
        (.icons, #"{"at":0.2,"type":"key","key":"enter"},{"at":1.2,"type":"key","key":"escape"}"#, 1, 5),
        // The inspector's turned stack: slabs and outlines cut into row runs and strips by each
        // band over its own rows, pictures straightened on each band's own thread.
        (
            .rooms,
            #"{"at":0.1,"type":"inspect","mode":"3d","yaw":30,"pitch":25,"spacing":28},"#
                + #"{"at":0.3,"type":"key","key":"enter"},{"at":1.0,"type":"key","key":"escape"},"#
                + #"{"at":1.4,"type":"drag","from":[100,400],"to":[300,380],"duration":0.5}"#, 2, 3
        ),
    ]

    @Test(arguments: cases)
    func bandsDrawWhatOneThreadDraws(scene: SceneID, events: String, scale: Double, bands: Int) throws {
        let folder = NSTemporaryDirectory() + "teardowns-bands-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 390, height: 844), scale: scale,
            assetsDirectory: HeadlessApp.repositoryRoot + "/Assets", pictureCache: .folder(folder + "/pictures"),
            drawThreads: bands)
        defer { backend.shutdown() }
        #expect(backend.drawThreads == bands)
        let comparing = BandComparingBackend(backend)
        let clock = ManualClock()
        let host = AppHost(
            backend: comparing, clock: clock, scene: scene,
            captures: CaptureStore(directory: folder + "/captures") { "20261127-000000" })
        let script = try InputScript.parse(Data(#"{"events":[\#(events),{"at":2.2,"type":"quit"}]}"#.utf8))
        ReplayRunner().run(Timeline(script: script, windowSize: backend.pointSize), host: host, clock: clock)
        #expect(comparing.framesCompared > 100, "every frame of the open and the close")
        let differing = comparing.differing
        #expect(
            differing.count == 0, "frames drawn in \(bands) bands that differ from one thread's: \(differing.prefix(5))"
        )
        #expect(backend.drawThreads == bands, "the frame shown is the bands' again")
    }
}

/// Draws every frame twice, in bands and whole, and notes each frame whose pixels differ at all.
@MainActor
final class BandComparingBackend: WrappingBackend {
    let base: any Backend
    private(set) var framesCompared = 0
    /// Each differing frame's number, how many pixels differ and the rect they lie in.
    private(set) var differing: [String] = []

    init(_ base: any Backend) {
        self.base = base
    }

    var renderOptions: RenderOptions {
        get { base.renderOptions }
        set {}
    }

    func draw(_ list: DisplayList) {
        base.renderOptions = RenderOptions.all.subtracting(.parallelBands)
        base.draw(list)
        let whole = base.readPixels()
        base.renderOptions = .all
        base.draw(list)
        guard let whole, let banded = base.readPixels() else { return }
        framesCompared += 1
        guard whole != banded, let difference = whole.difference(to: banded, tolerance: 0) else { return }
        differing.append("frame \(framesCompared): \(difference.pixels) px within \(difference.region)")
    }

    func readPixels() -> PixelImage? { base.readPixels() }
    func drawOverlay(_ list: DisplayList) { base.drawOverlay(list) }
}
