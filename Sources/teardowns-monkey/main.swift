import ArgumentParser
import Foundation
import Graphics
import Harness
import PlatformSDL
import Scenes
import Tools

/// `tools/monkey`: seeded random input against the whole app, headless, with the app's invariants
/// checked after every frame. On a failure it prints the seed and writes the shortest script it
/// can find that still breaks the same rule (events removed while the failure stays).
struct MonkeyOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "teardowns-monkey", abstract: "Random input against the app, checked after every frame.")

    @Option(help: "Seed of the random run (the same seed gives the same run).")
    var seed: UInt64 = 1

    @Option(help: "How many events to send.")
    var events: Int = 2000

    @Option(help: ArgumentHelp("Scene to start in (default: the gallery).", valueName: "scene"))
    var scene: String?

    /// Unconditional, as the app's `--size`: a value that starts with a dash is judged as a size.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Window size in points (default: 390x844).", valueName: "WxH"),
        transform: { try InputLimits.windowSize($0, flag: "--size") })
    var size = Size(width: 390, height: 844)

    @Option(help: ArgumentHelp("Folder for the script that reproduces a failure.", valueName: "DIR"))
    var out: String = "."

    @Option(help: ArgumentHelp("Folder of image assets.", valueName: "DIR"))
    var assets: String = "Assets"

    @Option(help: "Draw one frame in N (the checks run on every frame).")
    var drawEvery: Int = 4

    @Option(help: "Seconds after the last input by which everything must rest.")
    var settleWithin: Double = 2

    @Flag(
        name: .customLong("render-check"),
        help: "Draw each drawn frame also as the reference (every optimisation off) and fail where they differ.")
    var renderCheck = false

    @Flag(help: "Draw every frame and check it against its neighbours: no flash, no hole (slower).")
    var frames = false

    @Flag(help: "Also drive the motion lab and live tuning: their keys, slow, pause, step, scrub, record, tune.")
    var lab = false

    @Option(help: "At most this many replays while shrinking a failure.")
    var shrinkRuns: Int = 60

    @Option(
        help: ArgumentHelp(
            "Replay this script (a shrunk failure) with the monkey's checks instead of random input.",
            valueName: "FILE"))
    var replay: String?
}

/// One line on stdout, unbuffered like the app's own messages so the two interleave in order.
func say(_ line: String) {
    FileOutput.standardOutput.write(line + "\n")
}

func fail(_ message: String, code: Int32) -> Never {
    FileOutput.standardError.write(message + "\n")
    exit(code)
}

let options: MonkeyOptions
do {
    options = try MonkeyOptions.parse()
} catch {
    if MonkeyOptions.exitCode(for: error) == .success {
        say(MonkeyOptions.helpMessage())
        exit(0)
    }
    fail(MonkeyOptions.fullMessage(for: error), code: 2)
}
let size = options.size
var startScene: SceneID?
if let name = options.scene {
    guard let scene = SceneID(rawValue: name) else {
        fail("--scene must be one of \(SceneID.allCases.map(\.rawValue).joined(separator: ", ")).", code: 2)
    }
    startScene = scene
}
guard options.events > 0 else { fail("--events must be at least 1.", code: 2) }

let captures = NSTemporaryDirectory() + "teardowns-monkey-\(getpid())"

/// The flags a replay needs to check what this run checked (the rules, not the input).
func replayFlags() -> String {
    var flags = ""
    if options.frames { flags += " --frames" }
    if options.renderCheck { flags += " --render-check" }
    if options.settleWithin != 2 { flags += " --settle-within \(options.settleWithin)" }
    if options.drawEvery != 4 { flags += " --draw-every \(options.drawEvery)" }
    return flags
}

/// Writes the three frames around a frame-check failure beside `path` (…-before.png, -odd.png,
/// -after.png), so the odd frame can be looked at next to its neighbours.
@MainActor
func writeFrames(of monkey: MonkeyRun, beside path: String) {
    guard monkey.lastFrameTrio.count == 3 else { return }
    let stem = (path as NSString).deletingPathExtension
    for (image, name) in zip(monkey.lastFrameTrio, ["before", "odd", "after"]) {
        monkey.backend.writePNG(image, to: "\(stem)-\(name).png") { _ in }
    }
    monkey.backend.waitForPendingWrites()
    say("monkey: the frames around it: \(stem)-before.png, -odd.png, -after.png")
}

/// Peak memory and the most textures alive at once: both must stay bounded however long it runs.
@MainActor
func memoryReport(_ monkey: MonkeyRun) -> String {
    let peak = MonkeyRun.memoryMegabytes(field: "VmHWM").map { "\($0) MB" } ?? "unknown"
    return "peak RSS \(peak), at most \(monkey.mostTextures) textures alive (limit \(MonkeyRun.maximumTextures))"
}

/// `--replay`: the script at `path` with the monkey's checks; 0 when nothing is found.
@MainActor
func replay(_ path: String, with monkey: MonkeyRun) -> Int32 {
    guard let data = FileManager.default.contents(atPath: path) else {
        fail("Cannot read the script \(MessageText.quoted(path)) given to --replay.", code: 2)
    }
    let script: InputScript
    do {
        script = try InputScript.parse(data)
    } catch {
        fail("The script \(MessageText.quoted(path)) is not valid: \(error.message).", code: 2)
    }
    let (found, frames) = monkey.run(script)
    guard let failure = found else {
        say(
            "monkey: \(path): \(script.events.count) events, \(frames) frames, nothing found; \(memoryReport(monkey))"
        )
        return 0
    }
    say("monkey: \(path) FAILED at \(failure.time) s: \(failure.detail)")
    writeFrames(of: monkey, beside: path)
    return 1
}

/// Removes ever smaller runs of `events` while the same rule still fails (at most `--shrink-runs`
/// replays), saving each candidate to `inProgress`; returns what is left and the replays made.
@MainActor
func shrink(
    _ start: [ScriptEvent], of script: InputScript, failing failure: MonkeyFailure, with monkey: MonkeyRun,
    savingTo inProgress: String
) -> (events: [ScriptEvent], runs: Int) {
    var events = start
    var runs = 0
    var chunk = max(events.count / 2, 1)
    while chunk >= 1, runs < options.shrinkRuns {
        var start = 0
        while start < events.count, runs < options.shrinkRuns {
            var candidate = events
            candidate.removeSubrange(start..<min(start + chunk, events.count))
            runs += 1
            let trial = InputScript(scene: script.scene, size: script.size, events: candidate)
            try? trial.jsonText().write(toFile: inProgress, atomically: true, encoding: .utf8)
            if let again = monkey.run(trial).failure, again.rule == failure.rule {
                events = candidate
            } else {
                start += chunk
            }
        }
        if chunk == 1 { break }
        chunk /= 2
    }
    return (events, runs)
}

@MainActor
func main() -> Int32 {
    let backend: SDLBackend
    do {
        backend = try SDLBackend(
            mode: .headless, size: size, scale: 1, assetsDirectory: options.assets, pictureCache: .user)
    } catch {
        fail(error.description, code: 1)
    }
    defer { backend.shutdown() }
    // SDL turns these into a quit event nobody here reads: a monkey (or its shrinking, which can
    // take many minutes) ends on SIGTERM or Ctrl-C as any command-line tool does.
    signal(SIGTERM, SIG_DFL)
    signal(SIGINT, SIG_DFL)
    let monkey = MonkeyRun(
        backend: backend, capturesFolder: captures, drawEvery: options.drawEvery, settleWithin: options.settleWithin,
        renderCheck: options.renderCheck, checksFrames: options.frames)
    if let path = options.replay { return replay(path, with: monkey) }
    var maker = RandomScript(seed: options.seed, size: size, lab: options.lab)
    let script = maker.make(count: options.events, scene: startScene)
    try? FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
    let inProgress = (options.out as NSString).appendingPathComponent("monkey-seed-\(options.seed)-running.json")
    // If the app traps, this file is the script that did it.
    try? script.jsonText().write(toFile: inProgress, atomically: true, encoding: .utf8)
    let sceneName = startScene?.rawValue ?? "gallery"
    say("monkey: seed \(options.seed), \(options.events) events, \(sceneName), \(InputLimits.windowSizeText(size))")
    let (found, frames) = monkey.run(script)
    guard let failure = found else {
        try? FileManager.default.removeItem(atPath: inProgress)
        say(
            "monkey: seed \(options.seed): \(options.events) events, \(frames) frames, nothing found; \(memoryReport(monkey))"
        )
        return 0
    }
    say("monkey: seed \(options.seed) FAILED at \(failure.time) s: \(failure.detail)")
    // The frames as found, before shrinking (which may take hours on a long run) replaces them.
    writeFrames(
        of: monkey, beside: (options.out as NSString).appendingPathComponent("monkey-seed-\(options.seed)-found.json"))
    // Events after the failure cannot have caused it.
    let (events, runs) = shrink(
        script.events.filter { $0.at <= failure.time }, of: script, failing: failure, with: monkey,
        savingTo: inProgress)
    let minimal = InputScript(scene: script.scene, size: script.size, events: events)
    // Nothing removed (no shrinking asked for, or none worked): the run already found it.
    let shrunk = events.count < script.events.filter { $0.at <= failure.time }.count
    let final = shrunk ? monkey.run(minimal).failure ?? failure : failure
    writeFrames(
        of: monkey, beside: (options.out as NSString).appendingPathComponent("monkey-seed-\(options.seed).json"))
    let path = (options.out as NSString).appendingPathComponent("monkey-seed-\(options.seed).json")
    try? FileManager.default.removeItem(atPath: inProgress)
    do {
        try minimal.jsonText().write(toFile: path, atomically: true, encoding: .utf8)
        say("monkey: shrunk to \(events.count) events in \(runs) replays: \(final.detail)")
        say("monkey: reproduce with: tools/monkey --replay \(path)\(replayFlags())")
    } catch {
        say("monkey: could not write \(path): \(error.localizedDescription)")
        say(minimal.jsonText())
    }
    return 1
}

// `exit` skips top-level `defer`s: the captures folder goes first, whatever the result.
let status = main()
try? FileManager.default.removeItem(atPath: captures)
exit(status)
