import Foundation

/// Programs found on the `PATH` (ffmpeg and ffprobe).
package enum Executable {
    /// The path of `name` in the first folder of `PATH` that holds it, or nil.
    package static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
