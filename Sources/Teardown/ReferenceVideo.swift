import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A screen recording of the real app, read through ffmpeg (MP4, MOV, WebM, GIF, or a folder of
/// numbered PNGs): its size and frame rate from ffprobe, and its frames decoded in presentation
/// order, each with its own timestamp (phone recordings have variable frame rates), shrunk and
/// grey for tracking, handed over one at a time so memory stays bounded for any length.
package struct ReferenceVideo: Sendable {
    package let path: String
    package let width: Int
    package let height: Int
    /// Frames per second on average (a variable-rate video's timestamps say when each frame is).
    package let fps: Double
    /// Frames, as the container counts them (0 when it does not say).
    package let declaredFrames: Int
    package let duration: Double

    /// What went wrong, in one line that names the file and a way out.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
        /// A video that decoded to no frame at all.
        package init(noFrames file: String) { description = "\(file) has no frames to show" }
    }

    /// Reads what the video is; a problem when ffmpeg is missing, the file is missing, empty, not a
    /// video or has no video stream, or the folder holds no PNG frames.
    package init(path: String) throws(Problem) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw Problem("\(path): no such file (give the path of a screen recording: MP4, MOV, WebM, GIF or PNGs)")
        }
        if isFolder.boolValue, Self.framePattern(inFolder: path) == nil {
            throw Problem(
                "\(path) holds no PNG frames (a folder of numbered PNGs, e.g. frame-0001.png, is read as a video)")
        }
        if !isFolder.boolValue, (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) == 0 {
            throw Problem("\(path) is empty (0 bytes): not a video")
        }
        guard let ffprobe = Executable.find("ffprobe"),
            Executable.find("ffmpeg") != nil
        else {
            throw Problem("ffmpeg is not installed, and reading a video needs it: apt-get install ffmpeg")
        }
        self.path = path
        let input = Self.inputArguments(path, isFolder: isFolder.boolValue)
        let probe = Self.run(
            ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries",
                "stream=width,height,avg_frame_rate,r_frame_rate,nb_frames:format=duration,start_time",
                "-of", "default=noprint_wrappers=1",
            ] + input)
        let fields = Dictionary(
            probe.output.split(separator: "\n").compactMap { line -> (String, String)? in
                let parts = line.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }, uniquingKeysWith: { first, _ in first })
        guard probe.status == 0 else {
            let reason = probe.errors.split(separator: "\n").last.map(String.init) ?? "ffprobe failed"
            throw Problem("\(path) is not a video ffmpeg can read (\(reason))")
        }
        guard let width = fields["width"].flatMap({ Int($0) }), let height = fields["height"].flatMap({ Int($0) }),
            width > 0, height > 0
        else {
            throw Problem("\(path) has no video stream (is it audio only, or not a video?)")
        }
        self.width = width
        self.height = height
        let rate = Self.rate(fields["avg_frame_rate"]) ?? Self.rate(fields["r_frame_rate"]) ?? 60
        fps = isFolder.boolValue ? 60 : rate
        declaredFrames = fields["nb_frames"].flatMap { Int($0) } ?? 0
        duration = fields["duration"].flatMap { Double($0) } ?? 0
        startTime = fields["start_time"].flatMap { Double($0) } ?? 0
    }

    /// The first frame's timestamp in the container (timestamps given out count from it).
    let startTime: Double

    /// Decodes every frame in order, shrunk to fit `longestSide` pixels and grey, handing each to
    /// `body` (which returns false to stop); then the frames' size and their timestamps (seconds
    /// from the video's first frame, one per frame handed over).
    package func decodeGrey(
        longestSide: Int, from start: Double = 0, until end: Double? = nil,
        _ body: (_ index: Int, _ frame: GreyImage) -> Bool
    ) throws(Problem) -> (width: Int, height: Int, times: [Double]) {
        try decodeRaw(longestSide: longestSide, from: start, until: end, pixelFormat: "gray") { index, bytes, w, h in
            body(index, GreyImage(width: w, height: h, bytes: bytes))
        }
    }

    /// As `decodeGrey`, each frame with its colour too: the grey (luma) at the size asked for, and
    /// the two colour-difference planes (blue and red, 128 for grey) at half that size each way —
    /// what tells a blue-grey bar from a dimmed white page of the same brightness.
    package func decodeWithColour(
        longestSide: Int, from start: Double = 0, until end: Double? = nil,
        _ body: (_ index: Int, _ frame: GreyImage, _ colour: (blue: GreyImage, red: GreyImage)) -> Bool
    ) throws(Problem) -> (width: Int, height: Int, times: [Double]) {
        try decodeRaw(longestSide: longestSide, from: start, until: end, pixelFormat: "yuv420p") {
            index, bytes, w, h in
            let (luma, plane) = (w * h, (w / 2) * (h / 2))
            func picture(_ from: Int, _ width: Int, _ height: Int, _ count: Int) -> GreyImage {
                GreyImage(width: width, height: height, bytes: Array(bytes[from..<(from + count)]))
            }
            return body(
                index, picture(0, w, h, luma),
                (picture(luma, w / 2, h / 2, plane), picture(luma + plane, w / 2, h / 2, plane)))
        }
    }

    /// Every frame shrunk to fit `longestSide` and in ffmpeg's `pixelFormat` (`gray`: a byte a
    /// pixel; `yuv420p`: that, then two quarter planes), its bytes handed to `body` with the size.
    private func decodeRaw(
        longestSide: Int, from start: Double, until end: Double?, pixelFormat: String,
        _ body: (_ index: Int, _ bytes: [UInt8], _ width: Int, _ height: Int) -> Bool
    ) throws(Problem) -> (width: Int, height: Int, times: [Double]) {
        let (w, h) = shrunkSize(longestSide: longestSide)
        let frameBytes = pixelFormat == "gray" ? w * h : w * h + 2 * (w / 2) * (h / 2)
        let times = try decode(
            from: start, until: end,
            output: [
                "-vf", "showinfo=checksum=0,scale=\(w):\(h):flags=area,format=\(pixelFormat)", "-f", "rawvideo",
                "-pix_fmt", pixelFormat, "pipe:1",
            ]
        ) { descriptor in
            Self.readFrames(from: descriptor, frameBytes: frameBytes) { index, bytes in body(index, bytes, w, h) }
        }
        return (w, h, times)
    }

    /// The video's size shrunk to fit `longestSide` pixels, in even pixels (some scalers want them)
    /// and never below two.
    package func shrunkSize(longestSide: Int) -> (width: Int, height: Int) {
        let factor = min(1, Double(longestSide) / Double(max(width, height)))
        let w = max(2, Int((Double(width) * factor / 2).rounded()) * 2)
        let h = max(2, Int((Double(height) * factor / 2).rounded()) * 2)
        return (w, h)
    }

    /// Runs ffmpeg over the video from `start` to `end` with `output` (its filters and output
    /// arguments, `showinfo` first so each frame's timestamp is logged) and hands its standard
    /// output to `read`, which says how many frames it took and whether it stopped early; the
    /// frames' timestamps, in seconds from the video's first frame.
    func decode(
        from start: Double, until end: Double?, output: [String],
        read: (_ descriptor: Int32) -> (count: Int, stopped: Bool)
    ) throws(Problem) -> [Double] {
        guard let ffmpeg = Executable.find("ffmpeg") else {
            throw Problem("ffmpeg is not installed, and reading a video needs it: apt-get install ffmpeg")
        }
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        let timesFile = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "teardowns-frames-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).txt"
            )
            .path
        defer { try? FileManager.default.removeItem(atPath: timesFile) }
        let arguments =
            ["-hide_banner", "-v", "info", "-nostdin", "-copyts"]
            + (start > 0 ? ["-ss", String(start + startTime)] : [])
            + (end.map { ["-to", String($0 + startTime)] } ?? [])
            + Self.inputArguments(path, isFolder: isFolder.boolValue)
            + ["-map", "0:v:0", "-fps_mode", "passthrough"] + output
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: timesFile, contents: nil)
        guard let errors = FileHandle(forWritingAtPath: timesFile) else {
            throw Problem("could not write a temporary file in \(FileManager.default.temporaryDirectory.path)")
        }
        process.standardError = errors
        do { try process.run() } catch {
            throw Problem("could not start ffmpeg (\(error.localizedDescription))")
        }
        let reader = pipe.fileHandleForReading
        let (index, stopped) = read(reader.fileDescriptor)
        if stopped {
            // Our end of the pipe closed first: ffmpeg blocked writing a frame nobody reads then
            // fails on it instead of waiting for ever, and the signal ends it.
            try? reader.close()
            process.terminate()
        }
        process.waitUntilExit()
        try? errors.close()
        let log = (try? String(contentsOfFile: timesFile, encoding: .utf8)) ?? ""
        if !stopped, process.terminationStatus != 0, index == 0 {
            let reason =
                log.split(separator: "\n").last { !$0.contains("showinfo") }.map(String.init) ?? "ffmpeg failed"
            throw Problem("\(path) could not be decoded (\(reason))")
        }
        var times = Array(Self.timestamps(inLog: log).map { $0 - startTime }.prefix(index))
        // A frame the log did not time (it should not happen) is placed at the average rate.
        while times.count < index { times.append((times.last ?? start - 1 / fps) + 1 / fps) }
        return times
    }

    /// Hands `body` each `width` × `height` grey frame read from `descriptor` until it ends or
    /// `body` says stop: how many were handed over, and whether `body` stopped it. One frame's
    /// buffer, filled by reads straight from the pipe, so memory stays one frame whatever the
    /// length (Foundation's chunks and slices held on to tens of megabytes).
    private static func readFrames(
        from descriptor: Int32, frameBytes: Int, _ body: (_ index: Int, _ bytes: [UInt8]) -> Bool
    ) -> (count: Int, stopped: Bool) {
        var buffer = [UInt8](repeating: 0, count: frameBytes)
        var index = 0
        while true {
            var filled = 0
            while filled < frameBytes {
                let got = buffer.withUnsafeMutableBytes { bytes in
                    read(descriptor, bytes.baseAddress! + filled, frameBytes - filled)
                }
                if got > 0 {
                    filled += got
                } else if got < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            guard filled == frameBytes else { return (index, false) }
            let carryOn = body(index, buffer)
            index += 1
            if !carryOn { return (index, true) }
        }
    }

    /// The presentation timestamps ffmpeg's `showinfo` logged, in seconds.
    static func timestamps(inLog log: String) -> [Double] {
        var times: [Double] = []
        for line in log.split(separator: "\n") where line.contains("pts_time:") {
            guard let range = line.range(of: "pts_time:") else { continue }
            let rest = line[range.upperBound...].drop { $0 == " " }
            if let value = Double(rest.prefix { !$0.isWhitespace }) { times.append(value) }
        }
        return times
    }

    private static func rate(_ text: String?) -> Double? {
        guard let text else { return nil }
        let parts = text.split(separator: "/")
        guard parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator > 0,
            numerator > 0
        else { return Double(text).flatMap { $0 > 0 ? $0 : nil } }
        return numerator / denominator
    }

    /// ffmpeg's input arguments: the file, or the folder's PNGs in name order at 60 fps.
    private static func inputArguments(_ path: String, isFolder: Bool) -> [String] {
        guard isFolder, let pattern = framePattern(inFolder: path) else { return ["-i", path] }
        return ["-framerate", "60", "-pattern_type", "glob", "-i", pattern]
    }

    /// `folder/*.png` when the folder holds PNGs.
    private static func framePattern(inFolder folder: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        guard names.contains(where: { $0.lowercased().hasSuffix(".png") }) else { return nil }
        return (folder as NSString).appendingPathComponent("*.png")
    }

    /// Runs a short command to its end: its exit status, output and errors.
    private static func run(_ executable: String, _ arguments: [String]) -> (
        status: Int32, output: String, errors: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "", error.localizedDescription) }
        // Small outputs (a few lines): read both to their ends, then wait.
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
