/// The dump's `recording`: what the recorder is doing ("idle", "waiting" for a transition,
/// "recording", "saving"), the frames kept so far, and what the last recording made — the real
/// frame counts of its files.
public struct RecordingDump: Encodable, Equatable {
    public struct Made: Encodable, Equatable {
        public var folder: String
        public var files: [String]
        /// Frames at 60 fps: the MP4's and the numbered PNGs'.
        public var frames: Int
        /// The GIF's frames (30 fps, holds included), read from the file.
        public var gifFrames: Int?
        public var seconds: Double
        public var scale: Double

        package enum CodingKeys: String, CodingKey {
            case folder, files, frames, seconds, scale
            case gifFrames = "gif_frames"
        }
    }

    public var state: String
    public var frames: Int
    public var last: Made?
}
