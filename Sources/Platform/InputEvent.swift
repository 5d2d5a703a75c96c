import Graphics

/// Keys the app reacts to; everything else is dropped by the backend.
public enum Key: String, Sendable, CaseIterable, Codable {
    case escape, enter, left, right, up, down, f11, f12
    /// `,` — opens a scene's settings (Slide-in Settings), as ⌘, opens preferences on a Mac.
    case comma
    /// The motion lab's keys: Space pauses, `.` steps a frame, S slows down, G graphs the curves,
    /// H shows the HUD, R records, `?` lists every key.
    case space, period, s, g, h, r, question
    /// T shows the live tuning panel.
    case t
    /// The last transition again: P plays it, L loops it, B plays it before and after the last
    /// tuned value changed.
    case p, l, b
    /// Shift+F12 captures the whole window, the tools over the scene included (F12: the scene).
    case shiftF12 = "shift+f12"

    /// A script's name for a key: its raw value, or the character itself ("," "." "?" " ").
    public init?(scriptName: String) {
        switch scriptName {
        case ",": self = .comma
        case ".": self = .period
        case "?": self = .question
        case " ": self = .space
        default: self.init(rawValue: scriptName.lowercased())
        }
    }
}

/// A mouse (or a finger, one day) in window points. `time` is on the same time base as the clock
/// driving the frame, so gesture velocity is computed from the event's own timestamps.
public struct PointerEvent: Equatable, Sendable {
    public enum Phase: String, Sendable {
        case down, move, up
    }

    public var phase: Phase
    public var location: Point
    public var time: Double

    public init(phase: Phase, location: Point, time: Double) {
        self.phase = phase
        self.location = location
        self.time = time
    }
}

/// Everything a backend can report in a frame.
public enum InputEvent: Equatable, Sendable {
    case pointer(PointerEvent)
    /// Mouse wheel / trackpad scroll, in points of content movement: positive dy moves the content
    /// down, as a finger dragging down (so one notch "down" on the wheel is dy = -40).
    case wheel(delta: Point, location: Point, time: Double)
    case key(Key, time: Double)
    /// The scene is asked to take this size in points (a script's `resize`): the window follows,
    /// with the dock beside it if open.
    case resized(Size)
    /// The window manager gave the window this size in points (the user dragged its edge): the
    /// scene takes it, less the dock beside it.
    case windowResized(Size)
    case quit
}
