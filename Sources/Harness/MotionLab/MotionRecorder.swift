import Foundation
import Graphics
import Platform

/// Writes every frame of a stretch of time as `frame-0001.png`, `frame-0002.png`… (PNG encoding
/// runs off the frame loop, on the backend's writer queue), then — when `ffmpeg` is installed —
/// assembles them into `recording.mp4`; without it, says how to.
@MainActor
final class MotionRecorder {
    /// Without a duration: the next transition, or this long if none starts.
    static let idleLimit = 2.0
    /// No recording runs longer than this (a transition left paused, say).
    static let longest = 30.0

    private(set) var isRecording = false
    private var directory = ""
    private var duration: Double?
    private var startTime = 0.0
    private var sawTransition = false
    private(set) var frameCount = 0
    private var pendingWrites = 0
    private var failure: String?
    private var assembleWhenWritten = false
    private var report: @MainActor (String) -> Void = { _ in }

    func start(directory: String, duration: Double?, startTime: Double, transitionRunning: Bool) {
        self.directory = directory
        self.duration = duration.map { max($0, 0) }
        self.startTime = startTime
        sawTransition = transitionRunning
        frameCount = 0
        failure = nil
        assembleWhenWritten = false
        isRecording = true
        if let problem = CaptureStore.prepareFolder(for: directory + "/frame-0001.png") {
            failure = problem
        }
    }

    /// Called once per drawn frame while recording.
    func capture(
        frameAt time: Double, transitionRunning: Bool, app: any ObservedApp,
        report: @escaping @MainActor (String) -> Void
    ) {
        self.report = report
        let elapsed = time - startTime
        if let duration {
            if elapsed >= duration - 1e-9 {
                stop(app: app, report: report)
                return
            }
        } else {
            if transitionRunning { sawTransition = true }
            let transitionOver = sawTransition && !transitionRunning
            if (!sawTransition && elapsed >= Self.idleLimit) || elapsed >= Self.longest {
                stop(app: app, report: report)
                return
            }
            write(app: app)
            if transitionOver { stop(app: app, report: report) }
            return
        }
        write(app: app)
    }

    private func write(app: any ObservedApp) {
        guard failure == nil else { return }
        // Every frame of a recording is kept (of the scene alone, never the dock): when the
        // writer is busy, wait for it.
        _ = app.makeRoomForWrite(ofBytes: app.sceneFrameBytes, evenInWindow: true)
        guard let pixels = app.readScenePixels() else {
            failure = "the frame's pixels could not be read"
            return
        }
        frameCount += 1
        pendingWrites += 1
        let path = directory + String(format: "/frame-%04d.png", frameCount)
        app.writePNG(pixels, to: path) { [weak self] error in
            guard let self else { return }
            self.pendingWrites -= 1
            if let error, self.failure == nil { self.failure = error }
            if self.pendingWrites == 0 && self.assembleWhenWritten { self.assemble() }
        }
    }

    /// Ends the recording (the duration is over, the transition ended, or the app quits).
    func stop(app: any ObservedApp, report: @escaping @MainActor (String) -> Void) {
        self.report = report
        guard isRecording else { return }
        isRecording = false
        if let failure {
            report("Recording to \(directory) stopped: \(failure). Choose a writable folder with --captures DIR.")
            return
        }
        report("Recorded \(frameCount) frames to \(directory)/frame-0001.png …")
        if pendingWrites == 0 { assemble() } else { assembleWhenWritten = true }
    }

    /// Blocks until the frames are written and the video (if any) is made: headless runs exit after.
    func waitUntilDone(app: any ObservedApp) {
        app.waitForPendingWrites()
        if assembleWhenWritten && pendingWrites > 0 {
            // The writes' completions run on the main actor; the files themselves are complete.
            pendingWrites = 0
            assemble()
        }
        assembler?.waitUntilExit()
        assembler = nil
    }

    private var assembler: Process?

    private func assemble() {
        assembleWhenWritten = false
        guard frameCount > 0 else { return }
        let output = directory + "/recording.mp4"
        guard let ffmpeg = Self.findExecutable("ffmpeg") else {
            report(
                "For a video, install ffmpeg (apt-get install ffmpeg) and run: ffmpeg -framerate 60 -i "
                    + "\(directory)/frame-%04d.png -pix_fmt yuv420p \(output)")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-loglevel", "error", "-y", "-framerate", "60", "-i", directory + "/frame-%04d.png",
            "-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-pix_fmt", "yuv420p", output,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let report = self.report
        process.terminationHandler = { [weak self] finished in
            let status = finished.terminationStatus
            Task { @MainActor in
                report(status == 0 ? "Video saved: \(output)" : "ffmpeg could not make \(output) (exit \(status)).")
                self?.assembler = nil
            }
        }
        do {
            try process.run()
            assembler = process
        } catch {
            report("Could not start ffmpeg (\(error.localizedDescription)); the frames are in \(directory).")
        }
    }

    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
