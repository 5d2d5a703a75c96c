import Foundation
import Motion

@testable import Teardown

/// Test videos of a known motion, made by ffmpeg from its own drawing (no picture of ours): a
/// light screen with a status bar whose marker moves every frame, and a card (a blue panel with
/// white and orange blocks and a dark grid) placed at each frame's position, encoded as H.264 at an
/// ordinary quality. The app never tuned to them: the fit must find what drew them.
enum TeardownVideos {
    /// A phone's points at 3×.
    static let size = (width: 1170, height: 2532)
    static let card = (width: 600, height: 400)

    /// Where the card's left edge is at `time` (video pixels); its top stays at `top`.
    struct Motion {
        var fps: Double
        var seconds: Double
        var top = 1000
        var x: (Double) -> Double

        /// The card's left edge at each frame, as ffmpeg places it (whole pixels).
        var frames: [Int] { (0..<Int((seconds * fps).rounded())).map { Int(x(Double($0) / fps).rounded()) } }
    }

    /// The card's box in the video's pixels on its first frame: what a user draws to track it.
    static func firstBox(of motion: Motion) -> TrackedBox {
        TrackedBox(
            x: Double(motion.frames[0]), y: Double(motion.top), width: Double(card.width), height: Double(card.height))
    }

    /// A spring released from rest at 0.5 s carrying the card from x 100 to 500.
    static func spring(dampingRatio: Double, response: Double, fps: Double) -> Motion {
        let solution = SpringSolution(
            response: response, dampingRatio: dampingRatio, initialDisplacement: 1, initialVelocity: 0)
        return Motion(fps: fps, seconds: 2.2) { t in t < 0.5 ? 100 : 500 - 400 * solution.position(at: t - 0.5) }
    }

    /// A Bézier curve from 0.5 s over `duration`, carrying the card from x 100 to 500.
    static func bezier(_ curve: TimingCurve, duration: Double, fps: Double) -> Motion {
        Motion(fps: fps, seconds: 1.6) { t in 100 + 400 * curve.progress(at: (t - 0.5) / duration) }
    }

    /// Writes `motion` as an MP4 in `folder`; its path, or nil without ffmpeg. `retimed` (an ffmpeg
    /// `setpts` expression in seconds of frame `N`) gives the frames other timestamps: a variable
    /// frame rate, as phones record.
    static func make(_ motion: Motion, named name: String, in folder: String, retimed: String? = nil) -> String? {
        guard let ffmpeg = Executable.find("ffmpeg") else { return nil }
        let path = (folder as NSString).appendingPathComponent(name + ".mp4")
        let frames = motion.frames
        // The card's x at each frame's time: the first frame's, plus each later frame's step from
        // half a frame before it (ffmpeg's expressions have no arrays; its overlay counts frames
        // from 1, its time from 0).
        var x = String(frames.first ?? 0)
        for index in frames.indices.dropFirst() where frames[index] != frames[index - 1] {
            let step = frames[index] - frames[index - 1]
            x += "+\(step)*gte(t\\,\((Double(index) - 0.5) / motion.fps))"
        }
        let rate = String(Int(motion.fps))
        let graph =
            "color=c=0xF2F2F7:s=\(size.width)x\(size.height):r=\(rate)[screen];"
            + "color=c=0x1C1C1E:s=\(size.width)x120:r=\(rate)[bar];"
            + "color=c=0x34C759:s=90x60:r=\(rate)[marker];"
            + "color=c=0x3478F6:s=\(card.width)x\(card.height):r=\(rate),"
            + "drawbox=x=40:y=40:w=520:h=80:color=white:t=fill,"
            + "drawbox=x=40:y=160:w=300:h=200:color=0xFF9500:t=fill,"
            + "drawgrid=w=100:h=100:t=4:c=0x1C1C1E[card];"
            + "[bar][marker]overlay=x=mod(n*37\\,1080):y=30[status];"
            + "[screen][status]overlay=x=0:y=0[top];"
            + "[top][card]overlay=x=\(x):y=\(motion.top):eval=frame,format=yuv420p"
            + (retimed.map { ",settb=1/600,setpts=(\($0))/TB" } ?? "")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-v", "error", "-nostdin", "-y", "-filter_complex", graph, "-frames:v", String(frames.count),
            "-fps_mode", "passthrough", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", path,
        ]
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? path : nil
    }
}
