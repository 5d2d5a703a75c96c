import Foundation
import Graphics
import Platform
import PlatformSDL
import Testing

@testable import Harness
@testable import Tools

/// Recordings carry the motion at the rate it was kept: an MP4 has one frame per sixtieth of a
/// second, each a new picture wherever the transition moves (not 25 fps repeated 3-2-3-2); a GIF
/// every other one at 30 fps with exact centisecond times and a hold at each end; and what the
/// recorder kept is every sixtieth of a second of animation time, however the frames were drawn.
@MainActor
@Suite(.serialized)
struct RecordingCadenceTests {
    /// Whether ffmpeg is installed; records an issue when not (it is a dependency).
    static func hasFFmpeg() -> Bool {
        guard RecordingEncoding.findExecutable("ffmpeg") != nil else {
            Issue.record("ffmpeg is a dependency (tools/ensure-deps installs it)")
            return false
        }
        return true
    }

    /// Frames decoded by ffmpeg as grey bytes, one per frame the file holds.
    static func decodedFrames(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(RecordingEncoding.findExecutable("ffmpeg")))
        process.arguments = [
            "-v", "error", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "gray", "-",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        let size = width * height
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }

    /// The mean difference of two grey frames, in levels.
    static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var total = 0
        for index in a.indices { total += abs(Int(a[index]) - Int(b[index])) }
        return Double(total) / Double(max(a.count, 1))
    }

    static func grey(_ image: PixelImage) -> [UInt8] {
        var grey = [UInt8](repeating: 0, count: image.width * image.height)
        for index in grey.indices {
            let red = Int(image.rgba[4 * index]) * 299
            let green = Int(image.rgba[4 * index + 1]) * 587
            let blue = Int(image.rgba[4 * index + 2]) * 114
            grey[index] = UInt8((red + green + blue) / 1000)
        }
        return grey
    }

    /// R then a room opening, kept as PNG frames beside the MP4 and the GIF: the MP4 is those
    /// frames one for one, the GIF every other one, and neither repeats a picture where the
    /// frames move.
    @Test func theMP4AndTheGIFMoveOnEveryFrameTheTransitionMoves() throws {
        guard RecordingCadenceTests.hasFFmpeg() else { return }
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.host.lab.keepsRecordingFrames = true
        try app.replay(#"{"events":[{"at":0.2,"type":"key","key":"r"},{"at":0.3,"type":"key","key":"enter"}]}"#)
        app.host.lab.finishRecording()
        let made = try #require(app.host.lab.recordingDump.last)
        let folder = made.folder
        let pngs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("frame-") }
            .sorted()
        #expect(made.frames == pngs.count && (46...52).contains(pngs.count), "\(pngs.count) frames kept")
        let frames = try pngs.map { try #require(SDLBackend.loadPNG(path: folder + "/" + $0)) }.map(Self.grey)
        let moving = (1..<frames.count).map { Self.meanDifference(frames[$0], frames[$0 - 1]) }
        #expect(moving.filter { $0 > 1 }.count >= 25, "the opening moves on most frames")

        let mp4 = try Self.decodedFrames(folder + "/recording.mp4", width: 390, height: 844)
        #expect(mp4.count == frames.count, "the MP4 holds every frame kept, once")
        for index in 1..<min(mp4.count, frames.count) where moving[index - 1] > 0.25 {
            let step = Self.meanDifference(mp4[index], mp4[index - 1])
            #expect(step > 0.1, "MP4 frame \(index) repeats the one before (\(step)) where the frames move")
        }

        let gifPath = folder + "/recording.gif"
        let gif = try #require(GIFStructure(try Data(contentsOf: URL(fileURLWithPath: gifPath))))
        let hold = Int(RecordingEncoding.gifHold * Double(RecordingEncoding.gifRate))
        let body = (frames.count + 1) / 2
        #expect(gif.frames.count == body + 2 * hold, "every other frame and a hold at each end")
        #expect(made.gifFrames == gif.frames.count, "the dump says the GIF's real count")
        // Centisecond delays that add up to exact times: frame n starts at n/30 s.
        var elapsed = 0
        for (index, frame) in gif.frames.enumerated() {
            #expect(abs(elapsed - index * 100 / 30) <= 1, "GIF frame \(index) starts at \(elapsed) cs")
            elapsed += frame.delay
        }
        let decoded = try Self.decodedFrames(gifPath, width: 390, height: 844)
        #expect(decoded.count == gif.frames.count)
        for index in 1..<body {
            let source = Self.meanDifference(frames[2 * index], frames[2 * index - 2])
            guard source > 0.25, hold + index < decoded.count else { continue }
            let step = Self.meanDifference(decoded[hold + index], decoded[hold + index - 1])
            #expect(step > 0.1, "GIF frame \(hold + index) repeats the one before where the frames move")
        }
        for index in 1..<hold {
            #expect(Self.meanDifference(decoded[index], decoded[0]) < 0.5, "the first frame is held")
        }
    }

    /// Frames drawn late (a window at 20 fps) leave their moments to be evaluated: the film and
    /// the recording keep every sixtieth of a second, at the grid's own times.
    @Test func aLateFrameLeavesItsMissedMomentsToBeEvaluated() {
        var grid = SampleGrid(origin: 10)
        #expect(grid.moment(at: 10 + 1.0 / 60) == 1)
        #expect(grid.missed(before: 10 + 1.0 / 60) == [], "a frame on time misses nothing")
        let late = 10 + 3.5 / 60
        #expect(grid.missed(before: late) == [1, 2, 3])
        #expect(grid.moment(at: late) == nil, "a frame between two moments is not one")
        grid.keep(3)
        #expect(grid.missed(before: 10 + 4.0 / 60) == [], "the moment a frame falls on is its own")
        #expect(grid.moment(at: 10 + 4.0 / 60 + 1e-9) == 4)
        #expect(grid.missed(before: 10 + 100.0 / 60).count == SampleGrid.catchUpLimit, "a stall is not replayed whole")
        #expect(abs(grid.time(of: 600) - (10 + 10.0)) < 1e-9, "times are multiples, never a running sum")
    }

    /// A recording at 2× is drawn at 2× whatever the window's scale, and is the 1× recording's
    /// motion: the same number of frames.
    @Test func aRecordingIsDrawnAtTheScaleAskedFor() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        let folder = app.path("twice")
        try app.replay(
            #"{"events":[{"at":0.2,"type":"record","dir":"\#(folder)","duration":0.25,"scale":2},"#
                + #"{"at":0.2,"type":"key","key":"enter"}]}"#)
        app.host.lab.finishRecording()
        let first = try #require(SDLBackend.loadPNG(path: folder + "/frame-0001.png"))
        #expect(first.width == 780 && first.height == 1688)
        let count = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("frame-") }.count
        #expect(count == 15)
    }
}

/// A window that draws late keeps the same moments as a headless run: the recording of a room's
/// opening drawn at ~17 fps on uneven frames is the 60 fps headless recording, frame for frame.
@MainActor
@Suite(.serialized)
struct SlowWindowRecordingTests {
    /// Runs R, then Enter, with frames at `times` (seconds); returns the kept frames' pixels.
    static func record(frameTimes: [Double], enterAt: Double) throws -> [PixelImage] {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.host.lab.keepsRecordingFrames = true
        app.host.lab.encodesRecordings = false
        var pressedR = false
        var pressedEnter = false
        for time in frameTimes {
            app.clock.set(to: time)
            var inputs: [InputEvent] = []
            if !pressedR && time >= enterAt - 0.3 {
                pressedR = true
                inputs.append(.key(.r, time: time))
            }
            if !pressedEnter && time >= enterAt {
                pressedEnter = true
                inputs.append(.key(.enter, time: time))
            }
            app.host.runFrame(inputs: inputs)
        }
        app.host.lab.finishRecording()
        let folder = try #require(app.host.lab.recordingDump.last?.folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("frame-") }
        return try names.sorted().map { try #require(SDLBackend.loadPNG(path: folder + "/" + $0)) }
    }

    @Test func aWindowDrawingLateRecordsWhatHeadlessRecords() throws {
        // Headless: every sixtieth from 0, Enter at 0.5 s.
        let steady = (0..<150).map { Double($0) / 60 }
        let expected = try Self.record(frameTimes: steady, enterAt: 0.5)
        let late = Self.lateFrameTimes
        let enter = try #require(late.first { $0 >= 3.9 })
        let recorded = try Self.record(frameTimes: late, enterAt: enter)
        #expect(recorded.count == expected.count, "\(recorded.count) frames kept late, \(expected.count) on time")
        // The same pictures, pixel for pixel: the same moment reached from a clock far from zero
        // differs in its last bits, which the timings leave out (an edge on a pixel's half once
        // rounded the other way, a row apart).
        for (index, pair) in zip(recorded, expected).enumerated() {
            let differing = Self.pixelsDiffering(pair.0, pair.1)
            #expect(pair.0 == pair.1, "frame \(index + 1): \(differing) pixels differ by over 2 levels")
        }
    }

    /// A window's frames: a real clock seconds after start (a large origin: the same moments land
    /// a few ulps apart), ~17 fps, uneven — 50 to 65 ms apart.
    static var lateFrameTimes: [Double] {
        var late: [Double] = []
        var time = 3.488705465
        var index = 0
        while time < 6 {
            late.append(time)
            time += [0.05, 0.065, 0.057, 0.061][index % 4]
            index += 1
        }
        return late
    }

    /// The film of the room's opening, kept with frames at `times`: its length and frame count.
    static func film(frameTimes: [Double], enterAt: Double) throws -> (duration: Double, frames: Int) {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        for time in frameTimes {
            app.clock.set(to: time)
            app.host.runFrame(inputs: time == enterAt ? [.key(.enter, time: time)] : [])
        }
        let film = try #require(app.host.lab.lastFilm)
        return (film.duration, film.frames.count)
    }

    /// The transition ends on a moment a late window only evaluates: that moment is the film's
    /// landing frame, so the timeline gives it the headless length (0.60 s, was 0.58 in a window).
    @Test func aWindowDrawingLateKeepsTheFilmsLandingFrame() throws {
        let steady = (0..<150).map { Double($0) / 60 }
        let expected = try Self.film(frameTimes: steady, enterAt: steady[30])
        let late = Self.lateFrameTimes
        let enter = try #require(late.first { $0 >= 3.9 })
        let kept = try Self.film(frameTimes: late, enterAt: enter)
        #expect(abs(expected.duration - 0.6) < 1e-6, "headless: \(expected.duration) s")
        #expect(abs(kept.duration - expected.duration) < 1e-6, "late: \(kept.duration) s")
        #expect(kept.frames == expected.frames)
    }

    /// How many pixels differ by more than two levels in a channel.
    static func pixelsDiffering(_ a: PixelImage, _ b: PixelImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return a.width * a.height }
        if a == b { return 0 }
        var count = 0
        for pixel in 0..<(a.width * a.height) {
            let base = pixel * 4
            if (0..<3).contains(where: { abs(Int(a.rgba[base + $0]) - Int(b.rgba[base + $0])) > 2 }) { count += 1 }
        }
        return count
    }
}

/// A recording through a resize keeps every frame at the size it began with (the scene cut or
/// bordered), and its message and dump count what the files hold.
@MainActor
struct RecordingThroughAResizeTests {
    @Test func everyFrameIsKeptThroughAResize() throws {
        guard RecordingCadenceTests.hasFFmpeg() else { return }
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        let folder = app.path("resized")
        try app.replay(
            #"{"events":[{"at":0.1,"type":"record","dir":"\#(folder)","duration":1,"format":"gif"},"#
                + #"{"at":0.2,"type":"key","key":"enter"},{"at":0.4,"type":"resize","width":500,"height":700}]}"#)
        app.host.lab.finishRecording()
        let made = try #require(app.host.lab.recordingDump.last)
        #expect(made.frames == 60, "a second at 60 fps: \(made.frames)")
        let gif = try #require(GIFStructure(try Data(contentsOf: URL(fileURLWithPath: folder + "/recording.gif"))))
        #expect(gif.frames.count == 30 + 18 && made.gifFrames == gif.frames.count)
        #expect(gif.frames.allSatisfy { $0.x + $0.width <= 390 && $0.y + $0.height <= 844 })
    }
}

/// A file ffmpeg left cut short (a disk that filled while it wrote, exiting 0 all the same) never
/// takes the final name: an MP4 without its index, a GIF without its trailer.
struct WholeFileTests {
    @Test func aCutShortFileIsNotTakenForWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("whole-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mp4 = folder.appendingPathComponent("cut.mp4")
        try Data("....ftypisom....mdat".utf8).write(to: mp4)
        #expect(RecordingEncoding.wholeFileProblem(mp4.path, format: .mp4) != nil)
        try Data("....ftypisom....moov....mdat".utf8).write(to: mp4)
        #expect(RecordingEncoding.wholeFileProblem(mp4.path, format: .mp4) == nil)
        // The smallest whole GIF: header, a 1×1 screen, one image, the trailer.
        var gif = Data("GIF89a".utf8) + Data([1, 0, 1, 0, 0, 0, 0])
        gif += Data([0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0])
        let whole = folder.appendingPathComponent("whole.gif")
        try (gif + Data([0x3B])).write(to: whole)
        #expect(RecordingEncoding.wholeFileProblem(whole.path, format: .gif) == nil)
        let cut = folder.appendingPathComponent("cut.gif")
        try gif.write(to: cut)
        #expect(RecordingEncoding.wholeFileProblem(cut.path, format: .gif) != nil)
    }
}
