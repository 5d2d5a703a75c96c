import CSDL2
import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// Reading a picture's header without decoding it, and keeping decoded pictures on disk.
@MainActor
@Suite struct PictureFilesTests {
    static let assets =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Assets"

    /// A PNG's first bytes: signature, an IHDR of `width`×`height` in `colourType`, then `chunks`.
    func png(width: Int, height: Int, colourType: UInt8, chunks: [String]) -> [UInt8] {
        func be(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, colourType, 0, 0, 0] + be(0)
        for chunk in chunks { bytes += be(2) + Array(chunk.utf8) + [0, 0] + be(0) }
        return bytes
    }

    @Test func theHeaderGivesSizeAndWhetherThePictureCanBeSeenThrough() {
        #expect(
            PNGHeader(bytes: png(width: 300, height: 200, colourType: 2, chunks: ["IDAT"]))
                == PNGHeader(width: 300, height: 200, isOpaque: true))
        #expect(PNGHeader(bytes: png(width: 8, height: 8, colourType: 6, chunks: ["IDAT"]))?.isOpaque == false)
        #expect(PNGHeader(bytes: png(width: 8, height: 8, colourType: 2, chunks: ["tRNS", "IDAT"]))?.isOpaque == false)
        // A tRNS after the image data does not count (PNG puts it before).
        #expect(
            PNGHeader(bytes: png(width: 8, height: 8, colourType: 3, chunks: ["PLTE", "IDAT", "tRNS"]))?.isOpaque
                == true)
        #expect(PNGHeader(bytes: Array("GIF89a, not a PNG at all, but long enough".utf8)) == nil)
        #expect(PNGHeader(bytes: Array(png(width: 8, height: 8, colourType: 2, chunks: [])[0..<20])) == nil)
        #expect(PNGHeader(bytes: png(width: 0, height: 8, colourType: 2, chunks: ["IDAT"])) == nil)
    }

    @Test func theShippedArtIsOpaqueAndTheIconsAreNot() throws {
        let art = try #require(PNGHeader(path: Self.assets + "/room-trail.png"))
        #expect(art.width >= 1536 && art.height >= 1536 && art.isOpaque)
        #expect(PNGHeader(path: Self.assets + "/icon-words.png")?.isOpaque == false)
        #expect(PNGHeader(path: Self.assets + "/no-such-picture.png") == nil)
    }

    /// Every pixel of a decoded picture, row by row.
    func bytes(of surface: UnsafeMutablePointer<SDL_Surface>) -> [UInt8] {
        let rowBytes = Int(surface.pointee.w) * Int(surface.pointee.format.pointee.BytesPerPixel)
        let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        return (0..<Int(surface.pointee.h)).flatMap { row in
            Array(UnsafeBufferPointer(start: base + row * Int(surface.pointee.pitch), count: rowBytes))
        }
    }

    func decoded(_ name: String, cache: PictureDiskCache, side: Int) throws -> [UInt8] {
        let store = AssetStore(directory: Self.assets, diagnostics: Diagnostics { _ in }, cache: cache)
        store.setLargestDrawnSide(side)
        guard case .decoded(let surface) = store.pixels(for: ImageRef(name)) else {
            Issue.record("\(name) did not decode")
            return []
        }
        #expect(Int(surface.pointee.w) == side && Int(surface.pointee.h) == side)
        defer { store.freeAll() }
        return bytes(of: surface)
    }

    @Test func aDecodedPictureComesBackFromDiskAsTheSamePixelsAndADamagedEntryIsDecodedAgain() throws {
        let folder = NSTemporaryDirectory() + "teardowns-cache-test-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = PictureDiskCache(folder: folder)
        #expect(cache.directory == folder)
        let first = try decoded("room-trail", cache: cache, side: 300)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(entries.count == 1 && entries[0].hasSuffix("-300.pixels"))
        let entry = folder + "/" + entries[0]
        let stored = try #require(FileManager.default.attributesOfItem(atPath: entry)[.size] as? Int)
        #expect(stored == 16 + 300 * 300 * 4)
        #expect(try decoded("room-trail", cache: cache, side: 300) == first)
        // Half an entry (a full disk, a crash) is not trusted: the PNG is decoded again, and the
        // entry written anew.
        try Data(repeating: 7, count: 5000).write(to: URL(fileURLWithPath: entry))
        #expect(try decoded("room-trail", cache: cache, side: 300) == first)
        #expect(try FileManager.default.attributesOfItem(atPath: entry)[.size] as? Int == stored)
        // Another window size is another entry.
        _ = try decoded("room-trail", cache: cache, side: 200)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2)
    }

    @Test func aFolderThatCannotBeMadeCachesNothingAndPicturesStillDecode() throws {
        let cache = PictureDiskCache(folder: "/dev/null/teardowns-cache")
        #expect(cache.directory == nil)
        let pixels = try decoded("room-sourdough", cache: cache, side: 120)
        #expect(pixels.count == 120 * 120 * 4)
    }
}
