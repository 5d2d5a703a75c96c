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
