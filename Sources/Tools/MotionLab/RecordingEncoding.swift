import Foundation
import Graphics
import Teardown

#if canImport(Glibc)
    import Glibc
#endif

/// How a recording's numbered PNG frames (one per sixtieth of a second) become a GIF and an MP4:
/// ffmpeg reads them as a 60 fps image sequence (exact timestamps, none shared), writes under a
/// temporary name and the file is renamed only once it is whole. The GIF is made in two passes —
/// its palette first, then the frames through it — so ffmpeg holds one frame at a time, not all
/// of them. The same frames give the same bytes on every run (one thread, bit-exact output).
package enum RecordingEncoding {
    package enum Result {
        /// The finished file, and the GIF's frame count read back from it.
        case made(String, gifFrames: Int?)
        case failed(String)
        case stopped(Int32)
    }

    /// The GIF stays on its first and last frames this long, so a loop reads as one.
    package static let gifHold = 0.3
    static let holdText = "0.3 s"
    /// Every other frame of the 60 fps recording.
    package static let gifRate = 30

    /// Encodes the `frames` in `folder` as `format` into `folder/recording.<format>`.
    static func encode(_ format: MotionRecorder.Format, frames: Int, folder: String, ffmpeg: String) -> Result {
        let output = folder + "/recording.\(format.rawValue)"
        let partial = folder + "/.recording.\(format.rawValue).part"
        let palette = folder + "/.palette.png"
        let progress = folder + "/.ffmpeg-progress"
        let errors = folder + "/.ffmpeg-errors"
        defer {
            for leftover in [partial, palette, progress, errors] {
                try? FileManager.default.removeItem(atPath: leftover)
            }
        }
        var passes: [[String]] = []
        switch format {
        case .gif:
            passes = [
                sequence(folder) + [
                    "-vf", "fps=\(gifRate),palettegen=stats_mode=full", "-frames:v", "1", "-update", "1", "-f",
                    "image2", "file:" + palette,
                ],
                sequence(folder) + [
                    "-i", "file:" + palette, "-lavfi",
                    "[0:v]fps=\(gifRate),tpad=start_mode=clone:start_duration=\(gifHold):stop_mode=clone:"
                        + "stop_duration=\(gifHold)[frames];[frames][1:v]paletteuse=dither=sierra2_4a",
                    "-loop", "0", "-threads", "1", "-fflags", "+bitexact", "-f", "gif", "file:" + partial,
                ],
            ]
        case .mp4:
            passes = [
                sequence(folder) + [
                    "-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-c:v", "libx264", "-preset", "veryfast", "-crf", "18",
                    "-pix_fmt", "yuv420p", "-r", "60", "-color_primaries", "bt709", "-color_trc", "bt709",
                    "-colorspace", "bt709", "-threads", "1", "-movflags", "+faststart", "-fflags", "+bitexact",
                    "-flags:v", "+bitexact", "-f", "mp4", "file:" + partial,
                ]
            ]
        case .png:
            return .made(folder, gifFrames: nil)
        }
        for arguments in passes {
            switch EncoderProcess.run(ffmpeg, arguments, progressFile: progress, errorFile: errors) {
            case .finished: break
            case .failed(let problem):
                // ffmpeg's last line rarely names the cause of a full disk ("Conversion failed!").
                return .failed("\(FilePath.name(of: output)) was not made: \(problem)\(diskHint(partial))")
            case .stopped(let signal): return .stopped(signal)
            }
        }
        // ffmpeg can exit 0 with a file cut short (a disk that filled meanwhile): an MP4 without
        // its index, a GIF without its trailer. Only a whole file takes the name.
        if let problem = wholeFileProblem(partial, format: format) {
            return .failed("\(FilePath.name(of: output)) was not made: \(problem)")
        }
        do {
            if FileManager.default.fileExists(atPath: output) { try FileManager.default.removeItem(atPath: output) }
            try FileManager.default.moveItem(atPath: partial, toPath: output)
        } catch {
            return .failed("\(output) could not be put in place (\(error.localizedDescription))")
        }
        return .made(output, gifFrames: format == .gif ? gifFrameCount(output) : nil)
    }

    /// Why the encoded file is not whole, or nil: an MP4 must hold its `moov` index, a GIF must
    /// end with its trailer and parse.
    package static func wholeFileProblem(_ path: String, format: MotionRecorder.Format) -> String? {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
            return "ffmpeg left no file" + diskHint(path)
        }
        switch format {
        case .mp4:
            if data.range(of: Data("moov".utf8)) == nil { return "ffmpeg's MP4 has no index (moov)" + diskHint(path) }
        case .gif:
            if data.last != 0x3B || GIFStructure(data) == nil { return "ffmpeg's GIF is cut short" + diskHint(path) }
        case .png:
            break
        }
        return nil
    }

    /// ": No space left on device" when the folder's disk is (nearly) full, else nothing.
    private static func diskHint(_ path: String) -> String {
        DiskSpace.fullReason(in: FilePath.folder(of: path)).map { ": " + $0 } ?? ""
    }

    /// The numbered frames as ffmpeg's input: a 60 fps image sequence. A `%` in the folder's
    /// name is doubled (the pattern's own escape) and `file:` keeps a name starting with `-` or
    /// holding `:` a file name.
    static func sequence(_ folder: String) -> [String] {
        let pattern = folder.replacingOccurrences(of: "%", with: "%%") + "/frame-%04d.png"
        return [
            "-loglevel", "error", "-y", "-f", "image2", "-framerate", "60", "-start_number", "1", "-i",
            "file:" + pattern,
        ]
    }

    /// How many frames a GIF file holds (its image descriptors), or nil if it is not one.
    static func gifFrameCount(_ path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return GIFStructure(data)?.frames.count
    }

    package static func findExecutable(_ name: String) -> String? { Executable.find(name) }
}

/// A GIF's frames and their delays (hundredths of a second), read by walking its blocks.
package struct GIFStructure {
    package var frames: [(delay: Int, x: Int, y: Int, width: Int, height: Int)] = []

    package init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count >= 13, bytes[0] == 0x47, bytes[1] == 0x49, bytes[2] == 0x46 else { return nil }
        var index = 13
        if bytes[10] & 0x80 != 0 { index += 3 << (Int(bytes[10] & 0x07) + 1) }
        var delay = 0
        func skipSubBlocks() {
            while index < bytes.count {
                let length = Int(bytes[index])
                index += 1 + length
                if length == 0 { return }
            }
        }
        while index < bytes.count {
            switch bytes[index] {
            case 0x21:
                guard index + 1 < bytes.count else { return nil }
                if bytes[index + 1] == 0xF9, index + 5 < bytes.count {
                    delay = Int(bytes[index + 4]) | Int(bytes[index + 5]) << 8
                }
                index += 2
                skipSubBlocks()
            case 0x2C:
                guard index + 9 < bytes.count else { return nil }
                func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
                frames.append((delay, word(index + 1), word(index + 3), word(index + 5), word(index + 7)))
                let flags = bytes[index + 9]
                index += 10
                if flags & 0x80 != 0 { index += 3 << (Int(flags & 0x07) + 1) }
                index += 1  // LZW minimum code size
                skipSubBlocks()
                delay = 0
            case 0x3B:
                return
            default:
                return nil
            }
        }
    }
}
