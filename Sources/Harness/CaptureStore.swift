import Foundation
import Graphics

/// Names and places the files a user asks for with F12 (PNG) and F11 (dump):
/// `<folder>/teardowns-<scene>-<yyyyMMdd-HHmmss>-<n>.<ext>`, n counting up per run.
@MainActor
public final class CaptureStore {
    public let directory: String
    /// The wall-clock stamp for file names, injected so core code never reads the clock itself.
    private let timestamp: () -> String
    private var counter = 0

    public init(directory: String, timestamp: @escaping () -> String) {
        self.directory = directory
        self.timestamp = timestamp
    }

    public func nextPath(scene: String, extension ext: String) -> String {
        counter += 1
        let name = "teardowns-\(scene)-\(timestamp())-\(counter).\(ext)"
        return (directory as NSString).appendingPathComponent(name)
    }

    /// A file for the tuning panel's Save: `<folder>/teardowns-<scene>-<stamp>-<n>-tuning.json`.
    public func nextTuningPath(scene: String) -> String {
        counter += 1
        let name = "teardowns-\(scene)-\(timestamp())-\(counter)-tuning.json"
        return (directory as NSString).appendingPathComponent(name)
    }

    /// A new folder for a recording's numbered frames: `<folder>/teardowns-<scene>-<stamp>-<n>-recording`.
    public func nextRecordingFolder(scene: String) -> String {
        counter += 1
        let name = "teardowns-\(scene)-\(timestamp())-\(counter)-recording"
        return (directory as NSString).appendingPathComponent(name)
    }

    /// Makes sure the folder of `path` exists and can be written; nil when fine, else what went wrong.
    public static func prepareFolder(for path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        let target = folder.isEmpty ? "." : folder
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: target, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { return "\(target) exists and is not a folder" }
        } else {
            do {
                try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
            } catch {
                return "cannot create the folder \(target) (\(error.localizedDescription))"
            }
        }
        if !manager.isWritableFile(atPath: target) { return "the folder \(target) is not writable" }
        return nil
    }

    /// Writes bytes, reporting a problem in one line instead of failing the run.
    @discardableResult
    public static func write(
        _ data: Data, to path: String, what: String, remedy: String, diagnostics: Diagnostics
    ) -> Bool {
        if let problem = prepareFolder(for: path) {
            diagnostics.say("Could not save the \(what) \(path): \(problem). \(remedy)")
            return false
        }
        do {
            try data.write(to: URL(fileURLWithPath: path))
            return true
        } catch {
            diagnostics.say("Could not save the \(what) \(path): \(error.localizedDescription). \(remedy)")
            return false
        }
    }
}
