import ArgumentParser
import Foundation
import Graphics
import Harness
import PlatformSDL
import Scenes
import Tools

/// The performance gauntlet (`tools/bench`). The parent runs every scenario at every size in a
/// child process of its own (so each peak RSS is that scenario's), then the scaling pairs, the
/// real-window session and start-up, and prints a table (and `--json FILE`).
///
///     teardowns-bench [--json FILE] [--only NAME] [--sizes 390x844,1280x800] [--window] [--assets DIR]
///                     [--app PATH] [--reference PATH]
///     teardowns-bench --child NAME WxH         (one headless scenario; prints its JSON)
///     teardowns-bench --child-window NAME WxH  (one real-window session; prints its JSON)
///     teardowns-bench --child-idle WxH         (the gallery idling in a real window; prints its JSON)
struct BenchOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "teardowns-bench",
        abstract: "The performance gauntlet: every scenario at every size, each in a process of its own.",
        discussion:
            "tools/bench builds in release mode and runs this with the project's assets, the release app "
            + "and the hand-drawn reference when ../shared/rawfloor is there.")

    static let defaultSizes = [Size(width: 390, height: 844), Size(width: 1280, height: 800)]

    @Option(help: ArgumentHelp("Also write the results to FILE as one JSON object.", valueName: "FILE"))
    var json: String?

    @Option(
        help: ArgumentHelp(
            "Run only this scenario (and no scaling pairs); fit or reference-load: only that row (needs --app).",
            valueName: "NAME"))
    var only: String?

    /// Unconditional, as the app's `--size`: a value that starts with a dash is judged as sizes.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Window sizes in points, comma-separated (default: 390x844,1280x800).", valueName: "WxH,…"),
        transform: BenchOptions.sizeList)
    var sizes: [Size]?

    @Option(
        help: ArgumentHelp(
            "Device pixels per point to run every scenario at, comma-separated, each 1–4 (default: 1,2).",
            valueName: "N,…"),
        transform: BenchOptions.scaleList)
    var scales: [Double]?

    /// The scale of a `--child` measurement (the parent passes it; hidden).
    @Option(name: .customLong("child-scale"), help: .hidden)
    var childScale: Double = 1

    @Flag(help: "Also play every scenario in a real window at vsync, then leave the gallery idle in one.")
    var window = false

    @Option(
        help: ArgumentHelp(
            "Renderers for the window sessions, side by side: auto, gpu, software (default: $TEARDOWNS_RENDERER, else auto).",
            valueName: "LIST"),
        transform: { text in
            try text.split(separator: ",").map { name in
                guard RendererChoice(rawValue: String(name)) != nil else {
                    throw ValidationError("--renderers takes auto, gpu and software, not '\(name)'.")
                }
                return String(name)
            }
        })
    var renderers: [String] = [ProcessInfo.processInfo.environment["TEARDOWNS_RENDERER"] ?? "auto"]

    @Option(help: ArgumentHelp("Folder of image assets.", valueName: "DIR"))
    var assets = "Assets"

    @Option(help: ArgumentHelp("The release app, to time its start-up to the first frame.", valueName: "PATH"))
    var app: String?

    @Option(
        help: ArgumentHelp("The hand-drawn reference (rawfloor) to compare the Rooms frames with.", valueName: "PATH"))
    var reference: String?

    /// The child modes are how the parent runs each measurement in a fresh process (Gauntlet's
    /// `child`): hidden from the help, kept in the argv shape `--child NAME WxH`.
    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("One headless scenario; prints its JSON.", valueName: "NAME WxH", visibility: .hidden))
    var child: [String] = []

    @Option(
        name: .customLong("child-window"), parsing: .upToNextOption,
        help: ArgumentHelp("One real-window session; prints its JSON.", valueName: "NAME WxH", visibility: .hidden))
    var childWindow: [String] = []

    @Option(
        name: .customLong("child-idle"),
        help: ArgumentHelp(
            "The gallery idling in a real window; prints its JSON.", valueName: "WxH", visibility: .hidden),
        transform: { try InputLimits.windowSize($0, flag: "--child-idle") })
    var childIdle: Size?

    /// What one process of the bench does.
    @MainActor
    enum Mode {
        case gauntlet(sizes: [Size], scales: [Double])
        case headless(Scenario, size: Size, scale: Double)
        case window(Scenario, size: Size, scale: Double)
        case idle(size: Size)
    }

    static let defaultScales = [1.0, 2.0]

    /// `--scales`: each as the app's `--scale` (1–4).
    static func scaleList(_ text: String) throws -> [Double] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map {
            guard let scale = Double($0), scale.isFinite, (1...4).contains(scale) else {
                throw ValidationError("each of --scales must be a number from 1 to 4, not '\($0)'.")
            }
            return scale
        }
    }

    /// `--sizes`: every size obeys the same parser and limits as the app's `--size`.
    static func sizeList(_ text: String) throws -> [Size] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map {
            try InputLimits.windowSize(String($0), flag: "each of --sizes")
        }
    }

    /// The mode the flags ask for. Scenario names are checked here rather than in `validate()`
    /// because the scenarios live on the main actor.
    @MainActor
    func mode() throws -> Mode {
        let children = [!child.isEmpty, !childWindow.isEmpty, childIdle != nil].filter { $0 }.count
        guard children <= 1 else {
            throw ValidationError("--child, --child-window and --child-idle exclude one another.")
        }
        if let childIdle { return .idle(size: childIdle) }
        for (flag, values) in [("--child", child), ("--child-window", childWindow)] where !values.isEmpty {
            guard values.count == 2 else {
                throw ValidationError("\(flag) takes NAME WxH, not '\(values.joined(separator: " "))'.")
            }
            guard let scenario = scenario(named: values[0]) else {
                throw ValidationError(
                    "\(flag) must name a scenario (\(Self.scenarioNames), table-N or collection-N), not '\(values[0])'."
                )
            }
            let size = try InputLimits.windowSize(values[1], flag: "the size after \(flag) NAME")
            guard childScale.isFinite, (1...4).contains(childScale) else {
                throw ValidationError("--child-scale must be a number from 1 to 4, not \(childScale).")
            }
            return flag == "--child"
                ? .headless(scenario, size: size, scale: childScale) : .window(scenario, size: size, scale: childScale)
        }
        if let only, only != "fit", only != "reference-load", !Scenarios.all.contains(where: { $0.name == only }) {
            throw ValidationError("--only must be one of \(Self.scenarioNames), fit or reference-load, not '\(only)'.")
        }
        return .gauntlet(sizes: sizes ?? Self.defaultSizes, scales: scales ?? Self.defaultScales)
    }

    @MainActor
    static var scenarioNames: String { Scenarios.all.map(\.name).joined(separator: ", ") }
}

@MainActor
func scenario(named name: String) -> Scenario? {
    if let found = Scenarios.all.first(where: { $0.name == name }) { return found }
    let parts = name.split(separator: "-")
    if parts.count == 2, let count = Int(parts[1]), ["table", "collection"].contains(String(parts[0])) {
        return Scenarios.scaling(String(parts[0]), count: count)
    }
    return nil
}

/// Parses the command line; a bad flag or value prints the reason and the usage and exits 2, as
/// the app and the monkey do (ArgumentParser's default is 64).
@MainActor
func parseCommandLine() -> (BenchOptions, BenchOptions.Mode) {
    do {
        let options = try BenchOptions.parse()
        return (options, try options.mode())
    } catch {
        if BenchOptions.exitCode(for: error) == .success {
            // The message ArgumentParser chose: `--help`, or `--help-hidden` with the child modes.
            print(BenchOptions.fullMessage(for: error, columns: 100))
            exit(0)
        }
        FileOutput.standardError.write(BenchOptions.fullMessage(for: error, columns: 100) + "\n")
        exit(2)
    }
}

func emit<T: Encodable>(_ value: T) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    if let data = try? encoder.encode(value), let line = String(data: data, encoding: .utf8) { print(line) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
    exit(1)
}

MainActor.assumeIsolated {
    let (options, mode) = parseCommandLine()
    do {
        switch mode {
        case .gauntlet(let sizes, let scales):
            Gauntlet(options: options, sizes: sizes, scales: scales).run()
        case .headless(let scenario, let size, let scale):
            emit(try measureHeadless(scenario, size: size, scale: scale, assets: options.assets))
        case .window(let scenario, let size, let scale):
            emit(try measureWindow(scenario, size: size, scale: scale, assets: options.assets))
        case .idle(let size):
            emit(try measureIdleWindow(size: size, assets: options.assets))
        }
    } catch {
        fail("\(error)")
    }
}
