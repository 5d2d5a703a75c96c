import Foundation

/// Profiles chosen frames only: with `BENCH_PROFILE_FRAMES=25,30` and `BENCH_PROFILE_FIFO` naming
/// the control fifo of a `perf record -D -1 --control fifo:PATH` around the run, perf records
/// from the end of each chosen frame's kit work to its present — the draw alone, not the 460
/// ordinary frames around it (a smoothing frame's cost was found this way, 2026-11-29).
struct FrameProfiler {
    private let frames: Set<Int>
    private let fifo: String?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        frames = Set((environment["BENCH_PROFILE_FRAMES"] ?? "").split(separator: ",").compactMap { Int($0) })
        fifo = environment["BENCH_PROFILE_FIFO"]
    }

    /// The frame's display list is built: its drawing begins.
    func drawBegins(frame: Int) { tell("enable", frame: frame) }

    /// The frame is presented.
    func drawEnds(frame: Int) { tell("disable", frame: frame) }

    /// Written without waiting: with no perf reading the fifo the run goes on unprofiled.
    private func tell(_ command: String, frame: Int) {
        guard frames.contains(frame), let fifo else { return }
        let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let line = Array("\(command)\n".utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
