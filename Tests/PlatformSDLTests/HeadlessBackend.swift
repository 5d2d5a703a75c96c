import Foundation
import Graphics
import Rendering
import Testing

@testable import PlatformSDL

/// The headless backends these suites draw with: the repository's assets, and a picture cache of
/// their own (never the user's), both let go when the body returns.
@MainActor
enum HeadlessBackend {
    static let assets =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Assets"

    /// Runs `body` with a headless backend of `size` points at `scale`.
    static func with<T>(
        size: Size, scale: Double = 1, drawThreads: Int? = nil, _ body: (SDLBackend) throws -> T
    ) throws -> T {
        let folder = NSTemporaryDirectory() + "teardowns-pictures-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let backend = try SDLBackend(
            mode: .headless, size: size, scale: scale, assetsDirectory: assets, pictureCache: .folder(folder),
            drawThreads: drawThreads)
        defer { backend.shutdown() }
        return try body(backend)
    }
}

extension HeadlessBackend {
    /// How many bytes of `list` drawn in `bands` bands differ from SDL's own renderer drawing it
    /// whole on one thread (`SDLExecutor`), and the largest difference.
    static func bandsDiffer(
        drawing list: DisplayList, size: Size, scale: Double, bands: Int
    ) throws -> (bytes: Int, worst: Int) {
        let whole = try with(size: size, scale: scale, drawThreads: 1) { backend in
            #expect(backend.drawThreads == 1)
            backend.draw(list)
            return try #require(backend.readPixels())
        }
        let banded = try with(size: size, scale: scale, drawThreads: bands) { backend in
            #expect(backend.drawThreads == bands)
            backend.draw(list)
            return try #require(backend.readPixels())
        }
        var bytes = 0
        var worst = 0
        // Equal images (the usual case) are told by the optimized kit, not byte by byte here.
        if whole == banded { return (0, 0) }
        for index in 0..<whole.rgba.count where whole.rgba[index] != banded.rgba[index] {
            bytes += 1
            worst = max(worst, abs(Int(whole.rgba[index]) - Int(banded.rgba[index])))
        }
        return (bytes, worst)
    }

    /// How far `list` drawn with only `options` lies from the reference drawing: the largest
    /// difference of any channel, in 8-bit levels.
    static func difference(
        of list: DisplayList, drawnWith options: RenderOptions, size: Size, scale: Double = 1
    ) throws -> Int {
        try with(size: size, scale: scale) { backend in
            backend.renderOptions = .reference
            backend.draw(list)
            let reference = try #require(backend.readPixels())
            backend.renderOptions = options
            backend.draw(list)
            let drawn = try #require(backend.readPixels())
            return try #require(drawn.maximumChannelDifference(to: reference))
        }
    }
}
