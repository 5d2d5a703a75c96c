import Controllers
import Foundation
import Graphics
import Harness
import Motion
import Platform
import PlatformSDL
import Scenes
import Tools

/// p50 / p90 / p99 / max of a set of milliseconds.
struct Distribution: Codable {
    var p50: Double
    var p90: Double
    var p99: Double
    var max: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        func at(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
        }
        p50 = at(0.5)
        p90 = at(0.9)
        p99 = at(0.99)
        max = sorted.last ?? 0
    }
}

/// One scenario at one size, headless on the software renderer.
struct ScenarioResult: Codable {
    var name: String
    var size: [Int]
    /// Device pixels per point (2: a phone's Retina screen, twice the pixels each way).
    var scale: Double
    var frames: Int
    var kitMs: Distribution
    /// The kit's processor time per frame (this thread's CPU time): the work itself, without the
    /// moments the scheduler gave the core to someone else, which decide a wall-clock p99 of a
    /// fifth of a millisecond. The scaling pairs compare it.
    var kitCpuMs: Distribution?
    var drawMs: Distribution
    var frameMs: Distribution
    /// Frames whose kit + draw time passed 16.7 ms.
    var overBudget: Int
    /// Textures created per frame during the second pass (the first warms the caches).
    var texturesSteady: Double
    var peakRssMB: Double
    /// Pixels the drawing wrote per frame, in millions (fills, copies, triangles and clears, on
    /// the output and offscreen targets): how much pixel work a frame is, beside how long it took.
    var megapixelsPerFrame: Distribution?
    /// Threads that drew the pixels (one: SDL's software renderer fills on one core).
    var drawThreads: Int?

    /// The JSON names docs/PERFORMANCE.md documents.
    enum CodingKeys: String, CodingKey {
        case name, size, scale, frames
        case kitMs = "kit_ms"
        case kitCpuMs = "kit_cpu_ms"
        case drawMs = "draw_ms"
        case frameMs = "frame_ms"
        case overBudget = "over_budget"
        case texturesSteady = "textures_steady"
        case peakRssMB = "peak_rss_mb"
        case megapixelsPerFrame = "megapixels_per_frame"
        case drawThreads = "draw_threads"
    }
}

/// The same session in a real window at vsync: what a user sees.
struct WindowResult: Codable {
    var name: String
    var size: [Int]
    var frames: Int
    /// Frames that drew and presented; the others showed the same picture as the one before.
    var framesDrawn: Int
    var intervalMs: Distribution
    /// The time `present` itself took (a GPU renderer draws there, not in the kit's draw).
    var presentMs: Distribution
    /// Milliseconds of missed frames per second of the session (Apple's hitch time ratio).
    var hitchMsPerS: Double
    var renderer: String
    /// Device pixels per point of the window (`--scales` 2: a phone at 2×).
    var scale: Double = 1

    enum CodingKeys: String, CodingKey {
        case name, size, frames, renderer, scale
        case framesDrawn = "frames_drawn"
        case intervalMs = "interval_ms"
        case presentMs = "present_ms"
        case hitchMsPerS = "hitch_ms_per_s"
    }
}

enum Memory {
    /// The process's peak resident set (VmHWM), in MB.
    static func peakResidentMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return digits / 1024
        }
        return 0
    }

    /// Processor time the process has used so far (user and system, every thread), in seconds.
    static func processorSeconds() -> Double {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// Plays a scenario headless on the virtual clock and times every frame by phase with the wall
/// clock (allowed here: a tool, not core code).
@MainActor
func measureHeadless(_ scenario: Scenario, size: Size, scale: Double = 1, assets: String) throws -> ScenarioResult {
    let backend = try SDLBackend(
        mode: .headless, size: size, scale: scale, assetsDirectory: assets, pictureCache: .user)
    defer { backend.shutdown() }
    // TEARDOWNS_RENDER=reference draws with every optimisation off (the gauntlet's "what the
    // passes buy" rows), as it does for the app.
    if ProcessInfo.processInfo.environment["TEARDOWNS_RENDER"] == "reference" { backend.renderOptions = .reference }
    let clock = ManualClock()
    let host = AppHost(
        backend: backend, clock: clock, rootViewController: scenario.root(),
        captures: CaptureStore(directory: NSTemporaryDirectory()) { "bench" })
    host.report = { _ in }
    let timeline = Timeline(script: InputScript(events: scenario.script(size: size)), windowSize: backend.pointSize)
    let wall = ContinuousClock()
    var start = wall.now
    var built = wall.now
    var kit: [Double] = []
    var kitProcessor: [Double] = []
    var processorAtStart = 0.0
    var draw: [Double] = []
    /// Rasterized pictures drawn in each frame (layers and the inspector's slabs): what the
    /// slowest frames print beside their time.
    var pictureRenders: [Int] = []
    var rendersBefore = 0
    var texturesMade: [Int] = []
    var texturesBefore = backend.texturesCreated
    var pixels: [Double] = []
    var pixelsBefore = backend.pixelsDrawn
    var frameIndex = 0
    let profiler = FrameProfiler()
    var texturesAtSecondPass: Int?
    var framesInSecondPass = 0
    host.frameObserver = { phase in
        switch phase {
        case .start:
            start = wall.now
            processorAtStart = ProcessorTime.thisThreadMilliseconds()
        case .displayListBuilt:
            built = wall.now
            profiler.drawBegins(frame: frameIndex)
            kitProcessor.append(ProcessorTime.thisThreadMilliseconds() - processorAtStart)
            printDisplayListIfAsked(host.lastDisplayList, frame: frameIndex)
        case .presented:
            let end = wall.now
            profiler.drawEnds(frame: frameIndex)
            kit.append(milliseconds(built - start))
            draw.append(milliseconds(end - built))
            pictureRenders.append(backend.rasterizedLayerRenders - rendersBefore)
            rendersBefore = backend.rasterizedLayerRenders
            texturesMade.append(backend.texturesCreated - texturesBefore)
            texturesBefore = backend.texturesCreated
            pixels.append(Double(backend.pixelsDrawn - pixelsBefore) / 1_000_000)
            pixelsBefore = backend.pixelsDrawn
            let time = Double(frameIndex) / 60
            if time >= scenario.passDuration {
                if texturesAtSecondPass == nil { texturesAtSecondPass = backend.texturesCreated }
                framesInSecondPass += 1
            }
            frameIndex += 1
        default: break
        }
    }
    let frames = ReplayRunner().run(timeline, host: host, clock: clock)
    printSlowestIfAsked(draw: draw, pictureRenders: pictureRenders, texturesMade: texturesMade, megapixels: pixels)
    let madeInSecondPass = backend.texturesCreated - (texturesAtSecondPass ?? backend.texturesCreated)
    let total = zip(kit, draw).map { $0 + $1 }
    return ScenarioResult(
        name: scenario.name, size: [Int(size.width), Int(size.height)], scale: scale, frames: frames,
        kitMs: Distribution(kit),
        kitCpuMs: Distribution(kitProcessor), drawMs: Distribution(draw), frameMs: Distribution(total),
        overBudget: total.filter { $0 > 1000.0 / 60 }.count,
        texturesSteady: Double(madeInSecondPass) / Double(max(framesInSecondPass, 1)),
        peakRssMB: Memory.peakResidentMB(), megapixelsPerFrame: Distribution(pixels), drawThreads: backend.drawThreads)
}

/// `BENCH_SLOWEST=N`: the N slowest frames by draw time, with their time on the script, the
/// pictures they drew, the textures they made and the pixels they filled (every frame for a large
/// N; 12 for 1 or no number).
func printSlowestIfAsked(draw: [Double], pictureRenders: [Int], texturesMade: [Int], megapixels: [Double]) {
    guard let asked = ProcessInfo.processInfo.environment["BENCH_SLOWEST"] else { return }
    let wanted = Int(asked) ?? 12
    let slowest = draw.enumerated().sorted { $0.element > $1.element }.prefix(wanted > 1 ? wanted : 12)
    for (frame, ms) in slowest {
        FileHandle.standardError.write(
            Data(
                String(
                    format: "frame %d (t %.3f s): draw %.2f ms, %d pictures drawn, %d textures made, %.2f Mpx\n",
                    frame, Double(frame) / 60, ms, pictureRenders[frame], texturesMade[frame], megapixels[frame]
                ).utf8))
    }
}

/// `BENCH_DL_FRAME=N`: frame N's display list on standard error (what a slow frame drew).
func printDisplayListIfAsked(_ list: DisplayList, frame: Int) {
    guard let wanted = ProcessInfo.processInfo.environment["BENCH_DL_FRAME"], Int(wanted) == frame else { return }
    for command in list.commands {
        FileHandle.standardError.write(Data("  \(String(describing: command).prefix(220))\n".utf8))
    }
}

/// Plays a scenario in a real window at vsync against real time (one pass) and records the time
/// between presents.
@MainActor
func measureWindow(_ scenario: Scenario, size: Size, scale: Double = 1, assets: String) throws -> WindowResult {
    let (backend, host, clock) = try openWindow(showing: scenario.root(), size: size, scale: scale, assets: assets)
    defer { backend.shutdown() }
    let wall = ContinuousClock()
    let origin = wall.now
    var timeline = Timeline(script: InputScript(events: scenario.events(size)), windowSize: backend.pointSize)
    // Warm up (first textures, fonts) before the session is timed.
    for _ in 0..<30 { host.runFrame(inputs: backend.pollEvents()) }
    var presents: [Double] = []
    var phases: [(kit: Double, draw: Double)] = []
    var presentCosts: [Double] = []
    var drawnCosts: [Double] = []
    var frameStart = wall.now
    var built = wall.now
    host.frameObserver = { phase in
        switch phase {
        case .start: frameStart = wall.now
        case .displayListBuilt: built = wall.now
        case .drawn:
            phases.append((milliseconds(built - frameStart), milliseconds(wall.now - built)))
        case .presented:
            // An undrawn frame (the window already showed its picture) still ends on a refresh.
            presents.append(milliseconds(wall.now - origin))
            presentCosts.append(backend.lastFrameWasUndrawn ? 0 : backend.lastPresentMilliseconds)
            if !backend.lastFrameWasUndrawn { drawnCosts.append(backend.lastPresentMilliseconds) }
        default: break
        }
    }
    let start = clock.now
    while true {
        var inputs = backend.pollEvents()
        for action in timeline.takeDue(by: clock.now - start) {
            if case .input(let event) = action { inputs.append(event) }
        }
        host.runFrame(inputs: inputs)
        let elapsed = clock.now - start
        if timeline.isFinished && (!host.isAnimating || elapsed > scenario.passDuration + 5) { break }
        if elapsed > 120 { break }
    }
    let intervals = zip(presents.dropFirst(), presents).map { $0 - $1 }
    let budget = 1000.0 / 60
    if ProcessInfo.processInfo.environment["BENCH_SLOWEST"] != nil {
        // The late frames, with what the frame that ended them spent before its present.
        for (index, interval) in intervals.enumerated() where interval > budget + 1 {
            let phase = phases[index + 1]
            FileHandle.standardError.write(
                Data(
                    String(
                        format: "present %d (t %.3f s): interval %.2f ms, kit %.2f ms, draw %.2f ms, present %.2f ms\n",
                        index + 1, (presents[index + 1] - presents[0]) / 1000, interval, phase.kit, phase.draw,
                        presentCosts[index + 1]
                    ).utf8))
        }
    }
    // A frame is late by how much its interval passes one refresh (1 ms of jitter forgiven).
    let hitches = intervals.map { $0 > budget + 1 ? $0 - budget : 0 }.reduce(0, +)
    let seconds = max((presents.last ?? 0) - (presents.first ?? 0), 1) / 1000
    return WindowResult(
        name: scenario.name, size: [Int(size.width), Int(size.height)], frames: presents.count,
        framesDrawn: drawnCosts.count, intervalMs: Distribution(intervals), presentMs: Distribution(drawnCosts),
        hitchMsPerS: hitches / seconds, renderer: backend.rendererName, scale: scale)
}

/// A real window at vsync showing `root`, run against wall time from now (captures go to the
/// temporary folder, reports nowhere).
@MainActor
func openWindow(showing root: ViewController, size: Size, scale: Double = 1, assets: String) throws -> (
    SDLBackend, AppHost, WallClock
) {
    // TEARDOWNS_RENDERER picks the renderer as it does for the app (auto when unset).
    let choice =
        ProcessInfo.processInfo.environment["TEARDOWNS_RENDERER"].flatMap(RendererChoice.init(rawValue:)) ?? .auto
    let backend = try SDLBackend(
        mode: .window(title: "Teardowns bench"), size: size, scale: scale, assetsDirectory: assets,
        pictureCache: .user, renderer: choice)
    let wall = ContinuousClock()
    let origin = wall.now
    let clock = WallClock { milliseconds(wall.now - origin) / 1000 }
    let host = AppHost(
        backend: backend, clock: clock, rootViewController: root,
        captures: CaptureStore(directory: NSTemporaryDirectory()) { "bench" })
    host.report = { _ in }
    return (backend, host, clock)
}

/// Wall time for the window benchmark.
@MainActor
final class WallClock: Clock {
    private let read: () -> Double
    init(read: @escaping () -> Double) { self.read = read }
    var now: Double { read() }
}

/// The gallery sitting in a real window with nothing to do: what it costs to leave the app open.
struct IdleResult: Codable {
    var size: [Int]
    var seconds: Double
    /// Processor time (all the app's threads, the renderer's included) per second of wall time.
    var cpuPercent: Double
    var frames: Int
    var framesDrawn: Int

    enum CodingKeys: String, CodingKey {
        case size, seconds, frames
        case cpuPercent = "cpu_percent"
        case framesDrawn = "frames_drawn"
    }
}

/// Opens the gallery in a real window, lets it settle, then measures three seconds of idling.
@MainActor
func measureIdleWindow(size: Size, assets: String) throws -> IdleResult {
    let (backend, host, clock) = try openWindow(
        showing: AppController(initialScene: .gallery), size: size, assets: assets)
    defer { backend.shutdown() }
    while clock.now < 1.5 { host.runFrame(inputs: backend.pollEvents()) }
    let undrawnBefore = backend.framesUndrawn
    let cpuBefore = Memory.processorSeconds()
    let start = clock.now
    var frames = 0
    while clock.now - start < 3 {
        host.runFrame(inputs: backend.pollEvents())
        frames += 1
    }
    let seconds = clock.now - start
    return IdleResult(
        size: [Int(size.width), Int(size.height)], seconds: seconds,
        cpuPercent: (Memory.processorSeconds() - cpuBefore) / seconds * 100, frames: frames,
        framesDrawn: frames - (backend.framesUndrawn - undrawnBefore))
}
