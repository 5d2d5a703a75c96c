import Foundation
import Graphics
import Platform

/// What a finished recording made, as the message and the dump say it: the real frame counts of
/// the files, read back from them.
package struct RecordingResult: Equatable, Sendable {
    var folder: String
    var files: [String]
    /// Frames kept (one per sixtieth of a second): the MP4's and the numbered PNGs' count.
    var frames: Int
    /// The GIF's frames, read from the file (holds included), when one was made.
    var gifFrames: Int?
    var scale: Double
    var seconds: Double { Double(frames) / 60 }
}

/// One recording: its kept pictures, drawn offline at the recording's scale into numbered PNGs
/// (a few per app frame, so a window stays live), then — once stopped and every frame is on disk
/// — encoded by ffmpeg off the main thread, each file under a temporary name until it is whole,
/// and announced once every file is complete.
@MainActor
package final class RecordingJob {
    package typealias Format = MotionRecorder.Format
    let folder: String
    let formats: Set<Format>
    let keepFrames: Bool
    let scale: Double
    let remedy: String
    /// Frames kept so far (drawn or waiting to be).
    private(set) var frameCount = 0
    /// Kept pictures not drawn yet, oldest first.
    private var waiting: [DisplayList] = []
    private var drawn = 0
    private var renderer: (any OffscreenRenderer)?
    private var pendingWrites = 0
    private var failure: String?
    /// Why it was stopped, when not by its own end or the user (said if nothing was written).
    var stopReason: String?
    /// The first frame whose PNG could not be written: the frames after it, written meanwhile,
    /// are taken away again, so the folder holds the frames before it and no gap.
    private var firstUnwrittenFrame: Int?
    private var stopped = false
    private(set) var result: RecordingResult?
    private var report: @MainActor (String) -> Void = { _ in }
    private var problem: @MainActor (String) -> Void = { _ in }
    private var done: @MainActor (RecordingJob) -> Void = { _ in }

    /// Pictures drawn per app frame while the recording runs and while it is saved: the window
    /// keeps drawing between them; a headless frame keeps up with the one it takes.
    static let framesDrawnPerFrame = 2

    init(folder: String, formats: Set<Format>, keepFrames: Bool, scale: Double, remedy: String) {
        self.folder = folder
        self.formats = formats
        self.keepFrames = keepFrames
        self.scale = scale
        self.remedy = remedy
        failure = CaptureStore.fileNameProblem(folder + "/frame-0001.png").map { "\(folder): \($0)" }
    }

    func take(_ list: DisplayList) {
        guard failure == nil else { return }
        frameCount += 1
        waiting.append(list)
    }

    /// Draws up to `limit` kept pictures and queues their PNGs (waiting for the writer's room:
    /// every frame is kept).
    func render(limit: Int, app: any ObservedApp) {
        var count = 0
        while count < limit, failure == nil, !waiting.isEmpty {
            count += 1
            let list = waiting.removeFirst()
            if drawn == 0 {
                failure = MotionRecorder.freshFolderProblem(folder)
                guard failure == nil else { break }
            }
            guard let pixels = draw(list, app: app) else { break }
            drawn += 1
            pendingWrites += 1
            _ = app.makeRoomForWrite(ofBytes: pixels.rgba.count, evenInWindow: true)
            let path = MotionRecorder.framePath(folder, drawn)
            let index = drawn
            app.writePNG(pixels, to: path) { [weak self] error in
                guard let self else { return }
                self.pendingWrites -= 1
                guard let error else { return }
                if self.failure == nil { self.failure = "\(path): \(error)" }
                self.firstUnwrittenFrame = min(self.firstUnwrittenFrame ?? index, index)
            }
        }
        if failure != nil { waiting = [] }
        // Every frame drawn: its renderer (a frame-sized surface, its textures and pictures) goes
        // before the encoder starts.
        if stopped && waiting.isEmpty { renderer = nil }
    }

    /// One picture at the recording's scale, in a frame the size of the first one's scene (a
    /// window resized meanwhile keeps the recording's size: the scene is cut or bordered).
    private func draw(_ list: DisplayList, app: any ObservedApp) -> PixelImage? {
        if renderer == nil {
            let size = list.viewport?.size ?? app.sceneFrame.size
            if let tooLarge = InputLimits.frameProblem(size, scale: scale) {
                failure = "a frame of \(tooLarge)"
                return nil
            }
            switch app.makeOffscreenRenderer(size: size, scale: scale) {
            case .success(let made): renderer = made
            case .failure(let error):
                failure = "the frames could not be drawn: \(error.description)"
                return nil
            }
        }
        guard let pixels = renderer?.render(list) else {
            failure = "frame \(drawn + 1) could not be drawn"
            return nil
        }
        return pixels
    }

    /// Stopped: encode once every frame is drawn and written; `done` when the files are announced.
    func finish(
        report: @escaping @MainActor (String) -> Void, problem: @escaping @MainActor (String) -> Void,
        done: @escaping @MainActor (RecordingJob) -> Void
    ) {
        self.report = report
        self.problem = problem
        self.done = done
        stopped = true
    }

    /// Once a frame after it stopped: draws a few more frames; encodes once all are written;
    /// announces once the encoder is done (the frame loop is the app's run loop: nothing waits
    /// on the main queue for it).
    func poll(app: any ObservedApp) {
        guard stopped, !announced else { return }
        render(limit: Self.framesDrawnPerFrame, app: app)
        if waiting.isEmpty && pendingWrites == 0 { encode() }
        if let encoding, encoding.wait(timeout: .now()) == .success { announce() }
    }

    /// Draws and writes every frame left, encodes and waits (headless runs, and a window that
    /// quits, end after it).
    func waitUntilDone(app: any ObservedApp) {
        // Asked to stop by a signal: the frames drawn so far are kept, the rest not drawn.
        if StopSignal.received == 0 { render(limit: .max, app: app) }
        app.waitForPendingWrites()
        // The writes' completions run on the main actor later; the files themselves are done.
        pendingWrites = 0
        encode()
        encoding?.wait()
        announce()
    }

    private var encoding: DispatchGroup?
    private var outcome: EncodingOutcome?
    private var announced = false

    /// What the encoder left: the files made, or the first problem.
    private final class EncodingOutcome: @unchecked Sendable {
        var made: [String] = []
        var gifFrames: Int?
        var problem: String?
        var stoppedBy: Int32?
    }

    private static let queue = DispatchQueue(label: "teardowns.recording-encoder")
    private static var saidEncoderIsMissing = false

    private func finishWithout(_ message: String, isProblem: Bool = false) {
        announced = true
        if isProblem { problem(message) } else { report(message) }
        done(self)
    }

    /// The full stop after the folder's name, unless the name ends with one.
    private var folderStop: String { folder.hasSuffix(".") ? "" : "." }

    private var framesText: String { "\(drawn) \(drawn == 1 ? "frame" : "frames")" }

    /// After a frame that could not be written: the frames written after it go (a numbered
    /// sequence with a gap in it plays only to the gap), and what is left is said.
    private func framesKeptBeforeFailure() -> String {
        guard let first = firstUnwrittenFrame else { return "" }
        for index in first...max(drawn, first) {
            try? FileManager.default.removeItem(atPath: MotionRecorder.framePath(folder, index))
        }
        let kept = first - 1
        guard kept > 0 else { return "" }
        return "The \(kept) \(kept == 1 ? "frame" : "frames") before it "
            + "(\(String(format: "%.2f", Double(kept) / 60)) s at 60 fps) \(kept == 1 ? "is" : "are") in \(folder)\(folderStop) "
    }

    /// A signal came before the encode: frames still queued then were dropped, so what is on
    /// disk is said.
    private func stoppedWhileRecording(frames: Int) {
        var onDisk = 0
        while onDisk < frames, FileManager.default.fileExists(atPath: MotionRecorder.framePath(folder, onDisk + 1)) {
            onDisk += 1
        }
        result = RecordingResult(folder: folder, files: [], frames: onDisk, gifFrames: nil, scale: scale)
        finishWithout(
            "Stopped by \(StopSignal.name(StopSignal.received)) while recording: it was not encoded; "
                + "\(onDisk) \(onDisk == 1 ? "frame" : "frames") (\(String(format: "%.2f", Double(onDisk) / 60)) s "
                + "at 60 fps) are in \(folder)\(folderStop)",
            isProblem: true)
    }

    private func encode() {
        guard encoding == nil, !announced else { return }
        if let failure {
            finishWithout(
                "The recording could not be written: \(failure). \(framesKeptBeforeFailure())\(remedy)", isProblem: true
            )
            return
        }
        let folder = self.folder
        let frames = drawn
        guard frames > 0 else {
            finishWithout(
                "Recording into \(folder) stopped before its first frame"
                    + (stopReason.map { " (\($0))" } ?? "") + ": nothing was written.")
            return
        }
        if StopSignal.received != 0 {
            stoppedWhileRecording(frames: frames)
            return
        }
        let outputs = Format.allCases.filter { formats.contains($0) && $0 != .png }
        if outputs.isEmpty {
            result = RecordingResult(folder: folder, files: [], frames: frames, gifFrames: nil, scale: scale)
            finishWithout("Recorded \(framesText) to \(MotionRecorder.framePath(folder, 1)) …")
            return
        }
        guard let ffmpeg = RecordingEncoding.findExecutable("ffmpeg") else {
            let first = !Self.saidEncoderIsMissing
            Self.saidEncoderIsMissing = true
            result = RecordingResult(folder: folder, files: [], frames: frames, gifFrames: nil, scale: scale)
            // A GIF or MP4 asked for and not made is a file lost: said as a problem (a headless
            // run exits 1), the frames kept.
            finishWithout(
                first
                    ? "ffmpeg is not installed, so the recording stays as \(framesText) (PNG) in \(folder) "
                        + "(tools/ensure-deps run installs it; or apt-get install ffmpeg)."
                    : "Recorded \(framesText) to \(MotionRecorder.framePath(folder, 1)) … (no ffmpeg: no "
                        + outputs.map { "recording.\($0.rawValue)" }.joined(separator: " or ") + ")",
                isProblem: true)
            return
        }
        let outcome = EncodingOutcome()
        let group = DispatchGroup()
        let keepFrames = self.keepFrames
        group.enter()
        Self.queue.async {
            defer { group.leave() }
            for (index, format) in outputs.enumerated() {
                switch RecordingEncoding.encode(format, frames: frames, folder: folder, ffmpeg: ffmpeg) {
                case .made(let path, let gifFrames):
                    outcome.made.append(path)
                    if let gifFrames { outcome.gifFrames = gifFrames }
                case .failed(let problem):
                    // The files after it are not tried (the same encoder would fail or hang
                    // again), and the message names them too.
                    let untried = outputs.dropFirst(index + 1).map { "recording.\($0.rawValue)" }
                    outcome.problem =
                        problem + (untried.isEmpty ? "" : "; \(untried.joined(separator: " and ")) was not made either")
                    return
                case .stopped(let signal):
                    outcome.stoppedBy = signal
                    return
                }
            }
            if !keepFrames {
                for index in 1...frames {
                    try? FileManager.default.removeItem(atPath: MotionRecorder.framePath(folder, index))
                }
            }
        }
        encoding = group
        self.outcome = outcome
    }

    /// Says what was made, once, after every file is complete.
    private func announce() {
        guard !announced, let outcome else { return }
        if let signal = outcome.stoppedBy {
            finishWithout(
                "Stopped by \(StopSignal.name(signal)) while encoding the recording: no GIF or MP4 was left half made; "
                    + "its \(framesText) are in \(folder)\(folderStop)", isProblem: true)
            return
        }
        if let problem = outcome.problem {
            finishWithout(
                "The recording could not be encoded: \(problem). Its \(framesText) are in \(folder)\(folderStop)",
                isProblem: true)
            return
        }
        let made = RecordingResult(
            folder: folder, files: outcome.made.map { FilePath.name(of: $0) }, frames: drawn,
            gifFrames: outcome.gifFrames, scale: scale)
        result = made
        var parts = ["\(drawn) frames at 60 fps"]
        if let gif = made.gifFrames {
            parts = formats.contains(.mp4) ? ["MP4 \(drawn) frames at 60 fps"] : []
            parts.append("GIF \(gif) frames at 30 fps, held \(RecordingEncoding.holdText) at each end")
        }
        finishWithout(
            "Recording saved: \(folder)/\(made.files.joined(separator: ", ")) ("
                + String(format: "%.2f s at %g×: ", made.seconds, scale) + parts.joined(separator: "; ")
                + (keepFrames ? "; frames kept" : "") + ")")
    }
}
