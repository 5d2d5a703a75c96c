import Foundation
import Graphics
import Testing

@testable import PlatformSDL

/// The PNG writer's queue is bounded in bytes: a caller that waits for room never has more than
/// the budget waiting, and one frame is always let in, however large.
@MainActor
@Suite struct PNGWriterTests {
    let folder = NSTemporaryDirectory() + "teardowns-pngwriter-\(UUID().uuidString)"

    func frame() -> PixelImage {
        PixelImage(width: 64, height: 64, rgba: [UInt8](repeating: 200, count: 64 * 64 * 4))
    }

    @Test func waitingForRoomKeepsTheQueueWithinItsBudget() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = 64 * 64 * 4
        let writer = PNGWriter(budgetBytes: 3 * bytes)
        for index in 0..<40 {
            writer.waitForRoom(for: bytes)
            writer.write(frame(), to: folder + "/\(index).png") { _ in }
        }
        writer.waitForAll()
        #expect(writer.peakQueuedBytes <= 3 * bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 40)
    }

    @Test func anEmptyQueueTakesAFrameLargerThanTheBudget() {
        let bytes = 64 * 64 * 4
        let writer = PNGWriter(budgetBytes: bytes / 2)
        #expect(writer.hasRoom(for: 10 * bytes), "an empty queue takes a frame larger than the budget")
        writer.waitForRoom(for: 10 * bytes)  // returns at once
        // Writing into a folder that does not exist fails, and its bytes are given back.
        writer.write(frame(), to: folder + "/missing/a.png") { _ in }
        writer.waitForAll()
        #expect(writer.peakQueuedBytes == bytes)
        #expect(writer.hasRoom(for: 10 * bytes), "room again once the write has finished")
    }

    /// A name near the file system's 255-byte limit is written: its temporary file, a dot and
    /// ".part" longer, would not fit, so that one takes a shorter name.
    @Test func aNameNearTheLimitIsWritten() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + String(repeating: "x", count: 246) + ".png"
        #expect(PNGWriter.encode(frame(), to: path) == nil)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1, "no temporary file left")
    }
}
