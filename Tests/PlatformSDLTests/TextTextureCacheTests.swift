import Foundation
import Graphics
import Testing

@testable import PlatformSDL
@testable import Rendering

/// Labels are drawn from cached textures, but the cache stays bounded: text that changes every
/// frame (a HUD's numbers) is let go within a second, and steady text is kept.
@MainActor
@Suite(.serialized) struct TextTextureCacheTests {
    static let assets =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Assets"

    func frame(_ changing: String) -> DisplayList {
        DisplayList(
            commands: [
                .text(
                    "Settings", font: .system(17), color: .black, frame: Rect(x: 10, y: 10, width: 200, height: 22),
                    scale: 1),
                .text(
                    changing, font: .system(12), color: .black, frame: Rect(x: 10, y: 40, width: 200, height: 16),
                    scale: 1),
            ], clearColor: .white)
    }

    @Test func textThatChangesEveryFrameDoesNotPileUp() throws {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 240, height: 80), scale: 1, assetsDirectory: Self.assets,
            pictureCache: .none)
        defer { backend.shutdown() }
        for index in 0..<600 { backend.draw(frame("16.\(index) ms p99")) }
        // Ten seconds of a HUD: the steady label, and at most a second's worth of numbers.
        #expect(backend.liveTextureCount <= 70, "\(backend.liveTextureCount) textures alive")
        let made = backend.texturesCreated
        for _ in 0..<120 { backend.draw(frame("steady")) }
        #expect(backend.texturesCreated == made + 1, "steady text is made once and kept")
    }

    /// A long list scrolled past keeps at most the cache's count of labels, the oldest let go.
    @Test func manyLabelsStayWithinTheCountBound() throws {
        let backend = try SDLBackend(
            mode: .headless, size: Size(width: 240, height: 80), scale: 1, assetsDirectory: Self.assets,
            pictureCache: .none)
        defer { backend.shutdown() }
        for step in 0..<12 {
            let rows = (step * 100..<step * 100 + 200).map { row in
                DrawCommand.text(
                    "Row \(row)", font: .system(12), color: .black, frame: Rect(x: 0, y: 0, width: 80, height: 16),
                    scale: 1)
            }
            backend.draw(DisplayList(commands: rows, clearColor: .white))
            backend.draw(
                DisplayList(
                    commands: rows + [
                        .fill(rect: Rect(x: 0, y: 0, width: 1, height: 1), color: .white, cornerRadius: 0)
                    ],
                    clearColor: .white))
        }
        #expect(backend.liveTextureCount <= TextTextureCache.maximumEntries, "\(backend.liveTextureCount) alive")
    }
}
