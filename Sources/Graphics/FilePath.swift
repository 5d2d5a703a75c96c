/// A path's folder and file name, worked out on the string itself: Foundation's
/// `NSString.deletingLastPathComponent` traps on a one-character name here ("z", "-", "."),
/// and a file name is whatever a user typed.
public enum FilePath {
    /// Everything before the last "/" ("" for a bare name, "/" for a file at the root).
    public static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return String(folder)
    }

    /// Everything after the last "/" (the whole path for a bare name).
    public static func name(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}
