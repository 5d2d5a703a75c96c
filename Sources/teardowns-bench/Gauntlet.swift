import Foundation
import Graphics
import Harness
import Tools

/// Runs the whole gauntlet: each scenario × size in its own child process, the scaling pairs, the
/// hand-drawn reference, the real-window sessions and start-up; prints the table and the JSON.
@MainActor
struct Gauntlet {
    let options: BenchOptions
    let sizes: [Size]
    /// Device pixels per point each scenario runs at (1, and 2 for HiDPI).
    let scales: [Double]

    private var assets: String { options.assets }

    func run() {
        var report = BenchReport()
        let only = options.only
        let results = scenarioTable(only: only)
        report.scenarios = results
        report.referenceDrawing = referenceDrawing(beside: results, only: only)
        if only == nil { report.scaling = scalingPairs() }
        if let reference = options.reference { report.reference = handDrawn(reference: reference, beside: results) }
        if options.window { (report.window, report.idleWindow) = windowSessions(only: only) }
        if let app = options.app {
            var times: [Double] = []
            for _ in 0..<5 { if let time = startup(app) { times.append(time) } }
            let median = times.sorted().dropFirst(times.count / 2).first ?? 0
            print(
                String(
                    format:
                        "\nStart-up to the first frame presented (release, headless, median of 5): %.0f ms (target ≤ 300 ms)",
                    median))
            report.startupMs = median
            if only == nil || only == "fit" { report.fit = fitBenchmark(app: app) }
            if only == nil || only == "reference-load" { report.referenceLoad = referenceLoadBenchmark(app: app) }
        }

        if let path = options.json {
            do {
                try report.jsonData().write(to: URL(fileURLWithPath: path), options: .atomic)
                print("\nJSON saved: \(path)")
            } catch {
                print("\nCould not write \(path): \(error.localizedDescription)")
            }
        }
    }

    /// Each scenario × size × scale in its own child process: the table's rows.
    func scenarioTable(only: String?) -> [ScenarioResult] {
        let only = options.only
        print(
            "| scenario | size | frames | kit p50 / p99 ms | draw p50 / p99 ms | frame p90 / p99 / max ms | over 16.7 ms | textures/frame (steady) | peak RSS MB | Mpx drawn/frame p50 / p99 · threads |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|")
        var results: [ScenarioResult] = []
        for scale in scales {
            for scenario in Scenarios.all where only == nil || scenario.name == only {
                for size in sizes {
                    let arguments = ["--child", scenario.name, sizeText(size), "--child-scale", String(scale)]
                    guard let result = child(arguments, as: ScenarioResult.self) else {
                        print("| \(scenario.name) | \(sizeText(size))\(scaleText(scale)) | failed | | | | | | |")
                        continue
                    }
                    results.append(result)
                    print(row(result))
                }
            }
        }
        return results
    }

    /// What the passes buy: each scenario at 1× drawn as the reference (every optimisation and
    /// cache off), its draw p99 beside the pipeline's from the table.
    func referenceDrawing(beside results: [ScenarioResult], only: String?) -> [ReferenceDrawingResult] {
        var drawn: [ReferenceDrawingResult] = []
        print("\nThe reference drawing (--render reference) beside the pipeline (draw p99 at 1×):")
        for scenario in Scenarios.all where only == nil || scenario.name == only {
            for size in sizes {
                guard
                    let pipeline = results.first(where: {
                        $0.name == scenario.name && $0.size == [Int(size.width), Int(size.height)] && $0.scale == 1
                    }),
                    let reference = child(
                        ["--child", scenario.name, sizeText(size), "--child-scale", "1"], as: ScenarioResult.self,
                        environment: ["TEARDOWNS_RENDER": "reference"])
                else { continue }
                let ratio = reference.drawMs.p99 / max(pipeline.drawMs.p99, 1e-9)
                print(
                    String(
                        format: "  %@ %@: reference %.2f ms, pipeline %.2f ms (%.1f× faster)", scenario.name,
                        sizeText(size), reference.drawMs.p99, pipeline.drawMs.p99, ratio))
                drawn.append(
                    ReferenceDrawingResult(
                        name: scenario.name, size: [Int(size.width), Int(size.height)],
                        referenceDrawP99: reference.drawMs.p99, pipelineDrawP99: pipeline.drawMs.p99))
            }
        }
        return drawn
    }

    /// The scaling pairs: the kit's processor-time p99 with 10 and 10,000 items, per kind.
    func scalingPairs() -> [String: [String: Double]] {
        var scaling: [String: [String: Double]] = [:]
        print("\nScaling (kit processor-time p99 at 390×844, the same four flings; median of three runs each):")
        for kind in ["table", "collection"] {
            // The kit p99s are a fifth of a millisecond, where one scheduler hiccup decides a
            // wall-clock p99: the kit's own processor time, three runs each, interleaved so
            // drift hits both sides, and the median.
            var runs: [String: [Double]] = [:]
            for _ in 0..<3 {
                for count in [10, 10_000] {
                    if let result = child(["--child", "\(kind)-\(count)", "390x844"], as: ScenarioResult.self) {
                        runs["\(count)", default: []].append(result.kitCpuMs?.p99 ?? result.kitMs.p99)
                    }
                }
            }
            let p99 = runs.mapValues { $0.sorted()[$0.count / 2] }
            scaling[kind] = p99
            let ratio = (p99["10000"] ?? 0) / max(p99["10"] ?? 1, 1e-9)
            print(
                String(
                    format: "  %@: 10 items %.3f ms, 10,000 items %.3f ms → %.2f× (target ≤ 1.2×)", kind,
                    p99["10"] ?? 0, p99["10000"] ?? 0, ratio))
        }
        return scaling
    }

    /// The form `--child` reads back (`InputLimits.windowSize`).
    func sizeText(_ size: Size) -> String { InputLimits.windowSizeText(size) }

    /// "" at 1×, "@2x" otherwise, after a size in the table.
    func scaleText(_ scale: Double) -> String {
        scale == 1 ? "" : "@\(scale == scale.rounded() ? String(Int(scale)) : String(scale))x"
    }

    func row(_ r: ScenarioResult) -> String {
        String(
            format:
                "| %@ | %d×%d%@ | %d | %.2f / %.2f | %.2f / %.2f | %.2f / %.2f / %.2f | %d | %.3f | %.0f | %.2f / %.2f · %d |",
            r.name, r.size[0], r.size[1], scaleText(r.scale), r.frames, r.kitMs.p50, r.kitMs.p99, r.drawMs.p50,
            r.drawMs.p99, r.frameMs.p90, r.frameMs.p99, r.frameMs.max, r.overBudget, r.texturesSteady, r.peakRssMB,
            r.megapixelsPerFrame?.p50 ?? 0, r.megapixelsPerFrame?.p99 ?? 0, r.drawThreads ?? 1)
    }

    /// Runs this executable with `childArguments` and decodes the JSON line it prints last; nil
    /// when it failed. Each child starts with an empty picture cache of its own, so every
    /// scenario is measured from a cold start (decoding its pictures the first time) whatever ran
    /// before it.
    func child<Result: Decodable>(
        _ childArguments: [String], as type: Result.Type, environment extra: [String: String] = [:]
    ) -> Result? {
        let me = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let cache = NSTemporaryDirectory() + "teardowns-bench-cache-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        guard let output = runTool(me, childArguments + ["--assets", assets], cacheFolder: cache, environment: extra),
            let line = output.split(separator: "\n").last
        else { return nil }
        return try? JSONDecoder().decode(type, from: Data(line.utf8))
    }

    func runTool(
        _ path: String, _ toolArguments: [String], cacheFolder: String? = nil, environment extra: [String: String] = [:]
    ) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = toolArguments
        if cacheFolder != nil || !extra.isEmpty {
            var environment = ProcessInfo.processInfo.environment
            if let cacheFolder { environment["TEARDOWNS_CACHE_DIR"] = cacheFolder }
            environment.merge(extra) { _, new in new }
            process.environment = environment
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("bench: cannot run \(path): \(error)\n".utf8))
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// "1280x800 present: p50 19.76 ms  p99 29.22 ms" → 29.22
    func p99(in output: String, label: String) -> Double {
        for line in output.split(separator: "\n") where line.contains(label + ":") || line.contains(label + " :") {
            let words = line.split(separator: " ")
            if let index = words.firstIndex(of: "p99"), index + 1 < words.count, let value = Double(words[index + 1]) {
                return value
            }
        }
        return 0
    }

    /// Milliseconds from launching the app to its first presented frame (it says so on stdout
    /// when TEARDOWNS_STARTUP_PROBE is set, then quits).
    func startup(_ app: String) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: app)
        process.arguments = ["--headless", "--scene", "gallery", "--assets", assets]
        var environment = ProcessInfo.processInfo.environment
        environment["TEARDOWNS_STARTUP_PROBE"] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        let wall = ContinuousClock()
        let launched = wall.now
        do { try process.run() } catch { return nil }
        var seen = ""
        var elapsed: Double?
        while elapsed == nil {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
            if seen.contains("first frame presented") { elapsed = milliseconds(wall.now - launched) }
        }
        process.waitUntilExit()
        return elapsed
    }
}

/// The middle value (the upper middle of an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// The hand-drawn reference's p99s at one size and our Rooms frames against them.
struct ReferenceResult: Codable {
    var size: [Int]
    var scrollP99: Double
    var presentP99: Double
    var flingRatio: Double
    var openRatio: Double

    enum CodingKeys: String, CodingKey {
        case size
        case scrollP99 = "scroll_p99"
        case presentP99 = "present_p99"
        case flingRatio = "fling_ratio"
        case openRatio = "open_ratio"
    }
}

/// Everything one run measured, written by `--json FILE` as one JSON object, so a script reads it
/// with one parse. Every key is always there: a part this run did not measure (the scaling pairs
/// under `--only`, the reference without `--reference`, the window sessions without `--window`,
/// start-up without `--app`) is `null`, which tells "not measured" apart from "measured nothing".
struct BenchReport: Encodable {
    /// One per scenario × size that finished (a failed child is a "failed" row in the table).
    var scenarios: [ScenarioResult] = []
    /// Kit processor-time p99 by kind ("table", "collection") and item count ("10", "10000").
    var scaling: [String: [String: Double]]?
    /// One per size.
    var reference: [ReferenceResult]?
    /// One per scenario × size at 1×: the reference drawing's draw p99 beside the pipeline's.
    var referenceDrawing: [ReferenceDrawingResult]?
    var window: [WindowResult]?
    var idleWindow: [IdleResult]?
    /// Start-up to the first presented frame, the median of five.
    var startupMs: Double?
    /// `--fit` on a 10 s phone recording: wall time and peak memory.
    var fit: FitResult?
    /// A 60 s 4K reference video loaded beside Rooms: wall time and peak memory.
    var referenceLoad: ReferenceLoadResult?

    enum CodingKeys: String, CodingKey {
        case scenarios, scaling, reference, window, fit
        case referenceLoad = "reference_load"
        case referenceDrawing = "reference_drawing"
        case idleWindow = "idle_window"
        case startupMs = "startup_ms"
    }

    /// Written by hand: the synthesized encoder leaves a nil out, and a missing key reads as a
    /// mistake where `null` reads as "not measured".
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenarios, forKey: .scenarios)
        try container.encode(scaling, forKey: .scaling)
        try container.encode(reference, forKey: .reference)
        try container.encode(referenceDrawing, forKey: .referenceDrawing)
        try container.encode(window, forKey: .window)
        try container.encode(idleWindow, forKey: .idleWindow)
        try container.encode(fit, forKey: .fit)
        try container.encode(referenceLoad, forKey: .referenceLoad)
        try container.encode(startupMs, forKey: .startupMs)
    }

    /// The whole report, pretty-printed with sorted keys (stable to diff between runs).
    func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        var data = try encoder.encode(self)
        data.append(contentsOf: Array("\n".utf8))
        return data
    }
}

/// A scenario drawn as the reference beside the pipeline: the gap is what the passes buy.
struct ReferenceDrawingResult: Codable {
    var name: String
    var size: [Int]
    var referenceDrawP99: Double
    var pipelineDrawP99: Double

    enum CodingKeys: String, CodingKey {
        case name, size
        case referenceDrawP99 = "reference_draw_p99_ms"
        case pipelineDrawP99 = "pipeline_draw_p99_ms"
    }
}
