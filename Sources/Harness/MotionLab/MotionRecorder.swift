import Foundation
import Graphics
import Platform

/// Records the scene (never the tools, the badge or a toast) frame by frame as numbered PNGs —
/// encoded off the frame loop through the backend's bounded writer, which the frame loop waits
/// for rather than piling frames up — then hands them to `ffmpeg` for a GIF and an MP4 ready to
/// share, and says so only once every file is complete.
///
/// R records the next transition from its first frame to its last, plus `tail`: pressed while
/// nothing moves, it waits for the transition to begin (at most `waitLimit`) instead of filming
/// the screen before it; pressed during one, it starts at once; pressed again, it stops and writes
/// what it has. A script's `record` films `duration` seconds from its moment.
@MainActor
final class MotionRecorder {
    /// What a recording leaves in its folder.
    enum Format: String, CaseIterable, Sendable {
        /// A looping GIF, a palette of its own, dithered, at 30 fps.
        case gif
        /// H.264 in yuv420p, 60 fps: plays in any browser.
        case mp4
        /// The numbered frames themselves.
        case png
    }

    /// R with nothing moving waits this long for a transition to begin.
    static let waitLimit = 10.0
    /// After the transition's last frame, this much more (it is seen at rest).
    static let tail = 0.2
    /// No recording runs longer than this (a transition left paused, say).
    static let longest = 30.0

    private enum State { case idle, waiting, recording }
    private var state = State.idle
    var isRecording: Bool { state != .idle }
    /// R was pressed and no transition has begun yet.
    var isWaiting: Bool { state == .waiting }
    /// Stopped recordings still being written or encoded.
    var isFinishing: Bool { !finishing.isEmpty }

    /// The recording under way, and those stopped whose frames are still being written or
    /// encoded: each finishes on its own, so R right after R never mixes two.
    private var job: RecordingJob?
    private var finishing: [RecordingJob] = []
    private var duration: Double?
    private var armedAt = 0.0
    private var startTime = 0.0
    private var transitionEndedAt: Double?
    var frameCount: Int { job?.frameCount ?? 0 }
    private var report: @MainActor (String) -> Void = { _ in }
    private var problem: @MainActor (String) -> Void = { _ in }

    /// Starts a recording into `folder` (made when the first frame is written; it must not hold
    /// files already). With `duration`, that many seconds from now; without, the next transition.
    func start(
        folder: String, duration: Double?, formats: Set<Format>, keepFrames: Bool, remedy: String, now: Double,
        transitionRunning: Bool, problem: @escaping @MainActor (String) -> Void
    ) {
        self.problem = problem
        job = RecordingJob(
            folder: folder, formats: formats.isEmpty ? [.png] : formats,
            keepFrames: keepFrames || formats.isEmpty || formats.contains(.png), remedy: remedy)
        if let obstacle = CaptureStore.creationObstacle(folder) {
            // Said at once, not after a whole transition was filmed for nothing.
            job = nil
            state = .idle
            problem("Cannot record into \(folder): \(obstacle). \(remedy)")
            return
        }
        self.duration = duration.map { max($0, 0) }
        armedAt = now
        startTime = now
        transitionEndedAt = nil
        state = duration != nil || transitionRunning ? .recording : .waiting
    }

    /// Called once per drawn frame while recording.
    func capture(
        frameAt time: Double, transitionRunning: Bool, app: any ObservedApp,
        report: @escaping @MainActor (String) -> Void, problem: @escaping @MainActor (String) -> Void
    ) {
        self.report = report
        self.problem = problem
        switch state {
        case .idle:
            return
        case .waiting:
            guard transitionRunning else {
                if time - armedAt >= Self.waitLimit {
                    state = .idle
                    job = nil
                    report(
                        "Not recorded: no transition began within \(Int(Self.waitLimit)) s of R. Press R, then start one."
                    )
                }
                return
            }
            state = .recording
            startTime = time
        case .recording:
            break
        }
        let elapsed = time - startTime
        if let duration {
            if elapsed >= duration - 1e-9 {
                stop(app: app)
                return
            }
            job?.write(app: app, at: time)
            return
        }
        job?.write(app: app, at: time)
        if transitionRunning {
            transitionEndedAt = nil
        } else if transitionEndedAt == nil {
            transitionEndedAt = time
        }
        if let ended = transitionEndedAt, time - ended >= Self.tail - 1e-9 { stop(app: app) }
        if elapsed >= Self.longest { stop(app: app) }
    }

    /// ffmpeg's concat list of the frames, each held until the next was drawn (the last for a
    /// sixtieth of a second).
    nonisolated static func frameList(count: Int, times: [Double]) -> String {
        var lines = ["ffconcat version 1.0"]
        for index in 0..<count {
            let duration = index + 1 < times.count ? max(times[index + 1] - times[index], 1e-3) : 1.0 / 60
            lines.append(String(format: "file 'frame-%04d.png'", index + 1))
            lines.append(String(format: "duration %.6f", duration))
        }
        // The concat demuxer uses the last entry's duration only when the file is listed again.
        lines.append(String(format: "file 'frame-%04d.png'", count))
        return lines.joined(separator: "\n") + "\n"
    }

    nonisolated static func framePath(_ folder: String, _ index: Int) -> String {
        folder + String(format: "/frame-%04d.png", index)
    }

    /// A recording's folder is made new, or must be empty: frames must never be mixed with
    /// another recording's (or any other file).
    static func freshFolderProblem(_ folder: String) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else { return "\(folder) is a file, not a folder" }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if !contents.isEmpty { return "the folder \(folder) already holds files; record into a new one" }
        }
        return CaptureStore.prepareFolder(for: framePath(folder, 1)).map { "\(folder): \($0)" }
    }

    /// Ends the recording (R again, the transition's tail is over, the duration ran out, the app
    /// quits): the frames written so far are encoded once they are all on disk.
    func stop(app: any ObservedApp) {
        switch state {
        case .idle: return
        case .waiting:
            state = .idle
            job = nil
            report("Recording cancelled before any transition began: nothing was written.")
            return
        case .recording: state = .idle
        }
        guard let job else { return }
        self.job = nil
        finishing.append(job)
        job.finish(report: report, problem: problem) { [weak self] finished in
            self?.finishing.removeAll { $0 === finished }
        }
    }

    /// Once a frame: stopped recordings whose encoding is done say so.
    func poll() {
        for job in finishing { job.poll() }
    }

    /// Blocks until every stopped recording's frames are written and encoded (headless runs exit
    /// after it).
    func waitUntilDone(app: any ObservedApp) {
        app.waitForPendingWrites()
        for job in finishing { job.waitUntilDone() }
        finishing = []
    }

    /// ffmpeg's arguments for `format`: the same frames give the same file on every run (one
    /// thread, bit-exact output).
    nonisolated static func arguments(for format: Format, folder: String, output: String) -> [String] {
        // The frames at the times they were drawn (a concat list with each frame's duration).
        let input = ["-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", folder + "/frames.ffconcat"]
        switch format {
        case .gif:
            return input + [
                "-filter_complex",
                "fps=30,split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
                "-loop", "0", "-threads", "1", "-fflags", "+bitexact", output,
            ]
        case .mp4:
            return input + [
                "-vf", "fps=60,scale=trunc(iw/2)*2:trunc(ih/2)*2", "-c:v", "libx264", "-preset", "veryfast", "-crf",
                "18",
                "-pix_fmt", "yuv420p", "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709",
                "-threads", "1", "-movflags", "+faststart", "-fflags", "+bitexact",
                "-flags:v", "+bitexact", output,
            ]
        case .png:
            return []
        }
    }

    /// Runs ffmpeg to the end; its last error line, or nil when it made the file.
    nonisolated static func run(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return "ffmpeg could not start (\(error.localizedDescription))"
        }
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus != 0 else { return nil }
        let line = String(decoding: output, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        return "ffmpeg exited \(process.terminationStatus)" + (line.isEmpty ? "" : " (\(line))")
    }

    nonisolated static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// One recording's frames and files: written frame by frame, then — once stopped and every frame
/// is on disk — encoded by ffmpeg off the main thread and announced once every file is complete.
@MainActor
final class RecordingJob {
    typealias Format = MotionRecorder.Format
    let folder: String
    let formats: Set<Format>
    let keepFrames: Bool
    let remedy: String
    private(set) var frameCount = 0
    private var pendingWrites = 0
    private var failure: String?
    private var stopped = false
    private var report: @MainActor (String) -> Void = { _ in }
    private var problem: @MainActor (String) -> Void = { _ in }
    private var done: @MainActor (RecordingJob) -> Void = { _ in }

    init(folder: String, formats: Set<Format>, keepFrames: Bool, remedy: String) {
        self.folder = folder
        self.formats = formats
        self.keepFrames = keepFrames
        self.remedy = remedy
        failure = CaptureStore.fileNameProblem(folder + "/frame-0001.png").map { "\(folder): \($0)" }
    }

    /// When each frame was drawn, on the app's clock: a window that could not keep 60 fps (or a
    /// slowed transition) plays back at the pace it was seen, not faster.
    private(set) var times: [Double] = []

    func write(app: any ObservedApp, at time: Double) {
        guard failure == nil else { return }
        if frameCount == 0 { failure = MotionRecorder.freshFolderProblem(folder) }
        guard failure == nil else { return }
        // Every frame is kept: when the writer is busy, the frame loop waits for it.
        _ = app.makeRoomForWrite(ofBytes: app.sceneFrameBytes, evenInWindow: true)
        guard let pixels = app.readScenePixels() else {
            failure = "the frame's pixels could not be read"
            return
        }
        frameCount += 1
        times.append(time)
        pendingWrites += 1
        let path = MotionRecorder.framePath(folder, frameCount)
        app.writePNG(pixels, to: path) { [weak self] error in
            guard let self else { return }
            self.pendingWrites -= 1
            if let error, self.failure == nil { self.failure = "\(path): \(error)" }
            if self.pendingWrites == 0 && self.stopped { self.encode() }
        }
    }

    /// Stopped: encode once every frame is written; `done` when the files are announced.
    func finish(
        report: @escaping @MainActor (String) -> Void, problem: @escaping @MainActor (String) -> Void,
        done: @escaping @MainActor (RecordingJob) -> Void
    ) {
        self.report = report
        self.problem = problem
        self.done = done
        stopped = true
        if pendingWrites == 0 { encode() }
    }

    /// Headless: the backend's writes are done (waited for by the caller); encode now and wait.
    func waitUntilDone() {
        if pendingWrites > 0 {
            // The writes' completions run on the main actor later; the files themselves are done.
            pendingWrites = 0
            encode()
        }
        encoding?.wait()
        announce()
    }

    private var encoding: DispatchGroup?
    private var result: EncodingResult?
    private var announced = false

    /// What the encoder left: the files made, or the first problem.
    private final class EncodingResult: @unchecked Sendable {
        var made: [String] = []
        var problem: String?
    }

    private static let queue = DispatchQueue(label: "teardowns.recording-encoder")
    private static var saidEncoderIsMissing = false

    private func finishWithout(_ message: String, isProblem: Bool = false) {
        announced = true
        if isProblem { problem(message) } else { report(message) }
        done(self)
    }

    private func encode() {
        guard encoding == nil, !announced else { return }
        if let failure {
            finishWithout("The recording could not be written: \(failure). \(remedy)", isProblem: true)
            return
        }
        let folder = self.folder
        let frames = frameCount
        guard frames > 0 else {
            finishWithout("Recording stopped before its first frame: nothing was written.")
            return
        }
        let outputs = Format.allCases.filter { formats.contains($0) && $0 != .png }
        if outputs.isEmpty {
            finishWithout(
                "Recorded \(frames) \(frames == 1 ? "frame" : "frames") to \(MotionRecorder.framePath(folder, 1)) …")
            return
        }
        guard let ffmpeg = MotionRecorder.findExecutable("ffmpeg") else {
            let first = !Self.saidEncoderIsMissing
            Self.saidEncoderIsMissing = true
            finishWithout(
                first
                    ? "ffmpeg is not installed, so the recording stays as \(frames) PNG frames in \(folder) "
                        + "(tools/ensure-deps run installs it; or apt-get install ffmpeg)."
                    : "Recorded \(frames) frames to \(MotionRecorder.framePath(folder, 1)) … (no ffmpeg)")
            return
        }
        let result = EncodingResult()
        let group = DispatchGroup()
        let keepFrames = self.keepFrames
        let list = MotionRecorder.frameList(count: frames, times: times)
        let listPath = folder + "/frames.ffconcat"
        group.enter()
        Self.queue.async {
            defer {
                try? FileManager.default.removeItem(atPath: listPath)
                group.leave()
            }
            do {
                try Data(list.utf8).write(to: URL(fileURLWithPath: listPath))
            } catch {
                result.problem = "\(listPath) could not be written (\(error.localizedDescription))"
                return
            }
            for format in outputs {
                let output = folder + "/recording.\(format.rawValue)"
                let arguments = MotionRecorder.arguments(for: format, folder: folder, output: output)
                if let problem = MotionRecorder.run(ffmpeg, arguments) {
                    result.problem = "\(output) was not made: \(problem)"
                    return
                }
                result.made.append(output)
            }
            if !keepFrames {
                for index in 1...frames {
                    try? FileManager.default.removeItem(atPath: MotionRecorder.framePath(folder, index))
                }
            }
        }
        encoding = group
        self.result = result
    }

    /// Once a frame: announces the files as soon as the encoder is done (the frame loop is the
    /// app's run loop: nothing waits on the main queue for it).
    func poll() {
        guard let encoding, encoding.wait(timeout: .now()) == .success else { return }
        announce()
    }

    /// Says what was made, once, after every file is complete.
    private func announce() {
        guard !announced, let result else { return }
        if let problem = result.problem {
            finishWithout(
                "The recording could not be encoded: \(problem). The frames are in \(folder).", isProblem: true)
            return
        }
        let names = result.made.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
        let seconds = (times.last ?? 0) - (times.first ?? 0) + 1.0 / 60
        finishWithout(
            "Recording saved: \(folder)/\(names) (\(frameCount) \(frameCount == 1 ? "frame" : "frames"), "
                + String(format: "%.2f s", seconds) + (keepFrames ? ", frames kept" : "") + ")")
    }
}
