import Graphics
import Platform
import Tools

/// A script flattened into primitive actions at exact times: drags become a down, a move on every
/// frame and an up; taps become a down and an up one frame apart. A drag's moves are made as
/// frames ask for them, so a long drag costs nothing up front.
public struct Timeline: Sendable {
    public enum Action: Equatable, Sendable {
        case input(InputEvent)
        case capture(file: String, window: Bool = false)
        case dump(file: String)
        case quit
        case tool(ToolCommand)
    }

    struct Entry: Equatable, Sendable {
        var time: Double
        var action: Action
        /// Script order, then the step within one script event (down 0, moves 1, up 2), which
        /// orders actions with equal times.
        var order: Int
        var step: Int
        /// The drag this entry starts, if it is a drag's down.
        var drag: Int?
    }

    /// A drag between its down and its up: a move on every frame in between.
    struct Drag: Sendable {
        var order: Int
        var from: Point
        var to: Point
        var start: Double
        var duration: Double
        var end: Double { start + duration }
    }

    /// Sorted by time; equal times keep script order.
    private var entries: [Entry]
    private let drags: [Drag]
    /// Drags whose down has been delivered in an earlier frame and whose up is still to come.
    private var movingDrags: [Int] = []
    private var cursor = 0

    /// Frames are this long on the virtual clock.
    public static let frameDuration = 1.0 / 60.0

    /// An action is due in the frame whose time it does not exceed (tolerating rounding: 0.1 is frame 6).
    static let dueTolerance = 1e-9

    public init(script: InputScript, windowSize: Size) {
        var expanded: [Entry] = []
        var drags: [Drag] = []
        var lastPointer = Point(x: windowSize.width / 2, y: windowSize.height / 2)
        for (order, event) in script.events.enumerated() {
            func add(_ time: Double, _ action: Action, step: Int = 0, drag: Int? = nil) {
                expanded.append(Entry(time: time, action: action, order: order, step: step, drag: drag))
            }
            func pointer(_ phase: PointerEvent.Phase, _ point: Point, _ time: Double, step: Int = 0, drag: Int? = nil) {
                add(
                    time, .input(.pointer(PointerEvent(phase: phase, location: point, time: time))), step: step,
                    drag: drag)
            }
            switch event.kind {
            case .pointer(let phase, let point):
                pointer(phase, point, event.at)
                lastPointer = point
            case .touch(let phase, let id, let point):
                add(event.at, .input(.touch(TouchEvent(phase: phase, id: id, location: point, time: event.at))))
                lastPointer = point
            case .tap(let point):
                pointer(.down, point, event.at)
                pointer(.up, point, event.at + Self.frameDuration, step: 2)
                lastPointer = point
            case .drag(let from, let to, let duration):
                drags.append(Drag(order: order, from: from, to: to, start: event.at, duration: duration))
                pointer(.down, from, event.at, drag: drags.count - 1)
                pointer(.up, to, event.at + duration, step: 2)
                lastPointer = to
            case .key(let key):
                add(event.at, .input(.key(key, time: event.at)))
            case .wheel(let delta):
                add(event.at, .input(.wheel(delta: delta, location: lastPointer, time: event.at)))
            case .resize(let size):
                add(event.at, .input(.resized(size)))
            case .capture(let file, let window):
                add(event.at, .capture(file: file, window: window))
            case .dump(let file):
                add(event.at, .dump(file: file))
            case .quit:
                add(event.at, .quit)
            case .tool(let command):
                add(event.at, .tool(command))
            }
        }
        expanded.sort { ($0.time, $0.order, $0.step) < ($1.time, $1.order, $1.step) }
        entries = expanded
        self.drags = drags
    }

    public var isFinished: Bool { cursor >= entries.count }

    /// The time of the last action, so a replay knows how long the script runs.
    public var endTime: Double { entries.last?.time ?? 0 }

    /// Removes and returns every action due by `time` (the frame's time), in time order: entries
    /// due by then, and a move for every drag under way, placed where its drag stands in the script.
    public mutating func takeDue(by time: Double) -> [Action] {
        var due: [Entry] = []
        var stillMoving: [Int] = []
        for index in movingDrags {
            let drag = drags[index]
            guard time < drag.end - Self.dueTolerance else { continue }
            stillMoving.append(index)
            let t = min(max((time - drag.start) / drag.duration, 0), 1)
            let location = drag.from + (drag.to - drag.from) * t
            due.append(
                Entry(
                    time: time, action: .input(.pointer(PointerEvent(phase: .move, location: location, time: time))),
                    order: drag.order, step: 1, drag: nil))
        }
        movingDrags = stillMoving
        while cursor < entries.count, entries[cursor].time <= time + Self.dueTolerance {
            let entry = entries[cursor]
            due.append(entry)
            // Moves start in the frame after the down.
            if let drag = entry.drag { movingDrags.append(drag) }
            cursor += 1
        }
        if due.count > 1 { due.sort { ($0.time, $0.order, $0.step) < ($1.time, $1.order, $1.step) } }
        return due.map(\.action)
    }
}
