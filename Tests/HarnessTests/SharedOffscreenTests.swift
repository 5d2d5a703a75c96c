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

/// Bands share a frame's offscreen pictures out (each drawn by one band and handed to the
/// others): under the exploded inspector a room opening and closing redraws tens of slab
/// pictures a frame, and every frame is still the picture one thread draws, byte for byte. Run
/// twice, banded and whole, from the same start (comparing within one run would find the
/// pictures already drawn by the whole frame, and share nothing).
@MainActor
@Suite struct SharedOffscreenTests {
    static let events =
        #"{"at":0.1,"type":"inspect","mode":"3d","yaw":30,"pitch":25,"spacing":28},"#
        + #"{"at":0.3,"type":"key","key":"enter"},{"at":1.0,"type":"key","key":"escape"},"#
        + #"{"at":1.5,"type":"quit"}"#

    /// Each frame's pixels, hashed, drawn on `bands` threads (1: the whole output on one), and
    /// how many flushes shared their pictures out.
    func frames(bands: Int, folder: String) throws -> (hashes: [Int], shared: Int) {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 390, height: 844), scale: 2,
            assetsDirectory: HeadlessApp.repositoryRoot + "/Assets", pictureCache: .folder(folder + "/pictures"),
            drawThreads: bands)
        defer { backend.shutdown() }
        let hashing = FrameHashingBackend(backend)
        let clock = ManualClock()
        let host = AppHost(
            backend: hashing, clock: clock, scene: .rooms,
            captures: CaptureStore(directory: folder + "/captures") { "20261128-000000" })
        let script = try InputScript.parse(Data(#"{"events":[\#(Self.events)]}"#.utf8))
        ReplayRunner().run(Timeline(script: script, windowSize: backend.pointSize), host: host, clock: clock)
        return (hashing.hashes, backend.sharedOffscreenFlushes)
    }

    @Test func picturesSharedAmongBandsDrawWhatOneThreadDraws() throws {
        let folder = NSTemporaryDirectory() + "teardowns-shared-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let banded = try frames(bands: 3, folder: folder + "/banded")
        let whole = try frames(bands: 1, folder: folder + "/whole")
        #expect(banded.shared > 30, "the slab pictures were shared out on \(banded.shared) frames")
        #expect(whole.shared == 0)
        #expect(banded.hashes.count == whole.hashes.count && banded.hashes.count > 80)
        let differing = zip(banded.hashes, whole.hashes).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(differing.isEmpty, "frames that differ from one thread's: \(differing.prefix(8).map(\.offset))")
    }
}

/// Keeps a hash of every frame's pixels (within one process, equal pixels hash equal).
@MainActor
final class FrameHashingBackend: WrappingBackend {
    let base: any Backend
    private(set) var hashes: [Int] = []

    init(_ base: any Backend) {
        self.base = base
    }

    func draw(_ list: DisplayList) {
        base.draw(list)
        guard let pixels = base.readPixels() else { return }
        var hasher = Hasher()
        pixels.rgba.withUnsafeBytes { hasher.combine(bytes: $0) }
        hashes.append(hasher.finalize())
    }

    func readPixels() -> PixelImage? { base.readPixels() }
    func drawOverlay(_ list: DisplayList) { base.drawOverlay(list) }
}
