/// What a script asks of the motion lab (`slow`, `pause`, `resume`, `step`, `scrub`, `record`).
public enum LabCommand: Equatable, Sendable {
    /// Animations run `factor` times slower (1 is normal).
    case slow(factor: Double)
    case pause
    case resume
    /// One frame on while paused.
    case step
    /// The running transition shown at `progress` (0…1 of its duration).
    case scrub(progress: Double)
    /// Every sixtieth of a second for `duration` seconds of animation time into `folder` (the
    /// captures folder's next recording folder when nil) as `format`: "png" (numbered frames, the
    /// default), "gif" or "mp4", drawn at `scale` (the window's when nil).
    case record(folder: String?, duration: Double, format: String = "png", scale: Double? = nil)
    /// A tunable constant takes `value` (checked against the catalog when the script is read).
    case tune(name: String, value: Double)
    /// The teardown inspector: its mode ("3d", "2d", "off"), turn, spread and the view selected.
    case inspect(mode: String?, yaw: Double?, pitch: Double?, spacing: Double?, select: String?)
}
