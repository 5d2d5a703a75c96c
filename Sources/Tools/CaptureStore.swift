import Foundation
import Graphics

/// Names and places the files a user asks for with F12 (PNG) and F11 (dump):
/// `<folder>/teardowns-<scene>-<yyyyMMdd-HHmmss>-<n>.<ext>`, n counting up per run.
@MainActor
public final class CaptureStore {
    /// How to get F11, F12, Save and recordings written somewhere else.
    package static let folderRemedy = "Choose another folder with --captures DIR."

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

    /// The files for C's code: `<folder>/teardowns-<scene>-<stamp>-<n>-code.swift` and `….kt`.
    public func nextCodePaths(scene: String) -> (swift: String, kotlin: String) {
        counter += 1
        let stem = (directory as NSString).appendingPathComponent("teardowns-\(scene)-\(timestamp())-\(counter)-code")
        return (stem + ".swift", stem + ".kt")
    }

    /// A new folder for a recording's numbered frames: `<folder>/teardowns-<scene>-<stamp>-<n>-recording`.
    public func nextRecordingFolder(scene: String) -> String {
        // A name already taken (another run in the same second, or with a fixed stamp) is skipped:
        // a recording's folder must be new.
        while true {
            counter += 1
            let name = "teardowns-\(scene)-\(timestamp())-\(counter)-recording"
            let folder = (directory as NSString).appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: folder) { return folder }
        }
    }

    /// What is wrong with `path` as the name of a file to write, before any folder is touched:
    /// nil when it can name a file. Empty, a NUL inside (the system would cut the name there and
    /// write another file), or a folder (a trailing "/" or an existing folder).
    public static func fileNameProblem(_ path: String) -> String? {
        if path.isEmpty { return "no file name was given" }
        if path.contains("\0") { return "the name contains a NUL character, which no file name may hold" }
        var isDirectory: ObjCBool = false
        if path.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                && isDirectory.boolValue)
        {
            let example = (path as NSString).appendingPathComponent("out.json")
            return "it names a folder; name a file in it (e.g. \(MessageText.quoted(example)))"
        }
        return nil
    }

    /// A file system error in plain words: the system's own reason ("Permission denied", "No
    /// space left on device") rather than Foundation's "NSCocoaErrorDomain error 512".
    public static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        // Foundation's own sentences end in a full stop, which the message adds itself.
        switch error.code {
        case NSFileWriteOutOfSpaceError: return String(cString: strerror(ENOSPC))
        case NSFileWriteNoPermissionError: return String(cString: strerror(EACCES))
        case NSFileWriteVolumeReadOnlyError: return String(cString: strerror(EROFS))
        default:
            var text = error.localizedDescription
            while text.hasSuffix(".") { text.removeLast() }
            return text
        }
    }

    /// Why a folder cannot be made at `folder`, found on the way up to the first thing that
    /// exists: a file where a folder should be, or a folder that cannot be written.
    static func creationObstacle(_ folder: String) -> String? {
        var ancestor = FilePath.folder(of: folder)
        while !ancestor.isEmpty {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return "\(MessageText.quoted(ancestor)) is a file, not a folder" }
                if !FileManager.default.isWritableFile(atPath: ancestor) {
                    return "\(MessageText.quoted(ancestor)) cannot be written"
                }
                return nil
            }
            let parent = FilePath.folder(of: ancestor)
            if parent == ancestor { break }
            ancestor = parent
        }
        return nil
    }

    /// Makes sure the folder of `path` exists and can be written; nil when fine, else what went wrong.
    public static func prepareFolder(for path: String) -> String? {
        if let problem = fileNameProblem(path) { return problem }
        let folder = FilePath.folder(of: path)
        let target = folder.isEmpty ? "." : folder
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: target, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { return "\(MessageText.quoted(target)) exists and is not a folder" }
        } else {
            do {
                try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
            } catch {
                return
                    "cannot create the folder \(MessageText.quoted(target)) (\(creationObstacle(target) ?? reason(error)))"
            }
        }
        if !manager.isWritableFile(atPath: target) { return "the folder \(MessageText.quoted(target)) is not writable" }
        return nil
    }

    /// Writes bytes, reporting a problem in one line instead of failing the run.
    @discardableResult
    public static func write(
        _ data: Data, to path: String, what: String, remedy: String, diagnostics: Diagnostics
    ) -> Bool {
        if let problem = prepareFolder(for: path) {
            diagnostics.say("Could not save the \(what) \(MessageText.quoted(path)): \(problem). \(remedy)")
            return false
        }
        do {
            // Under a temporary name, renamed once whole: a full disk leaves no empty file. A
            // path that is not a plain file (/dev/stdout, a pipe) is written as it is.
            let type = (try? FileManager.default.attributesOfItem(atPath: path)[.type]) as? FileAttributeType
            let isPlain = type == nil || type == .typeRegular
            try data.write(to: URL(fileURLWithPath: path), options: isPlain ? .atomic : [])
            return true
        } catch {
            diagnostics.say("Could not save the \(what) \(MessageText.quoted(path)): \(reason(error)). \(remedy)")
            return false
        }
    }
}
