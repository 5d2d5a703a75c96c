import Graphics
import Platform

/// Fingers on a touch screen as the one pointer the kit's gestures follow, as a UIKit pan follows
/// the centroid of its touches: the first finger down starts the sequence, the last one up ends
/// it, and in between the pointer is at the fingers' centroid — shifted so that a finger put down
/// or lifted mid-drag moves nothing (the centroid jumps; the pointer does not). A cancelled touch
/// (the system took it) cancels the whole sequence.
@MainActor
public final class TouchPointer {
    private var fingers: [Int: Point] = [:]
    /// Added to the centroid so the pointer stays put when fingers come and go.
    private var offset = Point.zero
    private var last = Point.zero

    public init() {}

    /// Whether any finger is down.
    public var isTouching: Bool { !fingers.isEmpty }

    /// The pointer events the touches of one frame make, the same whatever order the moves came
    /// in: every finger that moved (or lifted elsewhere, while another stays down) takes its new
    /// place at once — one move of the pointer — then fingers are put down and lifted in order.
    public func pointerEvents(for touches: [TouchEvent]) -> [PointerEvent] {
        if let cancel = touches.first(where: { $0.phase == .cancel }) { return pointerEvents(for: cancel) }
        guard touches.count > 1 else { return touches.first.map { pointerEvents(for: $0) } ?? [] }
        let lifted = Set(touches.filter { $0.phase == .up }.map(\.id))
        let staying = fingers.keys.contains { !lifted.contains($0) }
        var events: [PointerEvent] = []
        var moved = false
        for touch in touches where touch.phase == .move || (touch.phase == .up && staying) {
            guard let was = fingers[touch.id], was != touch.location else { continue }
            fingers[touch.id] = touch.location
            moved = true
        }
        if moved, let time = touches.map(\.time).max() {
            let location = Point(x: centroid.x + offset.x, y: centroid.y + offset.y)
            if location != last {
                last = location
                events.append(PointerEvent(phase: .move, location: location, time: time))
            }
        }
        // Then the fingers put down and lifted, in the order they came (a quick tap is both).
        for touch in touches where touch.phase == .up || touch.phase == .down { events += pointerEvents(for: touch) }
        return events
    }

    /// The pointer events `touch` makes (none when it changes nothing the gestures see).
    public func pointerEvents(for touch: TouchEvent) -> [PointerEvent] {
        switch touch.phase {
        case .down:
            // The same finger down again: its lift was lost. The old sequence ends where it was,
            // and this one starts afresh (a stale finger would hold every later one in its drag).
            if fingers[touch.id] != nil {
                fingers.removeAll()
                return [PointerEvent(phase: .up, location: last, time: touch.time)]
                    + pointerEvents(for: touch)
            }
            let wasTouching = isTouching
            fingers[touch.id] = touch.location
            guard wasTouching else {
                offset = .zero
                last = touch.location
                return [PointerEvent(phase: .down, location: touch.location, time: touch.time)]
            }
            keepPointerStill()
            return []
        case .move:
            guard fingers[touch.id] != nil else { return [] }
            fingers[touch.id] = touch.location
            let location = Point(x: centroid.x + offset.x, y: centroid.y + offset.y)
            guard location != last else { return [] }
            last = location
            return [PointerEvent(phase: .move, location: location, time: touch.time)]
        case .up:
            guard let was = fingers[touch.id] else { return [] }
            guard fingers.count > 1 else {
                // The last finger: up where it lifted, as the mouse's up says where it was let go.
                fingers.removeAll()
                last = Point(x: touch.location.x + offset.x, y: touch.location.y + offset.y)
                return [PointerEvent(phase: .up, location: last, time: touch.time)]
            }
            // One of several, lifted somewhere else than it last moved to: that step counts first.
            let moved =
                was == touch.location
                ? []
                : pointerEvents(for: TouchEvent(phase: .move, id: touch.id, location: touch.location, time: touch.time))
            fingers.removeValue(forKey: touch.id)
            keepPointerStill()
            return moved
        case .cancel:
            guard isTouching else { return [] }
            fingers.removeAll()
            return [PointerEvent(phase: .cancel, location: last, time: touch.time)]
        }
    }

    private var centroid: Point {
        let count = Double(max(fingers.count, 1))
        let sum = fingers.values.reduce(Point.zero) { Point(x: $0.x + $1.x, y: $0.y + $1.y) }
        return Point(x: sum.x / count, y: sum.y / count)
    }

    /// The fingers changed: the pointer stays where it was, whatever the new centroid.
    private func keepPointerStill() {
        let now = centroid
        offset = Point(x: last.x - now.x, y: last.y - now.y)
    }
}
