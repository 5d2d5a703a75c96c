import Foundation

/// What `--fit` costs (issue 42): a 10 s screen recording at 1170×2532 (a phone at 3×), 60 fps,
/// H.264, of a card moving by a spring, drawn by ffmpeg; the release app follows the card and fits
/// it. Its wall time must stay under the video's length on two cores, its peak memory under 300 MB.
struct FitResult: Encodable {
    var seconds: Double
    var peakRSSMB: Double
    var frames: Int
    var dampingRatio: Double?

    enum CodingKeys: String, CodingKey {
        case seconds, frames
        case peakRSSMB = "peak_rss_mb"
        case dampingRatio = "damping_ratio"
    }
}

extension Gauntlet {
    func fitBenchmark(app: String) -> FitResult? {
        guard let ffmpeg = Self.ffmpeg else {
            print("\nFit: skipped (no ffmpeg)")
            return nil
        }
        let folder = NSTemporaryDirectory() + "teardowns-bench-fit-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let video = folder + "/spring-10s.mp4"
        // ζ 0.62, response 0.38 s, from x 100 to 500 after 1 s, then still; a status bar marker moving.
        let (zeta, omega) = (0.62, 2 * Double.pi / 0.38)
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let u = "max(t-1\\,0)"
        let x =
            "500-400*exp(-\(zeta * omega)*\(u))*(cos(\(damped)*\(u))+\(zeta * omega / damped)*sin(\(damped)*\(u)))"
        let graph =
            "color=c=0xF2F2F7:s=1170x2532:r=60[s];color=c=0x1C1C1E:s=1170x120:r=60[bar];"
            + "color=c=0x34C759:s=90x60:r=60[m];color=c=0x3478F6:s=600x400:r=60,"
            + "drawbox=x=40:y=40:w=520:h=80:color=white:t=fill,drawgrid=w=100:h=100:t=4:c=0x1C1C1E[c];"
            + "[bar][m]overlay=x=mod(n*37\\,1080):y=30[st];[s][st]overlay[top];"
            + "[top][c]overlay=x=\(x):y=1000:eval=frame,format=yuv420p"
        let made = Self.run(
            ffmpeg,
            [
                "-v", "error", "-nostdin", "-y", "-filter_complex", graph, "-frames:v", "600", "-c:v", "libx264",
                "-preset", "veryfast", "-crf", "23", video,
            ])
        guard made?.status == 0 else {
            print("\nFit: could not make the test video")
            return nil
        }
        guard let fit = Self.run(app, ["--fit", video, "--track", "100,1000,600,400"]) else { return nil }
        let (seconds, data) = (fit.seconds, fit.output)
        let document = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        let spring = document?["spring"] as? [String: Any]
        let frames = (document?["track"] as? [Any])?.count ?? 0
        let result = FitResult(
            seconds: seconds, peakRSSMB: fit.peakRSSMB, frames: frames,
            dampingRatio: spring?["damping_ratio"] as? Double)
        print(
            String(
                format: "\nFit (--fit, release): a 10 s 1170×2532 60 fps video, %d frames followed in %.1f s "
                    + "(target < 10 s), peak RSS %.0f MB (target < 300 MB), damping %@ (drawn at 0.62)",
                frames, seconds, result.peakRSSMB, result.dampingRatio.map { String($0) } ?? "none"))
        return result
    }
}

extension Gauntlet {
    /// ffmpeg, where Debian puts it.
    static var ffmpeg: String? {
        ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` with `arguments` to its end: its exit status, wall time, peak resident
    /// memory and standard output; nil when it cannot start.
    static func run(_ executable: String, _ arguments: [String]) -> (
        status: Int32, seconds: Double, peakRSSMB: Double, output: Data
    )? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        let wall = ContinuousClock()
        let started = wall.now
        guard (try? process.run()) != nil else { return nil }
        let peak = PeakResidentMemory(pid: process.processIdentifier)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let elapsed = wall.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (process.terminationStatus, seconds, peak.stop(), data)
    }
}

/// The largest resident set a running process reached (`VmHWM`, its own high-water mark), read
/// every 20 ms until stopped: the last reading before it exits is its peak.
final class PeakResidentMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var megabytes = 0.0
    private var running = true

    init(pid: Int32) {
        DispatchQueue.global().async { [self] in
            while lock.withLock({ running }) {
                let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
                if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                    let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
                {
                    lock.withLock { megabytes = max(megabytes, kilobytes / 1024) }
                }
                usleep(20_000)
            }
        }
    }

    /// Stops watching; the peak seen, in megabytes.
    func stop() -> Double {
        lock.withLock {
            running = false
            return megabytes
        }
    }
}
