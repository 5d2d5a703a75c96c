import Foundation

/// What loading a long, large reference video costs (issue 42): 60 s at 3840×2160 and 30 fps,
/// H.264, drawn by ffmpeg, shown beside Rooms by the release app headless (which loads before its
/// first frame). Memory must stay bounded whatever the video — the frames are decoded shrunk to
/// the scene's size and kept as JPEGs within a budget — so its peak must not run to gigabytes.
struct ReferenceLoadResult: Encodable {
    var seconds: Double
    var peakRSSMB: Double
    var frames: Int
    var cut: Bool

    enum CodingKeys: String, CodingKey {
        case seconds, frames, cut
        case peakRSSMB = "peak_rss_mb"
    }
}

extension Gauntlet {
    func referenceLoadBenchmark(app: String) -> ReferenceLoadResult? {
        guard let ffmpeg = Self.ffmpeg else {
            print("\nReference load: skipped (no ffmpeg)")
            return nil
        }
        let folder = NSTemporaryDirectory() + "teardowns-bench-reference-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let video = folder + "/4k-60s.mp4"
        let made = Self.run(
            ffmpeg,
            [
                "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=3840x2160:r=30:d=60",
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "28", "-pix_fmt", "yuv420p", video,
            ])
        guard made?.status == 0 else {
            print("\nReference load: could not make the test video")
            return nil
        }
        let script = folder + "/quit.json"
        let dump = folder + "/dump.json"
        try? Data(#"{"events":[{"at":0.05,"type":"dump","file":"\#(dump)"},{"at":0.1,"type":"quit"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: script))
        guard
            let load = Self.run(
                app, ["--headless", "--scene", "rooms", "--reference", video, "--script", script])
        else { return nil }
        let document =
            (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dump)))) as? [String: Any]
        let reference = document?["reference"] as? [String: Any]
        let result = ReferenceLoadResult(
            seconds: load.seconds, peakRSSMB: load.peakRSSMB, frames: reference?["frames"] as? Int ?? 0,
            cut: reference?["cut"] as? Bool ?? false)
        print(
            String(
                format: "\nReference load (--reference, release, headless): a 60 s 3840×2160 30 fps video, "
                    + "%d frames kept%@ in %.1f s, peak RSS %.0f MB (bounded: no gigabytes)",
                result.frames, result.cut ? " (the rest cut to stay within memory)" : "", result.seconds,
                result.peakRSSMB))
        return result
    }
}
