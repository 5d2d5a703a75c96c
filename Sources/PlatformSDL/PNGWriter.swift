import CSDL2
import Dispatch
import Foundation
import Graphics

/// Encodes PNGs on a background queue so a capture never stalls the frame loop (IMG_SavePNG takes
/// ~40 ms). Results come back through `drainCompleted`, called from the main loop, because the
/// loop owns the main thread and does not run a dispatch main queue.
final class PNGWriter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "teardowns.png-writer")
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var finished: [(String?, @MainActor @Sendable (String?) -> Void)] = []

    func write(
        _ image: PixelImage, to path: String, completion: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        group.enter()
        queue.async {
            let error = Self.encode(image, to: path)
            self.lock.lock()
            self.finished.append((error, completion))
            self.lock.unlock()
            self.group.leave()
        }
    }

    /// Runs the completions of finished writes; call on the main actor.
    @MainActor
    func drainCompleted() {
        lock.lock()
        let done = finished
        finished = []
        lock.unlock()
        for (error, completion) in done { completion(error) }
    }

    @MainActor
    func waitForAll() {
        group.wait()
        drainCompleted()
    }

    /// Encodes RGBA bytes as PNG; returns an error message or nil.
    static func encode(_ image: PixelImage, to path: String) -> String? {
        var pixels = image.rgba
        return pixels.withUnsafeMutableBytes { buffer -> String? in
            guard
                let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                    buffer.baseAddress, Int32(image.width), Int32(image.height), 32, Int32(image.width * 4),
                    SDL_PIXELFORMAT_ABGR8888.rawValue)
            else { return String(cString: SDL_GetError()) }
            defer { SDL_FreeSurface(surface) }
            if IMG_SavePNG(surface, path) != 0 { return String(cString: SDL_GetError()) }
            return nil
        }
    }

    /// Decodes a PNG into RGBA bytes (for tests and the golden comparisons).
    static func decode(path: String) -> PixelImage? {
        guard let loaded = IMG_Load(path) else { return nil }
        defer { SDL_FreeSurface(loaded) }
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
