import Foundation

/// Finds the `Assets/` folder: `TEARDOWNS_ASSETS` if set, else the nearest `Assets/` above the
/// current directory or above the executable (so `.build/release/teardowns` finds the repo's).
enum AssetLocator {
    static func defaultDirectory() -> String {
        if let override = ProcessInfo.processInfo.environment["TEARDOWNS_ASSETS"], !override.isEmpty {
            return override
        }
        let starts = [
            FileManager.default.currentDirectoryPath,
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map {
                ($0 as NSString).deletingLastPathComponent
            } ?? CommandLine.arguments[0],
        ]
        for start in starts {
            var folder = start
            while !folder.isEmpty && folder != "/" {
                let candidate = (folder as NSString).appendingPathComponent("Assets")
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue {
                    return candidate
                }
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        return "Assets"
    }
}

/// Whether a window can be opened at all, checked before SDL so the message is plain.
enum DisplayCheck {
    static func hasDisplay() -> Bool {
        let environment = ProcessInfo.processInfo.environment
        if let driver = environment["SDL_VIDEODRIVER"], !driver.isEmpty { return true }
        #if os(Linux)
            return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        #else
            return true
        #endif
    }
}
