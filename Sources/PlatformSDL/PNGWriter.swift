import CSDL2
import Dispatch
import Foundation
import Graphics

/// Encodes PNGs on a background queue so a capture never stalls the frame loop (`PNGEncoder`
/// takes 30–45 ms for a 1170×2532 frame). Results come back through `drainCompleted`, called from the main loop, because the
/// loop owns the main thread and does not run a dispatch main queue.
///
/// The frames waiting to be encoded are bounded in bytes (`budgetBytes`, a few frames): a caller
/// asks `hasRoom` or `waitForRoom` before reading a frame's pixels, so memory does not grow
/// with the number of captures asked for at once.
final class PNGWriter: @unchecked Sendable {
    /// Frames queued for encoding may hold this much; one frame is always admitted, however large.
    static let budgetBytes = 96 << 20

    private let queue = DispatchQueue(label: "teardowns.png-writer")
    private let group = DispatchGroup()
    /// Guards everything below; signalled whenever a write finishes.
    private let condition = NSCondition()
    private var finished: [(String?, @MainActor @Sendable (String?) -> Void)] = []
    private var queuedBytes = 0
    private var mostQueuedBytes = 0
    private var isCancelled = false
    private var dropped = 0
    private let budget: Int

    init(budgetBytes: Int = PNGWriter.budgetBytes) {
        budget = budgetBytes
    }

    /// Whether a frame of `bytes` may be queued now: the queue is empty, or it fits in the budget.
    func hasRoom(for bytes: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return fits(bytes)
    }

    /// Blocks until a frame of `bytes` may be queued.
    func waitForRoom(for bytes: Int) {
        condition.lock()
        while !fits(bytes) { condition.wait() }
        condition.unlock()
    }

    /// The most bytes ever waiting at once (tests and the monkey read it).
    var peakQueuedBytes: Int {
        condition.lock()
        defer { condition.unlock() }
        return mostQueuedBytes
    }

    /// Writes dropped by `cancelQueued`, once they have been reached.
    var droppedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return dropped
    }

    /// Writes not started yet are dropped (the run is ending on a signal): no completion runs for
    /// them, they are only counted (`droppedCount`).
    func cancelQueued() {
        condition.lock()
        isCancelled = true
        condition.unlock()
    }

    private func fits(_ bytes: Int) -> Bool { queuedBytes == 0 || queuedBytes + bytes <= budget }

    func write(
        _ image: PixelImage, to path: String, completion: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        let bytes = image.rgba.count
        condition.lock()
        queuedBytes += bytes
        mostQueuedBytes = max(mostQueuedBytes, queuedBytes)
        condition.unlock()
        group.enter()
        queue.async {
            self.condition.lock()
            let cancelled = self.isCancelled
            self.condition.unlock()
            let error = cancelled ? nil : Self.encode(image, to: path)
            self.condition.lock()
            // A dropped write says nothing (it was neither written nor failed); it is counted.
            if cancelled { self.dropped += 1 } else { self.finished.append((error, completion)) }
            self.queuedBytes -= bytes
            self.condition.broadcast()
            self.condition.unlock()
            self.group.leave()
        }
    }

    /// Runs the completions of finished writes; call on the main actor.
    @MainActor
    func drainCompleted() {
        condition.lock()
        let done = finished
        finished = []
        condition.unlock()
        for (error, completion) in done { completion(error) }
    }

    @MainActor
    func waitForAll() {
        group.wait()
        drainCompleted()
    }

    /// Waits as `waitForAll` does, looking at `stop` every few milliseconds: a signal ends the
    /// wait (and the run) at once, whatever is still queued.
    @MainActor
    func waitForAll(unless stop: () -> Bool) {
        while group.wait(timeout: .now() + .milliseconds(5)) == .timedOut {
            if stop() { break }
        }
        drainCompleted()
    }

    /// Encodes RGBA bytes as PNG; returns an error message or nil. The file is written under a
    /// hidden temporary name beside `path` and renamed only once it is whole (IMG_SavePNG, used
    /// before, did not report a write that ran out of room: a full disk left a 0-byte capture
    /// announced as saved), and it must end with its IEND chunk before it takes the name.
    static func encode(_ image: PixelImage, to path: String) -> String? {
        // A path that is not a plain file (a device, a link to a pipe) is written through, as it
        // is: renaming over it would replace it (a capture to /dev/full replaced the device).
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            return save(image, to: path)
        }
        let folder = FilePath.folder(of: path)
        // At most 200 bytes of the name: with the dot and ".part" a name near the 255-byte limit
        // would be too long for its own temporary file. One write at a time: no two collide.
        var name = FilePath.name(of: path)
        while name.utf8.count > 200 { name.removeLast() }
        let partial = (folder.isEmpty ? "" : folder + "/") + "." + name + ".part"
        if let saved = save(image, to: partial) {
            unlink(partial)
            return DiskSpace.fullReason(in: folder) ?? saved
        }
        guard Self.endsWithIEND(partial) else {
            unlink(partial)
            return DiskSpace.fullReason(in: folder) ?? "the file was cut short while it was written"
        }
        guard rename(partial, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(partial)
            return reason
        }
        return nil
    }

    /// The image encoded (`PNGEncoder`) and written straight to `path`; the error, or nil.
    private static func save(_ image: PixelImage, to path: String) -> String? {
        guard let bytes = PNGEncoder.encode(image) else { return "the picture could not be compressed" }
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard file >= 0 else { return String(cString: strerror(errno)) }
        var written = 0
        let failure = bytes.withUnsafeBytes { buffer -> String? in
            while written < buffer.count {
                let result = Foundation.write(file, buffer.baseAddress! + written, buffer.count - written)
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { return String(cString: strerror(result < 0 ? errno : ENOSPC)) }
                written += result
            }
            return nil
        }
        // A full disk can surface only when the file is closed (a network folder's delayed write).
        if close(file) != 0, failure == nil { return String(cString: strerror(errno)) }
        return failure
    }

    /// A complete PNG ends with the 12 bytes of its IEND chunk.
    static func endsWithIEND(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size >= 20 else { return false }
        try? handle.seek(toOffset: size - 12)
        let tail = (try? handle.read(upToCount: 12)) ?? Data()
        return tail == Data([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    /// Decodes a PNG into RGBA bytes (for tests and the golden comparisons).
    static func decode(path: String) -> PixelImage? {
        guard let loaded = IMG_Load(path) else { return nil }
        defer { SDL_FreeSurface(loaded) }
        return pixels(of: loaded)
    }

    /// Decodes a JPEG's or PNG's bytes into RGBA bytes.
    static func decode(encoded: [UInt8]) -> PixelImage? {
        let loaded = DecodedPicture.surface(decoding: encoded)
        guard let loaded else { return nil }
        defer { SDL_FreeSurface(loaded) }
        return pixels(of: loaded)
    }

    /// A surface's pixels as RGBA rows.
    static func pixels(of loaded: UnsafeMutablePointer<SDL_Surface>) -> PixelImage? {
        guard let converted = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(converted) }
        let width = Int(converted.pointee.w)
        let height = Int(converted.pointee.h)
        let pitch = Int(converted.pointee.pitch)
        guard let base = converted.pointee.pixels?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            for byte in 0..<(width * 4) { rgba[row * width * 4 + byte] = base[row * pitch + byte] }
        }
        return PixelImage(width: width, height: height, rgba: rgba)
    }
}
