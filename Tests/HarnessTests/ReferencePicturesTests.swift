import Foundation
import Testing

@testable import Teardown

/// A reference video's frames as the app shows them: every frame a whole JPEG at the size asked
/// for, at its own timestamp, and the moment the card starts to move found on its own (the
/// status bar's marker moving every frame does not count).
@Suite(.serialized) struct ReferencePicturesTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "teardowns-reference-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// The spring the tests share (made once: a 1170 × 2532 video takes seconds to encode).
    static var springMotion: TeardownVideos.Motion {
        TeardownVideos.spring(dampingRatio: 0.62, response: 0.38, fps: 30)
    }
    static let springVideo: String? = {
        let folder = NSTemporaryDirectory() + "teardowns-reference-shared-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return TeardownVideos.make(springMotion, named: "spring-30", in: folder)
    }()

    @Test func everyFrameIsAWholePictureAtItsOwnTime() throws {
        let motion = Self.springMotion
        let path = try #require(Self.springVideo)
        let video = try ReferenceVideo(path: path)
        var sizes: [Int] = []
        var wellFormed = true
        let decoded = try video.decodePictures(fitting: (390, 844)) { _, jpeg in
            sizes.append(jpeg.count)
            // Each one starts with a start-of-image marker and ends with an end-of-image marker.
            wellFormed = wellFormed && jpeg.prefix(2) == [0xFF, 0xD8] && jpeg.suffix(2) == [0xFF, 0xD9]
            return true
        }
        #expect(sizes.count == motion.frames.count)
        #expect(wellFormed)
        // 1170 × 2532 fitted into 390 × 844: a third each way.
        #expect(decoded.width == 390 && decoded.height == 844)
        #expect(decoded.times.count == sizes.count)
        for (index, time) in decoded.times.enumerated() {
            #expect(abs(time - Double(index) / 30) < 0.002, "frame \(index) at \(time)")
        }
        // A phone screen is tens of kilobytes as a JPEG, not the 1.3 MB of its pixels.
        #expect(sizes.max().map { $0 < 200_000 } == true, "largest \(sizes.max() ?? 0) bytes")
    }

    @Test func aStoreThatIsFullStopsTheDecode() throws {
        let path = try #require(Self.springVideo)
        var kept = 0
        let decoded = try ReferenceVideo(path: path).decodePictures(fitting: (195, 422)) { index, _ in
            kept += 1
            return index < 9
        }
        #expect(kept == 10 && decoded.times.count == 10)
    }

    /// The card is released at 0.5 s; the status bar's marker moves on every frame before it.
    @Test(arguments: [30.0, 60.0])
    func theOnsetIsWhereTheCardStartsToMove(fps: Double) throws {
        let path = try #require(
            fps == 30
                ? Self.springVideo
                : TeardownVideos.make(
                    TeardownVideos.spring(dampingRatio: 0.62, response: 0.38, fps: fps), named: "onset-60", in: folder))
        let onset = try #require(try MotionOnset.find(in: ReferenceVideo(path: path)))
        // Half-way between the last still frame (0.5 s) and the first that moved: within a frame.
        #expect(abs(onset - 0.5) <= 1 / fps + 0.001, "onset \(onset)")
    }

    @Test func aStillVideoHasNoOnset() throws {
        let motion = TeardownVideos.Motion(fps: 30, seconds: 1) { _ in 200 }
        let path = try #require(TeardownVideos.make(motion, named: "still", in: folder))
        #expect(try MotionOnset.find(in: ReferenceVideo(path: path)) == nil)
    }

    /// Pictures laid end to end are cut where each ends, whatever the chunks they arrive in, and
    /// a 0xFF 0xD9 inside a segment's data is not taken for an end.
    @Test func aStreamOfPicturesIsCutWhereEachEnds() {
        // SOI, an APP0 segment whose data holds FF D9, SOS with stuffed FF 00 and a restart
        // marker in its data, EOI.
        let one: [UInt8] = [
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x06, 0xFF, 0xD9, 0x01, 0x02, 0xFF, 0xDA, 0x00, 0x04, 0x01, 0x00, 0x12,
            0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x56, 0xFF, 0xD9,
        ]
        let two: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0x99, 0xFF, 0xD9]
        let stream = one + two + one
        for chunk in [1, 3, 7, stream.count] {
            var splitter = JPEGSplitter()
            var pictures: [[UInt8]] = []
            var offset = 0
            while offset < stream.count {
                let end = min(offset + chunk, stream.count)
                pictures += splitter.append(stream[offset..<end])
                offset = end
            }
            #expect(pictures == [one, two, one], "in chunks of \(chunk)")
        }
    }
}
