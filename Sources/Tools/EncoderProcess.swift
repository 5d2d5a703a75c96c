import Foundation
import Graphics

#if canImport(Glibc)
    import Glibc
#endif

/// ffmpeg as a child the app can always stop: started with `-nostdin`-style isolation (stdin and
/// stdout from and to /dev/null, so it never takes the terminal), a clean signal mask and default
/// signal dispositions (Foundation's `Process` hands it the app's blocked ones), in the app's own
/// process group (a Ctrl-C at the terminal reaches it too). The wait is bounded: a signal to the
/// app is passed on and the child given a moment to go; a child whose progress file stops
/// growing and which uses no processor time meanwhile is stopped as hung (a GIF's palette pass
/// writes no progress until it ends: 40 s for a minute at 1280×800, all of it busy).
package enum EncoderProcess {
    package enum Outcome: Equatable {
        case finished
        /// It ran and failed: its exit and last line of errors.
        case failed(String)
        /// The app was asked to stop (the signal), and the child was stopped with it.
        case stopped(Int32)
    }

    /// How long ffmpeg may go without writing progress or using the processor before it is taken
    /// as hung (`TEARDOWNS_ENCODER_STALL_SECONDS`; 30 s).
    static var stallSeconds: Double {
        // Only a finite number of seconds counts (nan, inf or words fall back to 30).
        let named = ProcessInfo.processInfo.environment["TEARDOWNS_ENCODER_STALL_SECONDS"].flatMap(Double.init)
        guard let named, named.isFinite else { return 30 }
        return min(max(named, 0.2), 3600)
    }

    private static let pollMicroseconds: UInt32 = 20_000

    /// Runs `executable` to its end. ffmpeg is told to write its progress to `progressFile`
    /// (`-progress`), whose growth says it is alive; its errors go to `errorFile`, whose last line
    /// a failure reports.
    static func run(_ executable: String, _ arguments: [String], progressFile: String, errorFile: String) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let all = [executable] + ["-nostdin", "-progress", "file:" + progressFile, "-stats_period", "0.5"] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = all.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        guard status == 0 else {
            return .failed("ffmpeg could not start (\(String(cString: strerror(status))))")
        }
        return wait(for: child, progressFile: progressFile, errorFile: errorFile)
    }

    private static func wait(for child: pid_t, progressFile: String, errorFile: String) -> Outcome {
        let stallPolls = Int(stallSeconds * 1_000_000 / Double(pollMicroseconds))
        var lastProgress = -1
        var lastWork = -1
        var pollsWithoutProgress = 0
        while true {
            var status: Int32 = 0
            let waited = waitpid(child, &status, WNOHANG)
            // A Ctrl-C at the terminal reaches ffmpeg too, and may end it first: still a stop.
            if waited == child {
                return StopSignal.received != 0
                    ? .stopped(StopSignal.received) : outcome(of: status, errorFile: errorFile)
            }
            if waited < 0 && errno != EINTR { return .failed("ffmpeg could not be waited for") }
            if StopSignal.received != 0 {
                stop(child)
                return .stopped(StopSignal.received)
            }
            let progress = fileSize(progressFile)
            let work = processorTicks(of: child) ?? lastWork
            if progress != lastProgress || work != lastWork {
                lastProgress = progress
                lastWork = work
                pollsWithoutProgress = 0
            } else {
                pollsWithoutProgress += 1
                if pollsWithoutProgress >= stallPolls {
                    stop(child)
                    return .failed(
                        "ffmpeg made no progress and did no work for \(Int(stallSeconds.rounded())) s and was "
                            + "stopped as hung; "
                            + "check that `ffmpeg -version` answers (tools/ensure-deps run reinstalls it)")
                }
            }
            usleep(pollMicroseconds)
        }
    }

    /// SIGTERM, a moment to end cleanly, then SIGKILL; the child is always reaped.
    private static func stop(_ child: pid_t) {
        kill(child, SIGTERM)
        for _ in 0..<100 {
            var status: Int32 = 0
            if waitpid(child, &status, WNOHANG) == child { return }
            usleep(pollMicroseconds)
        }
        kill(child, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(child, &status, 0)
    }

    private static func outcome(of status: Int32, errorFile: String) -> Outcome {
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        if exited && code == 0 { return .finished }
        let lines = ((try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "").split(separator: "\n")
        let last = lines.last.map { MessageText.quoted(String($0), limit: 200) } ?? ""
        let how = exited ? "ffmpeg exited \(code)" : "ffmpeg was killed by signal \(status & 0x7f)"
        return .failed(how + (last.isEmpty ? "" : " (\(last))"))
    }

    /// The processor time `pid` and the children it waited for have used, in clock ticks (Linux's
    /// /proc; nil where there is none, and then only progress counts).
    private static func processorTicks(of pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let nameEnd = text.lastIndex(of: ")")
        else { return nil }
        // After the name: state (field 3) first, so utime, stime, cutime, cstime (14–17) at 11–14.
        let fields = text[text.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 14 else { return nil }
        return fields[11...14].reduce(0) { $0 + (Int($1) ?? 0) }
    }

    private static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }
}
