import ArgumentParser
import Foundation
import Graphics
import Harness
import Motion
import Platform
import PlatformSDL
import Scenes
import Tools

#if canImport(Glibc)
    import Glibc
#endif

/// Parses the command line by hand so that a bad flag exits 2 (ArgumentParser's default is 64).
func parseOptions() -> CommandLineOptions {
    do {
        return try CommandLineOptions.parse()
    } catch {
        let code = CommandLineOptions.exitCode(for: error)
        if code == .success {
            print(CommandLineOptions.helpMessage(columns: 100))
            exit(0)
        }
        FileOutput.standardError.write(CommandLineOptions.fullMessage(for: error, columns: 100) + "\n")
        exit(2)
    }
}

func fail(_ message: String, code: Int32) -> Never {
    FileOutput.standardError.write(MessageText.line(message) + "\n")
    exit(code)
}

/// Reads a file given on the command line (`--script`, `--tune`), refusing up front what cannot
/// be it: missing, a folder, larger than `limit`, unreadable. `what` names it in the message.
func readInputFile(_ path: String, what: String, flag: String, limit: Int) -> Data {
    let shown = MessageText.quoted(path)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        fail("Cannot read the \(what) \(shown): there is no such file. Check the path given to \(flag).", code: 2)
    }
    if isFolder.boolValue {
        fail("Cannot read the \(what) \(shown): it is a folder. Give \(flag) the JSON file itself.", code: 2)
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    if bytes > limit {
        fail(
            "The \(what) \(shown) is not valid: it is \(bytes) bytes; \(what)s may be at most \(limit) bytes "
                + "(\(limit / 1_048_576) MB).", code: 2)
    }
    // Through a file handle, so a pipe (`--script <(…)`) reads too, and never more than the limit.
    guard let handle = FileHandle(forReadingAtPath: path),
        case .success(let read) = Result(catching: { try handle.read(upToCount: limit + 1) })
    else {
        fail("Cannot read the \(what) \(shown): it is not readable (check its permissions).", code: 2)
    }
    // `read` is nil at the end of the file: an empty file is read, and said to be empty.
    let data = read ?? Data()
    // Spaces and line breaks alone are as empty as nothing.
    if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
        fail(
            "The \(what) \(shown) is empty: give \(flag) a JSON object"
                + (flag == "--script" ? #", e.g. {"events":[]}."# : #", e.g. {"rooms.present.damping": 0.7}."#),
            code: 2)
    }
    if data.count > limit {
        fail("The \(what) \(shown) is not valid: it is more than \(limit) bytes (\(limit / 1_048_576) MB).", code: 2)
    }
    return data
}

let options = parseOptions()

var script: InputScript?
if let path = options.script {
    let data = readInputFile(path, what: "script", flag: "--script", limit: InputLimits.scriptBytes)
    do {
        script = try InputScript.parse(data)
    } catch {
        fail("The script \(MessageText.quoted(path)) is not valid: \(error.message).", code: 2)
    }
}

var tuningData: Data?
if let path = options.tune {
    let data = readInputFile(path, what: "tuning file", flag: "--tune", limit: InputLimits.tuningBytes)
    do {
        try LiveTuning.validate(data)
    } catch {
        fail("The tuning file \(MessageText.quoted(path)) is not valid: \(error.message).", code: 2)
    }
    tuningData = data
}

// Files written at the end are checked now, so a long run does not end in a name that cannot be.
for (flag, path) in [("--dump", options.dump), ("--tune-out", options.tuneOut)] {
    guard let path, let problem = CaptureStore.fileNameProblem(path) else { continue }
    fail("\(flag) '\(MessageText.quoted(path))' cannot be written: \(problem).", code: 2)
}

// --export-code: the code of the effects with the tuned values, no window.
if let folder = options.exportCode {
    if folder.isEmpty { fail("--export-code needs a folder: --export-code DIR.", code: 2) }
    let scenes = (options.scene ?? script?.scene).flatMap { $0 == .gallery ? nil : [$0.rawValue] }
    let result = MainActor.assumeIsolated {
        CodeExport.write(
            scenes: scenes ?? SceneID.allCases.filter { $0 != .gallery }.map(\.rawValue), tuning: tuningData,
            into: folder)
    }
    for path in result.written { print("Code saved: \(MessageText.quoted(path))") }
    if let problem = result.problem { fail(problem, code: 1) }
    exit(0)
}

// --fit: follow an element through a screen recording and fit its motion; print JSON, no window.
if let file = options.fit {
    FitCommand.run(
        file: file, track: options.track, at: options.fitAt, until: options.fitUntil, start: options.fitStart)
}

/// Applies `--slow`, `--reference` and `--tune` to a new host; a bad tuning file exits 2 naming the problem.
/// With TEARDOWNS_STARTUP_PROBE set (the benchmark's start-up measure) the app says when its
/// first frame is presented and quits.
@MainActor
func configure(_ host: AppHost) {
    if ProcessInfo.processInfo.environment["TEARDOWNS_STARTUP_PROBE"] != nil {
        host.frameObserver = { [weak host] phase in
            guard phase == .presented, let host, !host.wantsToQuit else { return }
            FileOutput.standardOutput.write("teardowns: first frame presented\n")
            host.requestQuit()
        }
    }
    if let throttle = ProcessInfo.processInfo.environment["TEARDOWNS_THROTTLE_MS"].flatMap(Double.init),
        throttle > 0, !options.headless
    {
        // A machine too busy to keep up, on purpose (tests of what a slow window records): each
        // presented frame waits this long more, up to a second.
        let earlier = host.frameObserver
        host.frameObserver = { phase in
            earlier?(phase)
            if phase == .presented { usleep(UInt32(min(throttle, 1000) * 1000)) }
        }
    }
    host.lab.setSlowdown(options.slow)
    if options.reduceMotion { host.reducesMotion = true }
    host.lab.keepsRecordingFrames = options.keepFrames
    host.lab.recordingScale = options.recordScale
    if let file = options.reference { host.referenceTool.perform(.load(file: file, onion: nil)) }
    guard let tuningData, let path = options.tune else { return }
    do {
        try host.liveTuning.load(tuningData)
    } catch {
        fail("The tuning file \(MessageText.quoted(path)) is not valid: \(error.message).", code: 2)
    }
}

/// Writes `--tune-out` as the app ends.
@MainActor
func writeTuning(_ host: AppHost) -> Bool {
    guard let path = options.tuneOut else { return true }
    guard host.liveTuning.write(to: path) else { return false }
    print("Tuning saved: \(MessageText.quoted(path))")
    return true
}

let scene = options.scene ?? script?.scene ?? .gallery
let size = options.size ?? script?.size ?? Size(width: 390, height: 844)
if let problem = InputLimits.frameProblem(size, scale: options.scale) {
    let source = options.size != nil ? "--size" : "The script's size"
    fail("\(source) is too large: \(problem). Use a smaller size or --scale.", code: 2)
}
if let script, let path = options.script {
    for event in script.events {
        guard case .resize(let target) = event.kind,
            let problem = InputLimits.frameProblem(target, scale: options.scale)
        else { continue }
        fail(
            "The script \(MessageText.quoted(path)) is not valid: its resize at \(event.at) s is too large: \(problem).",
            code: 2)
    }
}
let assetsDirectory = options.assets ?? AssetLocator.defaultDirectory()
let stampFormatter = DateFormatter()
stampFormatter.dateFormat = "yyyyMMdd-HHmmss"
let captures = CaptureStore(directory: options.captures) { stampFormatter.string(from: Date()) }

if !options.headless && !DisplayCheck.hasDisplay() {
    fail(
        "No display found (DISPLAY and WAYLAND_DISPLAY are not set). Run headless instead: "
            + "teardowns --headless --script FILE --dump out.json, or in a virtual display: xvfb-run -a tools/run",
        code: 1)
}

// `--renderer`, else TEARDOWNS_RENDERER, else auto.
let rendererEnvironment = ProcessInfo.processInfo.environment["TEARDOWNS_RENDERER"].flatMap { $0.isEmpty ? nil : $0 }
if options.renderer == nil, let named = rendererEnvironment, RendererChoice(rawValue: named) == nil {
    fail(
        "TEARDOWNS_RENDERER must be auto, gpu or software, not '\(MessageText.quoted(named))'. Unset it or fix it.",
        code: 2)
}
let rendererChoice = options.renderer ?? rendererEnvironment.flatMap(RendererChoice.init(rawValue:)) ?? .auto

// Ctrl-C, SIGTERM, a terminal closing (SIGHUP) and SIGQUIT end the run between two frames, in
// a window as headless: what was asked (the dump, the tuning, a recording's frames) is written,
// with the shell's status for the signal. A recording's encoder is stopped with it.
for stopping in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
    signal(stopping) { StopSignal.received = $0 }
}

let backend: SDLBackend
do {
    backend = try SDLBackend(
        mode: options.headless ? .headless : .window(title: "Teardowns"), size: size, scale: options.scale,
        assetsDirectory: assetsDirectory, verbose: options.verbose, pictureCache: .user,
        renderer: rendererChoice)
} catch {
    // Ctrl-C while the display server was tried again: stopped, as between two frames.
    if StopSignal.received != 0 {
        FileOutput.standardError.write("Stopped by \(StopSignal.name(StopSignal.received)) before the window opened.\n")
        exit(128 + StopSignal.received)
    }
    fail(error.description, code: 1)
}

// `--render`, else TEARDOWNS_RENDER, else the pipeline.
let renderEnvironment = ProcessInfo.processInfo.environment["TEARDOWNS_RENDER"].flatMap { $0.isEmpty ? nil : $0 }
if options.render == nil, let named = renderEnvironment, RenderMode(rawValue: named) == nil {
    fail(
        "TEARDOWNS_RENDER must be pipeline or reference, not '\(MessageText.quoted(named))'. Unset it or fix it.",
        code: 2)
}
let renderMode = options.render ?? renderEnvironment.flatMap(RenderMode.init(rawValue:)) ?? .pipeline
backend.renderOptions = renderMode.options
if options.verbose {
    let passes = backend.renderOptionsInForce.names
    print(
        "Render: \(renderMode.rawValue) (\(passes.isEmpty ? "no optimisations" : passes.joined(separator: ", "))"
            + "), \(backend.costModelName) cost model")
    print("Renderer: \(backend.rendererReason)")
}

var stopSignal: Int32 { StopSignal.received }

/// Says which signal stopped the run and when.
func sayStopped(at seconds: Double, of what: String) {
    FileOutput.standardError.write(
        "Stopped by \(StopSignal.name(StopSignal.received)) at \(String(format: "%.1f", seconds)) s of the \(what).\n")
}

var exitCode: Int32 = 0
if options.headless {
    let clock = ManualClock()
    let checker = options.renderCheck ? RenderCheckingBackend(backend) : nil
    let host = AppHost(backend: checker ?? backend, clock: clock, scene: scene, captures: captures)
    checker?.onMismatch = { [weak host] mismatch in
        FileOutput.standardError.write(
            "render check: at \(clock.now) s, \(mismatch.description). To see both, capture that frame with "
                + "--render pipeline and with --render reference (the reference draws everything, on one thread).\n")
        host?.requestQuit()
    }
    configure(host)
    let timeline = Timeline(script: script ?? InputScript(events: []), windowSize: backend.pointSize)
    host.shouldStop = { stopSignal != 0 }
    ReplayRunner().run(timeline, host: host, clock: clock) { _, _, _ in stopSignal == 0 }
    if stopSignal != 0 {
        backend.cancelPendingWrites()
        sayStopped(at: clock.now, of: "script")
    }
    host.lab.finishRecording()
    if let dump = options.dump { host.dump(to: dump) }
    backend.waitForPendingWrites()
    if backend.droppedWrites > 0 {
        FileOutput.standardError.write(
            "\(backend.droppedWrites) PNG files still queued (captures or recording frames) were not written.\n")
    }
    // The tuning is written whatever failed before it (each file asked for is tried).
    let tuningWritten = writeTuning(host)
    if host.hadWriteFailure || !tuningWritten { exitCode = 1 }
    if host.hadScriptProblem { exitCode = 2 }
    if let checker {
        if checker.mismatches.isEmpty {
            print("render check: \(checker.framesChecked) frames agree with the reference")
        } else {
            exitCode = 1
        }
    }
} else {
    let clock = RealClock { [backend] in backend.monotonicSeconds() }
    let host = AppHost(backend: backend, clock: clock, scene: scene, captures: captures)
    // A window keeps drawing while a reference video is read (headless runs read it at once, so
    // every replay is the same).
    host.loadsInBackground = true
    configure(host)
    host.shouldStop = { stopSignal != 0 }
    backend.onConnectionLost = {
        // A force quit: what a close writes — the recording under way too — is written.
        host.lab.finishRecording()
        if let dump = options.dump { host.dump(to: dump) }
        backend.waitForPendingWrites()
        _ = writeTuning(host)
    }
    let timeline = script.map { Timeline(script: $0, windowSize: backend.pointSize) }
    WindowRunner().run(host: host, script: timeline)
    if stopSignal != 0 { sayStopped(at: clock.now, of: "run") }
    if let dump = options.dump { host.dump(to: dump) }
    backend.waitForPendingWrites()
    if !writeTuning(host) { exitCode = 1 }
}
backend.shutdown()
// Stopped by a signal: the shell's status for it, whatever was or was not written meanwhile.
exit(stopSignal != 0 ? 128 + stopSignal : exitCode)
