/// What a script asks of a tool: one enum per tool, each handled by its own tool (the host only
/// routes), so a tool's commands never travel through another's.
public enum ToolCommand: Equatable, Sendable {
    case lab(LabCommand)
    case tuning(TuningCommand)
    case inspector(InspectorCommand)
    case reference(ReferenceCommand)
    /// Reduce Motion on or off (`reduce_motion`).
    case reduceMotion(Bool)
}

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
    /// captures folder's next recording folder when nil) as `format` (numbered PNG frames by
    /// default), drawn at `scale` (the window's when nil).
    case record(folder: String?, duration: Double, format: RecordingFormat = .png, scale: Double? = nil)
}

/// What a script asks of live tuning (`tune`).
public enum TuningCommand: Equatable, Sendable {
    /// A tunable constant takes `value` (checked against the catalog when the script is read).
    case tune(name: String, value: Double)
}

/// What a script asks of the teardown inspector (`inspect`): its mode, turn, spread and the view
/// selected (by id; checked against the scene on screen when it runs).
public enum InspectorCommand: Equatable, Sendable {
    case inspect(mode: InspectorMode?, yaw: Double?, pitch: Double?, spacing: Double?, select: String?)
}

/// What a script asks of the reference video (`reference`): load a screen recording of the real
/// app to show beside and over the recreation, and how strongly it shows over the scene.
public enum ReferenceCommand: Equatable, Sendable {
    /// Loads `file` (MP4, MOV, WebM, GIF or a folder of PNGs); `onion` (0…1) sets the onion skin.
    case load(file: String, onion: Double?)
    /// The onion skin's opacity over the scene (0: beside only).
    case onion(Double)
    /// Over the scene, where the scene and the video differ (black where they agree), or not.
    case difference(Bool)
    /// The video's motion begins at this moment (seconds into it): its frame there is the
    /// recreation's transition at 0.
    case start(Double)
    /// Follows the element in this box (the video's pixels: x, y, width, height) from the start
    /// frame on, and fits its motion with a spring and a Bézier curve.
    case track(x: Double, y: Double, width: Double, height: Double, at: Double?)
    /// Puts the last fit's values into the scene's matching tunable constants.
    case apply
}
