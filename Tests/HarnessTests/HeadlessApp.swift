import Foundation
import Graphics
import Motion
import Platform
import PlatformSDL
import Scenes
import Testing
import Views

@testable import Harness
@testable import Tools

/// The real app on SDL's headless software renderer and a manual clock, as `--headless` runs it.
/// Everything a test makes (captures, dumps, the picture cache) lives in a fresh temporary folder
/// that `finish()` removes: a test never touches `~/.cache` or the current directory.
@MainActor
struct HeadlessApp {
    /// Which frames are rasterized. Layout, the display list, text metrics and the dump are the
    /// same either way; only what the renderer holds (textures, rasterized layers) differs.
    enum Drawing {
        /// Only frames whose pixels are read (captures): for tests that assert on the tree.
        case onDemand
        /// Every frame, as the app does: for tests of the renderer's own state across frames.
        case everyFrame
        /// Every frame, each both ways (the pipeline and the reference) and compared: the render
        /// check of a whole transition.
        case everyFrameChecked
    }

    let backend: SDLBackend
    /// Draws every frame a test captures both ways, with the pipeline and as the reference, and
    /// records where they differ: every capture (and so every golden) is checked against the
    /// plainest drawing of its display list. Nil when every frame is drawn (a test of the
    /// renderer's own caches across frames, which drawing twice would disturb).
    let renderCheck: RenderCheckingBackend?
    let host: AppHost
    let clock: ManualClock
    let folder: String

    static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    static var goldensFolder: String { repositoryRoot + "/Tests/HarnessTests/Goldens" }

    static let updatingGoldens = ProcessInfo.processInfo.environment["TEARDOWNS_UPDATE_GOLDENS"] == "1"

    /// Compares a capture with `Goldens/<name>` (a small per-channel tolerance), or replaces the
    /// golden when `TEARDOWNS_UPDATE_GOLDENS=1`.
    static func compareWithGolden(_ captured: String, golden name: String) throws {
        let goldenPath = goldensFolder + "/" + name
        if updatingGoldens {
            try? FileManager.default.removeItem(atPath: goldenPath)
            try FileManager.default.copyItem(atPath: captured, toPath: goldenPath)
            return
        }
        let actual = try #require(SDLBackend.loadPNG(path: captured))
        let expected = try #require(SDLBackend.loadPNG(path: goldenPath), "missing golden \(goldenPath)")
        let difference = try #require(actual.maximumChannelDifference(to: expected), "size differs from the golden")
        #expect(difference <= 2, "capture differs from \(name) by up to \(difference) per channel")
    }

    init(
        scene: SceneID = .gallery, size: Size = Size(width: 390, height: 844), scale: Double = 1,
        pictureCacheFolder: String? = nil, decodesInBackground: Bool = false, drawing: Drawing = .onDemand
    ) throws {
        folder = NSTemporaryDirectory() + "teardowns-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        backend = try SDLBackend(
            mode: .headless, size: size, scale: scale, assetsDirectory: Self.repositoryRoot + "/Assets",
            pictureCache: .folder(pictureCacheFolder ?? folder + "/pictures"))
        backend.decodesPicturesInBackground = decodesInBackground
        clock = ManualClock()
        let drawn: any Backend
        switch drawing {
        case .everyFrame:
            renderCheck = nil
            drawn = backend
        case .onDemand:
            let checker = RenderCheckingBackend(backend)
            renderCheck = checker
            drawn = SampledDrawingBackend(checker, drawEvery: nil)
        case .everyFrameChecked:
            let checker = RenderCheckingBackend(backend)
            renderCheck = checker
            drawn = checker
        }
        host = AppHost(
            backend: drawn, clock: clock, scene: scene,
            captures: CaptureStore(directory: folder + "/captures") { "20261122-000000" })
    }

    /// Replays `json` (the script format of docs/SCRIPTING.md) and returns the frames stepped.
    /// The script's times start the clock again at 0, as a script run from the command line does:
    /// mixed with `frames(_:)` in one test, time would go back — use one or the other.
    @discardableResult
    func replay(_ json: String) throws -> Int {
        let script = try InputScript.parse(Data(json.utf8))
        return ReplayRunner().run(Timeline(script: script, windowSize: backend.pointSize), host: host, clock: clock)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    /// Draws one frame, saves it as `name` and reads the pixels back: the scene, or with
    /// `window` the whole window (the tools layer over the scene included).
    func captureFrame(_ name: String, window: Bool = false) throws -> PixelImage {
        host.runFrame(
            inputs: [], captureFiles: window ? [] : [path(name)], windowCaptureFiles: window ? [path(name)] : [])
        backend.waitForPendingWrites()
        return try #require(SDLBackend.loadPNG(path: path(name)))
    }

    /// Runs `count` frames a 60th of a second apart on the app's clock, `inputs` in the first.
    func frames(_ count: Int, _ inputs: [InputEvent] = []) {
        for index in 0..<count {
            clock.set(to: clock.now + 1.0 / 60)
            host.runFrame(inputs: index == 0 ? inputs : [])
        }
    }

    /// A pointer event at (`x`, `y`) now.
    func pointer(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double) -> InputEvent {
        .pointer(PointerEvent(phase: phase, location: Point(x: x, y: y), time: clock.now))
    }

    /// Empties the window (white) for a scene built by hand in a test; returns the window.
    func emptyWindow() -> Window {
        let root = host.window
        for child in root.subviews { child.removeFromSuperview() }
        root.backgroundColor = .white
        return root
    }

    func finish() {
        for mismatch in renderCheck?.mismatches ?? [] {
            Issue.record("render check at \(clock.now) s: \(mismatch.description)")
        }
        // A test's frame observer usually reaches the app through this struct: let go of it, or
        // the host and the observer hold each other.
        host.frameObserver = nil
        backend.shutdown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Replays `events` (JSON objects, comma-separated) in `scene`, dumps at `dumpAt` and, when
    /// `golden` is named, compares a capture of that moment with it; returns the dump.
    static func dump(
        scene: SceneID, events: String, at dumpAt: Double = 4, golden: String? = nil,
        size: Size = Size(width: 390, height: 844)
    ) throws -> [String: Any] {
        let app = try HeadlessApp(scene: scene, size: size)
        defer { app.finish() }
        let capture = golden.map { #",{"at":\#(dumpAt),"type":"capture","file":"\#(app.path($0))"}"# } ?? ""
        try app.replay(
            #"{"events":[\#(events),{"at":\#(dumpAt),"type":"dump","file":"\#(app.path("end.json"))"}\#(capture)]}"#)
        if let golden {
            app.backend.waitForPendingWrites()
            try compareWithGolden(app.path(golden), golden: golden)
        }
        return try app.readDump("end.json")
    }

    /// Parses a dump file written by the app.
    func readDump(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path(name)))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    static func view(_ id: String, in dump: [String: Any]) -> [String: Any]? {
        (dump["views"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }
}
