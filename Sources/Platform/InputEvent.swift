import Graphics

/// A key the app reacts to, by the name scripts use for it ("escape", "f12", "t", "shift+f12").
/// The backend reports the named keys below and every letter a–z as itself, so a tool's
/// shortcut (a letter) is declared where the tool lives (`extension Key { static let t = … }`),
/// never as a change here; everything else is dropped by the backend.
public struct Key: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let escape = Key(rawValue: "escape")
    public static let enter = Key(rawValue: "enter")
    public static let left = Key(rawValue: "left")
    public static let right = Key(rawValue: "right")
    public static let up = Key(rawValue: "up")
    public static let down = Key(rawValue: "down")
    /// F11 dumps the tree, F12 captures the scene.
    public static let f11 = Key(rawValue: "f11")
    public static let f12 = Key(rawValue: "f12")
    /// `,` — opens a scene's settings (Slide-in Settings), as ⌘, opens preferences on a Mac.
    public static let comma = Key(rawValue: "comma")
    public static let space = Key(rawValue: "space")
    public static let period = Key(rawValue: "period")
    public static let question = Key(rawValue: "question")
    /// Shift+F12 captures the whole window, the tools over the scene included (F12: the scene).
    public static let shiftF12 = Key(rawValue: "shift+f12")
    /// `[` and `]` — move a reference video's start a frame earlier or later.
    public static let bracketLeft = Key(rawValue: "bracketleft")
    public static let bracketRight = Key(rawValue: "bracketright")

    /// The keys with names of their own, in the order the script format lists them.
    public static let named: [Key] = [
        .escape, .enter, .left, .right, .up, .down, .f11, .f12, .comma, .space, .period, .question, .shiftF12,
        .bracketLeft, .bracketRight,
    ]

    /// A letter key, "a"…"z" (nil for anything else).
    public static func letter(_ character: Character) -> Key? {
        guard let lower = character.lowercased().first, lower.isASCII, lower.isLetter else { return nil }
        return Key(rawValue: String(lower))
    }

    /// A script's name for a key: a named key, a letter, or the character itself ("," "." "?" " ").
    public init?(scriptName: String) {
        switch scriptName {
        case ",": self = .comma
        case ".": self = .period
        case "?": self = .question
        case " ": self = .space
        case "[": self = .bracketLeft
        case "]": self = .bracketRight
        default:
            let name = scriptName.lowercased()
            if let named = Self.named.first(where: { $0.rawValue == name }) {
                self = named
            } else if name.count == 1, let letter = Self.letter(name.first!) {
                self = letter
            } else {
                return nil
            }
        }
    }

    /// What a script may name, for messages.
    public static var scriptNames: String {
        named.map(\.rawValue).joined(separator: ", ") + ", or a letter a–z"
    }

    public var description: String { rawValue }
}

/// A mouse (or a finger, one day) in window points. `time` is on the same time base as the clock
/// driving the frame, so gesture velocity is computed from the event's own timestamps.
public struct PointerEvent: Equatable, Sendable {
    public enum Phase: String, Sendable {
        case down, move, up
        /// The pointer moved with no button held (the inspector's 2D mode names what is under
        /// it); views and their gestures never see it.
        case hover
        /// The sequence was taken away (the system cancelled a touch): nothing it drove is done
        /// by it — a gesture under way ends as cancelled, a press never becomes a tap.
        case cancel
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

/// A finger on a touch screen, in window points: `id` tells fingers apart while they are down.
/// The kit turns fingers into one pointer (`TouchPointer`), as a UIKit pan follows their centroid.
public struct TouchEvent: Equatable, Sendable {
    public enum Phase: String, Sendable {
        case down, move, up, cancel
    }

    public var phase: Phase
    public var id: Int
    public var location: Point
    public var time: Double

    public init(phase: Phase, id: Int, location: Point, time: Double) {
        self.phase = phase
        self.id = id
        self.location = location
        self.time = time
    }
}

/// Everything a backend can report in a frame.
public enum InputEvent: Equatable, Sendable {
    case pointer(PointerEvent)
    /// A finger (SDL's finger events, or a script's `touch`).
    case touch(TouchEvent)
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
    /// A file was dropped on the window (its path): a reference video for the tools.
    case fileDropped(String)
    case quit
}
