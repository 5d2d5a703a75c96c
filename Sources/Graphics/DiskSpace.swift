#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a write failed for want of space: the one place files written by the app (captures,
/// dumps, recording frames, an encoded recording) learn it, so each says the system's reason.
public enum DiskSpace {
    /// Under this much room left, a disk counts as full: a write that failed on it stopped where
    /// the disk ran out, though a few blocks (smaller than the next write) may still be free.
    public static let nearlyFullBytes: UInt64 = 1 << 20

    /// "No space left on device" when the disk holding `folder` has (nearly) no room left for
    /// the user, else nil.
    public static func fullReason(in folder: String) -> String? {
        var info = statvfs()
        guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return nil }
        let available = UInt64(info.f_bavail) * UInt64(info.f_frsize)
        guard available < nearlyFullBytes else { return nil }
        return String(cString: strerror(ENOSPC))
    }
}
