import CSDL2
import Foundation

/// A picture decoded (and shrunk) off the main thread; the surface is handed over once.
final class DecodedPicture: @unchecked Sendable {
    let surface: UnsafeMutablePointer<SDL_Surface>?

    /// Decodes and shrinks the file, and leaves the result in `cache` for the next time.
    init(path: String, largestSide: Int, cache: PictureDiskCache) {
        guard let loaded = IMG_Load(path) else {
            surface = nil
            return
        }
        let opaque = loaded.pointee.format.map { $0.pointee.Amask == 0 } ?? false
        let kept = Self.widened(
            Self.shrunk(loaded, isOpaque: opaque, largestSide: largestSide), isOpaque: opaque)
        cache.store(kept, for: path, side: largestSide)
        surface = kept
    }
}

/// Where background decodes leave their results for the main thread.
final class DecodedInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(String, DecodedPicture, Int)] = []

    func post(_ picture: DecodedPicture, name: String, generation: Int) {
        lock.lock()
        items.append((name, picture, generation))
        lock.unlock()
    }

    var hasItems: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !items.isEmpty
    }

    func take() -> [(String, DecodedPicture, Int)] {
        lock.lock()
        defer { lock.unlock() }
        let taken = items
        items = []
        return taken
    }
}

extension DecodedPicture {
    /// A JPEG's or PNG's bytes in memory as a surface (SDL_image tells them apart); nil when they
    /// are neither. The caller frees it.
    static func surface(decoding encoded: [UInt8]) -> UnsafeMutablePointer<SDL_Surface>? {
        encoded.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, let stream = SDL_RWFromConstMem(base, Int32(bytes.count)) else {
                return nil
            }
            return IMG_Load_RW(stream, 1)
        }
    }

    /// A large picture with fewer than 32 bits per pixel (a plain RGB PNG the window did not need
    /// shrunk) as 32-bit pixels: what the renderer converts it to anyway, and what the disk cache
    /// keeps. Small or unusual pictures stay as they are.
    nonisolated static func widened(
        _ surface: UnsafeMutablePointer<SDL_Surface>, isOpaque: Bool
    ) -> UnsafeMutablePointer<SDL_Surface> {
        guard let format = surface.pointee.format?.pointee, format.BytesPerPixel != 4, format.palette == nil,
            surface.pointee.w * surface.pointee.h >= 256 * 256,
            let converted = SDL_ConvertSurfaceFormat(
                surface, isOpaque ? SDL_PIXELFORMAT_RGB888.rawValue : SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
        else { return surface }
        SDL_FreeSurface(surface)
        return converted
    }

    /// `loaded` scaled down (linear filtering, halving first so no pixel is skipped) until its
    /// shorter side is about `largestDrawnSide`; `loaded` itself when it is small enough or cannot
    /// be scaled.
    nonisolated static func shrunk(
        _ loaded: UnsafeMutablePointer<SDL_Surface>, isOpaque: Bool, largestSide largestDrawnSide: Int
    ) -> UnsafeMutablePointer<SDL_Surface> {
        let width = Int(loaded.pointee.w)
        let height = Int(loaded.pointee.h)
        let shorter = min(width, height)
        guard shorter > largestDrawnSide,
            let converted = SDL_ConvertSurfaceFormat(
                loaded, isOpaque ? SDL_PIXELFORMAT_RGB888.rawValue : SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
        else { return loaded }
        // The file's own pixels are not needed once converted: freeing them now lowers the peak.
        SDL_FreeSurface(loaded)
        var current = converted
        var currentShorter = shorter
        while currentShorter > largestDrawnSide {
            let factor = max(0.5, Double(largestDrawnSide) / Double(currentShorter))
            let newWidth = Int32(max(1, (Double(current.pointee.w) * factor).rounded()))
            let newHeight = Int32(max(1, (Double(current.pointee.h) * factor).rounded()))
            guard
                let smaller = SDL_CreateRGBSurfaceWithFormat(
                    0, newWidth, newHeight, 32, current.pointee.format.pointee.format)
            else { break }
            if SDL_SoftStretchLinear(current, nil, smaller, nil) != 0 {
                SDL_FreeSurface(smaller)
                break
            }
            SDL_FreeSurface(current)
            current = smaller
            currentShorter = Int(min(newWidth, newHeight))
        }
        return current
    }
}
