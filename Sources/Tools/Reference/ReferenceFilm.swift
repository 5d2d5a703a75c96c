import Foundation
import Teardown

/// A screen recording of the real app, loaded to be shown beside and over the recreation: its
/// frames as JPEGs at the scene's size in pixels, each with its own timestamp, and the moment its
/// motion begins (`MotionOnset`), which lines it up with the recreation's transitions. Memory is
/// bounded whatever the video's length and size: frames are decoded shrunk, and once
/// `byteLimit` of them are kept the rest of the video is left out (said in `summary`).
package struct ReferenceFilm: Sendable {
    package let file: String
    /// The video's own size in pixels and average frame rate.
    package let videoWidth: Int
    package let videoHeight: Int
    package let fps: Double
    package let duration: Double
    /// The frames kept, and when each is shown (seconds from the video's first frame).
    package let pictures: [[UInt8]]
    package let times: [Double]
    /// The pictures' size in pixels (the video fitted into the scene at its pixel scale).
    package let pictureWidth: Int
    package let pictureHeight: Int
    /// Where the motion begins: the recreation's transition at 0 shows the frame of this moment.
    package var start: Double
    /// Whether frames were left out at the end to keep within `byteLimit`.
    package let isCut: Bool

    /// At most this many bytes of JPEGs are kept: a minute of a phone screen at 60 fps, or the
    /// first part of anything longer.
    package static let byteLimit = 160 << 20

    /// Loads `file`, its frames fitted into `fitting` pixels; a problem in one line when it is
    /// not a video ffmpeg reads, has no frames, or ffmpeg is missing.
    package static func load(
        _ file: String, fitting: (width: Int, height: Int), byteLimit: Int = Self.byteLimit
    ) -> Result<ReferenceFilm, ReferenceVideo.Problem> {
        do {
            let video = try ReferenceVideo(path: file)
            var pictures: [[UInt8]] = []
            var bytes = 0
            var cut = false
            let decoded = try video.decodePictures(fitting: fitting) { _, jpeg in
                guard bytes + jpeg.count <= byteLimit else {
                    cut = true
                    return false
                }
                bytes += jpeg.count
                pictures.append(jpeg)
                return true
            }
            let times = Array(decoded.times.prefix(pictures.count))
            guard !pictures.isEmpty, times.count == pictures.count else {
                return .failure(ReferenceVideo.Problem(noFrames: file))
            }
            let onset = try MotionOnset.find(in: video)
            return .success(
                ReferenceFilm(
                    file: file, videoWidth: video.width, videoHeight: video.height, fps: video.fps,
                    duration: max(video.duration, times.last ?? 0), pictures: pictures, times: times,
                    pictureWidth: decoded.width, pictureHeight: decoded.height, start: onset ?? 0, isCut: cut))
        } catch {
            return .failure(error)
        }
    }

    /// The frame shown `moment` seconds into the recreation's transition: the one whose timestamp
    /// is nearest `start + moment` (the earlier of two as near), so the video is never more than
    /// half a frame from the scene's moment (the last frame at or before it lagged by up to one).
    package func frameIndex(atMoment moment: Double) -> Int {
        let time = start + moment
        var low = 0
        var high = times.count - 1
        guard time >= times[0] else { return 0 }
        while low < high {
            let middle = (low + high + 1) / 2
            if times[middle] <= time + 1e-6 { low = middle } else { high = middle - 1 }
        }
        if low + 1 < times.count, times[low + 1] - time < time - times[low] - 1e-6 { return low + 1 }
        return low
    }

    /// What the dock says of it: the file, its size and rate, where its motion begins, and what
    /// was left out.
    package var summary: String {
        let name = (file as NSString).lastPathComponent
        var text =
            "\(name) · \(videoWidth)×\(videoHeight) · \(String(format: "%.0f", fps)) fps · "
            + "motion at \(String(format: "%.2f", start)) s"
        if isCut {
            text +=
                " · first \(String(format: "%.1f", times.last ?? 0)) s of \(String(format: "%.1f", duration)) s kept"
        }
        return text
    }
}
