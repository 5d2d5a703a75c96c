import Foundation
import Graphics
import Platform

/// Records the scene (never the tools, the badge or a toast) as the motion lab keeps it: the
/// display list of every sixtieth of a second of animation time (`SampleGrid`), however slowly or
/// unevenly the window drew — then draws each one offline at the recording's own scale and hands
/// the frames to `ffmpeg` for a GIF and an MP4. The same transition gives the same bytes in a
/// window and headless, slowed or not; the files are announced only once they are complete.
///
/// R records the next transition from its first frame to its last, plus `tail`: pressed while
/// nothing moves, it waits for the transition to begin (at most `waitLimit`) instead of filming
/// the screen before it; pressed during one, it starts at once; pressed again, it stops and writes
/// what it has. A script's `record` films `duration` seconds of animation time from its moment.
@MainActor
package final class MotionRecorder {
    /// What a recording leaves in its folder.
    package typealias Format = RecordingFormat

    /// R with nothing moving waits this long (the user's time) for a transition to begin.
    static let waitLimit = 10.0
    /// After the transition's last frame, this much more (it is seen at rest).
    static let tail = 0.2
    /// No recording runs longer than this, in its own time or the user's (a transition left
    /// paused, say).
    static let longest = 30.0

    private enum State { case idle, waiting, recording }
    private var state = State.idle
    var isRecording: Bool { state != .idle }
    /// R was pressed and no transition has begun yet.
    var isWaiting: Bool { state == .waiting }
    /// Frames are being kept: the lab keeps its grid of moments going for them.
    var isTaking: Bool { state == .recording }
    /// Stopped recordings still being drawn, written or encoded.
    var isFinishing: Bool { !finishing.isEmpty }

    /// The recording under way, and those stopped whose frames are still being drawn, written or
    /// encoded: each finishes on its own, so R right after R never mixes two.
    private var job: RecordingJob?
    private var finishing: [RecordingJob] = []
    private var duration: Double?
    /// The app's clock when R was pressed (or `record` ran): waiting and the longest are the
    /// user's time.
    private var armedAt = 0.0
    /// The animation time of the first frame, and of the moment the transition was seen ended.
    private var startTime: Double?
    private var transitionEndedAt: Double?
    /// The last moment of the lab's grid taken, and its picture (held over moments a stalled
    /// window skipped).
    private var lastTaken: (moment: Int, list: DisplayList)?
    var frameCount: Int { job?.frameCount ?? 0 }
    /// What the last finished recording made, for the dump.
    private(set) var lastResult: RecordingResult?
    private var report: @MainActor (String) -> Void = { _ in }
    private var problem: @MainActor (String) -> Void = { _ in }

    /// Starts a recording into `folder` (made when the first frame is written; it must not hold
    /// files already), drawn at `scale`. With `duration`, that many seconds of animation time
    /// from now; without, the next transition.
    func start(
        folder: String, duration: Double?, formats: Set<Format>, keepFrames: Bool, scale: Double, remedy: String,
        now: Double, transitionRunning: Bool, report: @escaping @MainActor (String) -> Void,
        problem: @escaping @MainActor (String) -> Void
    ) {
        self.report = report
        self.problem = problem
        job = RecordingJob(
            folder: folder, formats: formats.isEmpty ? [.png] : formats,
            keepFrames: keepFrames || formats.isEmpty || formats.contains(.png), scale: scale, remedy: remedy)
        if let obstacle = CaptureStore.creationObstacle(folder) {
            // Said at once, not after a whole transition was filmed for nothing.
            job = nil
            state = .idle
            problem("Cannot record into \(folder): \(obstacle). \(remedy)")
            return
        }
        self.duration = duration.map { max($0, 0) }
        armedAt = now
        startTime = nil
        transitionEndedAt = nil
        lastTaken = nil
        state = duration != nil || transitionRunning ? .recording : .waiting
    }

    /// Once a drawn frame, on the app's clock: R's wait and the longest recording are the
    /// user's time.
    func frameEnded(baseNow: Double, app: any ObservedApp) {
        switch state {
        case .idle: break
        case .waiting:
            if baseNow - armedAt >= Self.waitLimit {
                state = .idle
                job = nil
                report(
                    "Not recorded: no transition began within \(Int(Self.waitLimit)) s of R. Press R, then start one.")
            }
        case .recording:
            job?.render(limit: RecordingJob.framesDrawnPerFrame, app: app)
            if baseNow - armedAt >= Self.longest { stop(app: app) }
        }
        for job in finishing { job.poll(app: app) }
    }

    /// A moment of the lab's grid: `list` is what the scene shows at `time` (animation time).
    func take(_ list: DisplayList, moment: Int, at time: Double, transitionRunning: Bool, app: any ObservedApp) {
        switch state {
        case .idle: return
        case .waiting:
            guard transitionRunning else { return }
            state = .recording
        case .recording: break
        }
        let start = startTime ?? time
        startTime = start
        let elapsed = time - start
        if let duration, elapsed >= duration - 1e-9 {
            stop(app: app)
            return
        }
        if let last = lastTaken, moment > last.moment + 1 {
            // Moments a stalled window skipped: the picture it showed stays up for them.
            for _ in 0..<min(moment - last.moment - 1, Int(Self.longest * 60)) { job?.take(last.list) }
        }
        lastTaken = (moment, list)
        job?.take(list)
        guard duration == nil else { return }
        if transitionRunning {
            transitionEndedAt = nil
        } else if transitionEndedAt == nil {
            transitionEndedAt = time
        }
        if let ended = transitionEndedAt, time - ended >= Self.tail - 1e-9 { stop(app: app) }
        if elapsed >= Self.longest { stop(app: app) }
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
    /// quits, the next recording began): its frames are drawn, written and encoded, and the files
    /// announced; `reason` says why when it is not its own end or the user's, for the message
    /// when nothing was written.
    func stop(app: any ObservedApp, reason: String? = nil) {
        switch state {
        case .idle: return
        case .waiting:
            state = .idle
            let folder = job?.folder ?? ""
            job = nil
            report(
                "Recording into \(folder) cancelled before any transition began"
                    + (reason.map { " (\($0))" } ?? "") + ": nothing was written.")
            return
        case .recording: state = .idle
        }
        guard let job else { return }
        job.stopReason = reason
        self.job = nil
        finishing.append(job)
        job.finish(report: report, problem: problem) { [weak self] finished in
            self?.lastResult = finished.result
            self?.finishing.removeAll { $0 === finished }
        }
        job.poll(app: app)
    }

    /// Blocks until every stopped recording is drawn, written and encoded (headless runs and a
    /// window that quits call it).
    func waitUntilDone(app: any ObservedApp) {
        for job in finishing { job.waitUntilDone(app: app) }
        finishing = []
    }

    /// The recording as the dump tells it.
    var dumpState: String {
        switch state {
        case .waiting: return "waiting"
        case .recording: return "recording"
        case .idle: return isFinishing ? "saving" : "idle"
        }
    }
}
