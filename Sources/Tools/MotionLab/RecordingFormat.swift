/// How a recording is written (`record`'s `"format"`, R in the lab).
public enum RecordingFormat: String, CaseIterable, Sendable {
    /// A looping GIF at 30 fps (every other frame), a palette of its own made in a first pass,
    /// dithered, held a moment on its first and last frames so a loop reads.
    case gif
    /// H.264 in yuv420p at 60 fps, one frame per frame kept: plays in any browser.
    case mp4
    /// The numbered frames themselves.
    case png
}
