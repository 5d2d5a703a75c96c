import CSDL2
import Foundation
import Graphics

/// Where decoded pictures are kept between runs. Chosen by whoever makes the backend: the app
/// and its tools take the user's cache; tests name a folder of their own, or none, so no test
/// reaches the user's `~/.cache`.
public enum PictureCache: Sendable, Equatable {
    /// `TEARDOWNS_CACHE_DIR`, else `$XDG_CACHE_HOME/teardowns`, else `~/.cache/teardowns`.
    case user
    /// This folder (made if need be).
    case folder(String)
    /// Nothing kept: every picture is decoded from its PNG.
    case none
}

/// Decoded, shrunk pictures kept as raw pixels on disk, so a picture whose texture was let go
/// comes back in a few milliseconds (a read from the page cache) instead of a PNG decode of
/// tens. Entries are named by the file, its size and modification time and the side it was
/// shrunk to, so an edited asset is never shown stale. Anything that fails here (no cache folder,
/// a full disk, a damaged entry) only means decoding the PNG again.
struct PictureDiskCache: Sendable {
    /// nil when no cache folder could be made.
    let directory: String?

    /// The folder used unless `TEARDOWNS_CACHE_DIR` names another: `$XDG_CACHE_HOME/teardowns`,
    /// else `~/.cache/teardowns`, else one in the temporary folder.
    static let standard: PictureDiskCache = {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let chosen = environment["TEARDOWNS_CACHE_DIR"], !chosen.isEmpty { candidates.append(chosen) }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { candidates.append(xdg + "/teardowns/pictures") }
        if let home = environment["HOME"], !home.isEmpty { candidates.append(home + "/.cache/teardowns/pictures") }
        candidates.append(NSTemporaryDirectory() + "teardowns-\(getuid())/pictures")
        for candidate in candidates where Self.isUsable(candidate) {
            let cache = PictureDiskCache(directory: candidate)
            cache.prune()
            return cache
        }
        return PictureDiskCache(directory: nil)
    }()

    /// The cache `choice` names.
    static func chosen(_ choice: PictureCache) -> PictureDiskCache {
        switch choice {
        case .user: .standard
        case .folder(let folder): PictureDiskCache(folder: folder)
        case .none: PictureDiskCache(directory: nil)
        }
    }

    /// A cache in `folder` (made if need be); one that cannot be written to caches nothing.
    init(folder: String) {
        directory = Self.isUsable(folder) ? folder : nil
    }

    private init(directory: String?) {
        self.directory = directory
    }

    private static func isUsable(_ folder: String) -> Bool {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return access(folder, W_OK) == 0
    }

    /// The entry for `path` shrunk to `side`, or nil when the file cannot be stat'ed.
    private func entryPath(for path: String, side: Int) -> String? {
        guard let directory else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let name = FilePath.name(of: path).replacingOccurrences(of: ".", with: "_")
        return "\(directory)/\(name)-\(info.st_size)-\(info.st_mtim.tv_sec)-\(side).pixels"
    }

    /// Whether pixels of `path` shrunk to `side` are kept here.
    func holds(_ path: String, side: Int) -> Bool {
        entryPath(for: path, side: side).map { access($0, R_OK) == 0 } ?? false
    }

    private static let magic: UInt32 = 0x5844_5054  // "TPDX"

    /// The cached pixels of `path` at `side`, 4 bytes a pixel; nil when not cached. A damaged
    /// entry is removed, so the next decode writes a good one.
    func load(_ path: String, side: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let entry = entryPath(for: path, side: side), let file = fopen(entry, "rb") else { return nil }
        let surface = Self.read(file)
        fclose(file)
        if surface == nil { unlink(entry) }
        return surface
    }

    private static func read(_ file: UnsafeMutablePointer<FILE>) -> UnsafeMutablePointer<SDL_Surface>? {
        var header = [UInt32](repeating: 0, count: 4)
        guard fread(&header, 4, 4, file) == 4, header[0] == Self.magic, header[1] > 0, header[2] > 0,
            header[1] <= 16384, header[2] <= 16384, header[3] & 0xFF == 4,
            let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(header[1]), Int32(header[2]), 32, header[3])
        else { return nil }
        let rowBytes = Int(header[1]) * 4
        let pitch = Int(surface.pointee.pitch)
        guard let pixels = surface.pointee.pixels, surface.pointee.format.pointee.BytesPerPixel == 4 else {
            SDL_FreeSurface(surface)
            return nil
        }
        for row in 0..<Int(header[2]) where fread(pixels + row * pitch, 1, rowBytes, file) != rowBytes {
            SDL_FreeSurface(surface)
            return nil
        }
        return surface
    }

    /// Writes `surface` (4 bytes a pixel) as the entry of `path` at `side`; written to a temporary
    /// name and renamed, so a reader never sees half an entry.
    func store(_ surface: UnsafeMutablePointer<SDL_Surface>, for path: String, side: Int) {
        guard let format = surface.pointee.format?.pointee, format.BytesPerPixel == 4, format.palette == nil,
            let pixels = surface.pointee.pixels, let entry = entryPath(for: path, side: side),
            access(entry, F_OK) != 0
        else { return }
        let temporary = entry + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).part"
        guard let file = fopen(temporary, "wb") else { return }
        var header: [UInt32] = [Self.magic, UInt32(surface.pointee.w), UInt32(surface.pointee.h), format.format]
        var complete = fwrite(&header, 4, 4, file) == 4
        let rowBytes = Int(surface.pointee.w) * 4
        let pitch = Int(surface.pointee.pitch)
        for row in 0..<Int(surface.pointee.h) where complete {
            complete = fwrite(pixels + row * pitch, 1, rowBytes, file) == rowBytes
        }
        complete = fclose(file) == 0 && complete
        if !complete || rename(temporary, entry) != 0 { unlink(temporary) }
    }

    /// Keeps the folder under 256 MB: the entries not used the longest go first.
    private func prune(limit: Int = 256 << 20) {
        guard let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        var entries: [(path: String, size: Int, used: Int)] = []
        for name in names {
            var info = stat()
            let path = directory + "/" + name
            guard stat(path, &info) == 0 else { continue }
            entries.append((path, Int(info.st_size), max(Int(info.st_atim.tv_sec), Int(info.st_mtim.tv_sec))))
        }
        var total = entries.reduce(0) { $0 + $1.size }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > limit {
            unlink(entry.path)
            total -= entry.size
        }
    }
}
