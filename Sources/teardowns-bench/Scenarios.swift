import Controllers
import Graphics
import Harness
import Platform
import Scenes
import Views

/// One benchmark: what the window starts with and the interaction played on it, in points
/// relative to the window (so the same script means the same thing at every size).
@MainActor
struct Scenario {
    let name: String
    let summary: String
    let root: () -> ViewController
    /// The events of one pass at a window size; a run plays two passes, the second measured for
    /// texture creation (the first warms the caches).
    let events: (Size) -> [ScriptEvent]
    /// How long one pass lasts (the second starts then).
    let passDuration: Double

    /// Both passes.
    func script(size: Size) -> [ScriptEvent] {
        let first = events(size)
        let second = first.map { ScriptEvent(at: $0.at + passDuration, kind: $0.kind) }
        return first + second
    }
}

/// Script helpers in fractions of the window.
@MainActor
enum Gesture {
    static func point(_ size: Size, _ fx: Double, _ fy: Double) -> Point {
        Point(x: (size.width * fx).rounded(), y: (size.height * fy).rounded())
    }

    static func drag(
        _ at: Double, _ size: Size, from: (Double, Double), to: (Double, Double), duration: Double
    ) -> ScriptEvent {
        ScriptEvent(
            at: at,
            kind: .drag(from: point(size, from.0, from.1), to: point(size, to.0, to.1), duration: duration))
    }

    static func key(_ at: Double, _ key: Key) -> ScriptEvent { ScriptEvent(at: at, kind: .key(key)) }

    static func tap(_ at: Double, _ size: Size, _ fx: Double, _ fy: Double) -> ScriptEvent {
        ScriptEvent(at: at, kind: .tap(point(size, fx, fy)))
    }
}

@MainActor
enum Scenarios {
    static let all: [Scenario] = [
        Scenario(
            name: "rooms-fling", summary: "Rooms: eight flings across the panels and back",
            root: { AppController(initialScene: .rooms) },
            events: { size in
                (0..<8).map { i in
                    let forward = i < 4
                    return Gesture.drag(
                        0.3 + Double(i) * 1.2, size, from: (forward ? 0.8 : 0.2, 0.5), to: (forward ? 0.45 : 0.55, 0.5),
                        duration: 0.1)
                }
            }, passDuration: 10.5),
        Scenario(
            name: "rooms-open-sheet-close", summary: "Rooms: open a room, drag its sheet down and up, close",
            root: { AppController(initialScene: .rooms) },
            events: { size in
                [
                    Gesture.key(0.3, .enter),
                    Gesture.drag(1.6, size, from: (0.5, 0.2), to: (0.5, 0.8), duration: 0.5),
                    Gesture.drag(3.0, size, from: (0.5, 0.9), to: (0.5, 0.3), duration: 0.5),
                    Gesture.key(4.5, .escape),
                ]
            }, passDuration: 6),
        Scenario(
            name: "inspector-rooms",
            summary: "The teardown inspector over Rooms: a room opens and closes exploded, the stack is turned",
            root: { AppController(initialScene: .rooms) },
            events: { size in
                [
                    ScriptEvent(
                        at: 0.1,
                        kind: .tool(.inspector(.inspect(mode: .exploded, yaw: 30, pitch: 25, spacing: 28, select: nil)))
                    ),
                    Gesture.key(0.4, .enter),
                    // Selected once it is on screen (before, there is no such view to select).
                    ScriptEvent(
                        at: 0.5,
                        kind: .tool(
                            .inspector(.inspect(mode: nil, yaw: nil, pitch: nil, spacing: nil, select: "rooms.detail")))
                    ),
                    Gesture.key(1.6, .escape),
                    Gesture.drag(2.6, size, from: (0.3, 0.5), to: (0.7, 0.45), duration: 0.6),
                ]
            }, passDuration: 4.5),
        Scenario(
            name: "icons-push-pop", summary: "Zooming Icons: zoom into a circle and back, three times",
            root: { AppController(initialScene: .icons) },
            events: { _ in
                (0..<3).flatMap { i -> [ScriptEvent] in
                    let t = 0.3 + Double(i) * 2.4
                    // The same circle every time (← puts the choice back), so the second pass
                    // repeats the first exactly.
                    return [
                        Gesture.key(t, .right), Gesture.key(t + 0.1, .enter), Gesture.key(t + 1.3, .escape),
                        Gesture.key(t + 2.2, .left),
                    ]
                }
            }, passDuration: 7.5),
        Scenario(
            name: "modal-dismiss", summary: "Drag to Dismiss: open the card, drag it closed; again, let it spring back",
            root: { AppController(initialScene: .modal) },
            events: { size in
                [
                    Gesture.key(0.3, .enter),
                    Gesture.drag(1.5, size, from: (0.5, 0.35), to: (0.5, 0.8), duration: 0.5),
                    Gesture.key(3.0, .enter),
                    Gesture.drag(4.2, size, from: (0.5, 0.35), to: (0.5, 0.5), duration: 0.8),
                    Gesture.key(6.0, .escape),
                ]
            }, passDuration: 7.5),
        Scenario(
            name: "inbox-10000", summary: "Inbox with 10,000 messages: fling the table, open one, pull it closed",
            root: { InboxViewController(messageCount: 10_000) },
            events: { size in
                [
                    Gesture.drag(0.3, size, from: (0.5, 0.85), to: (0.5, 0.25), duration: 0.08),
                    Gesture.drag(2.0, size, from: (0.5, 0.85), to: (0.5, 0.25), duration: 0.08),
                    Gesture.tap(4.0, size, 0.5, 0.4),
                    Gesture.drag(5.5, size, from: (0.5, 0.3), to: (0.5, 0.45), duration: 0.5),
                ]
            }, passDuration: 7.5),
        Scenario(
            name: "settings-edge",
            summary: "Slide-in Settings: pull the panel in from the edge, tap to close; , and Escape",
            root: { AppController(initialScene: .settings) },
            events: { size in
                [
                    ScriptEvent(
                        at: 0.3,
                        kind: .drag(
                            from: Point(x: 3, y: size.height / 2), to: Point(x: 180, y: size.height / 2), duration: 0.3
                        )),
                    Gesture.tap(2.2, size, 0.9, 0.5),
                    Gesture.key(3.4, .comma),
                    Gesture.key(5.0, .escape),
                ]
            }, passDuration: 6.5),
        Scenario(
            name: "gallery-push-pop", summary: "Gallery: open each scene from its row and go back",
            root: { AppController(initialScene: .gallery) },
            events: { _ in
                (0..<5).flatMap { row -> [ScriptEvent] in
                    let t = 0.3 + Double(row) * 1.8
                    var events = (0..<row).map { Gesture.key(t + Double($0) * 0.05, .down) }
                    events.append(Gesture.key(t + 0.3, .enter))
                    events.append(Gesture.key(t + 1.2, .escape))
                    return events
                }
            }, passDuration: 9.5),
    ]

    /// The scaling pair: a table or a collection of `count` items, dragged up and down four times
    /// (gently, so that ten items and ten thousand scroll the same distance).
    static func scaling(_ kind: String, count: Int) -> Scenario {
        Scenario(
            name: "\(kind)-\(count)", summary: "a \(kind) of \(count) items, four drags",
            root: { kind == "table" ? BenchTableController(count: count) : BenchCollectionController(count: count) },
            events: { size in
                (0..<4).map { i in
                    let down = i % 2 == 0
                    return Gesture.drag(
                        0.3 + Double(i) * 2.0, size, from: (0.5, down ? 0.7 : 0.35), to: (0.5, down ? 0.35 : 0.7),
                        duration: 0.6)
                }
            }, passDuration: 8.5)
    }
}
