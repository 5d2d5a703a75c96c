import Graphics
import Platform

/// A script flattened into primitive actions at exact times: drags become a down, a move on every
/// frame and an up; taps become a down and an up one frame apart.
public struct Timeline: Sendable {
    public enum Action: Equatable, Sendable {
        case input(InputEvent)
        case capture(file: String)
        case dump(file: String)
        case quit
    }

    public struct Entry: Equatable, Sendable {
        public var time: Double
        public var action: Action
    }

    /// Sorted by time; equal times keep script order.
    public private(set) var entries: [Entry]
    private var cursor = 0

    /// Frames are this long on the virtual clock.
    public static let frameDuration = 1.0 / 60.0

    /// An action is due in the frame whose time it does not exceed (tolerating rounding: 0.1 is frame 6).
    static let dueTolerance = 1e-9

    public init(script: InputScript, windowSize: Size) {
        var expanded: [(time: Double, order: Int, action: Action)] = []
        var lastPointer = Point(x: windowSize.width / 2, y: windowSize.height / 2)
        for event in script.events {
            func add(_ time: Double, _ action: Action) {
                expanded.append((time, expanded.count, action))
            }
            func pointer(_ phase: PointerEvent.Phase, _ point: Point, _ time: Double) {
                add(time, .input(.pointer(PointerEvent(phase: phase, location: point, time: time))))
            }
            switch event.kind {
            case .pointer(let phase, let point):
                pointer(phase, point, event.at)
                lastPointer = point
            case .tap(let point):
                pointer(.down, point, event.at)
                pointer(.up, point, event.at + Self.frameDuration)
                lastPointer = point
            case .drag(let from, let to, let duration):
                pointer(.down, from, event.at)
                let end = event.at + duration
                var frame = (event.at / Self.frameDuration + Self.dueTolerance).rounded(.down) + 1
                while frame * Self.frameDuration < end - Self.dueTolerance {
                    let time = frame * Self.frameDuration
                    let t = (time - event.at) / duration
                    pointer(.move, from + (to - from) * t, time)
                    frame += 1
                }
                pointer(.up, to, end)
                lastPointer = to
            case .key(let key):
                add(event.at, .input(.key(key, time: event.at)))
            case .wheel(let delta):
                add(event.at, .input(.wheel(delta: delta, location: lastPointer, time: event.at)))
            case .capture(let file):
                add(event.at, .capture(file: file))
            case .dump(let file):
                add(event.at, .dump(file: file))
            case .quit:
                add(event.at, .quit)
            }
        }
        expanded.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        entries = expanded.map { Entry(time: $0.time, action: $0.action) }
    }

    public var isFinished: Bool { cursor >= entries.count }

    /// The time of the last action, so a replay knows how long the script runs.
    public var endTime: Double { entries.last?.time ?? 0 }

    /// Removes and returns every action due by `time`.
    public mutating func takeDue(by time: Double) -> [Action] {
        var due: [Action] = []
        while cursor < entries.count, entries[cursor].time <= time + Self.dueTolerance {
            due.append(entries[cursor].action)
            cursor += 1
        }
        return due
    }
}
