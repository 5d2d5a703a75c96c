import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// Pictures made at run time (a reference video's frames, kept as JPEGs): drawn by name like an
/// asset, sized from what was provided, and let go — texture and all — when withdrawn.
@MainActor
@Suite struct ProvidedPictureTests {
    /// A 64 × 48 JPEG of one colour, made by ffmpeg (nil without it).
    static func jpeg(color: String) -> [UInt8]? {
        let path = NSTemporaryDirectory() + "teardowns-provided-\(UUID().uuidString).jpg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first(where: FileManager.default.fileExists)
        else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=c=\(color):s=64x48", "-frames:v", "1", "-q:v",
            "2", path,
        ]
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    @Test func aProvidedJPEGIsDrawnByNameAndGoesWhenWithdrawn() throws {
        let red = try #require(Self.jpeg(color: "0xE02020"), "ffmpeg made a JPEG")
        try HeadlessBackend.with(size: Size(width: 100, height: 100)) { backend in
            backend.providePicture(named: "reference.frame.0", encoded: red, width: 64, height: 48)
            #expect(backend.metrics.size(of: ImageRef("reference.frame.0")) == Size(width: 64, height: 48))
            let list = DisplayList(
                commands: [
                    .image(
                        ImageRef("reference.frame.0"), source: Rect(x: 0, y: 0, width: 1, height: 1),
                        destination: Rect(x: 10, y: 10, width: 64, height: 48), cornerRadius: 0, alpha: 1)
                ], clearColor: .white)
            backend.draw(list)
            let pixel = try #require(backend.readPixels()).pixel(x: 40, y: 30)
            #expect(abs(Int(pixel.r) - 0xE0) <= 6 && pixel.g < 40 && pixel.b < 40, "\(pixel)")
            #expect(backend.pictureTextureCount == 1)
            backend.withdrawPicture(named: "reference.frame.0")
            backend.draw(DisplayList(commands: [], clearColor: .white))
            #expect(backend.pictureTextureCount == 0, "withdrawn: its texture went at once")
        }
    }

    @Test func aPictureThatIsNotAJPEGOrPNGIsMissingNotACrash() throws {
        try HeadlessBackend.with(size: Size(width: 100, height: 100)) { backend in
            backend.providePicture(named: "reference.broken", encoded: [1, 2, 3, 4], width: 10, height: 10)
            backend.draw(
                DisplayList(
                    commands: [
                        .image(
                            ImageRef("reference.broken"), source: Rect(x: 0, y: 0, width: 1, height: 1),
                            destination: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0, alpha: 1)
                    ], clearColor: .white))
            #expect(backend.pictureTextureCount == 0)
        }
    }
}
