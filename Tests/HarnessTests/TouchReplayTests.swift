import Foundation
import Graphics
import Platform
import Scenes
import Testing

@testable import Harness

/// Fingers drive the gestures the mouse drives: each scene's main gesture played as a script's
/// `touch` events ends where the same gesture with the mouse ends; a second finger put down and
/// lifted during the drag leaves it whole; a touch the system cancels ends the gesture as a cancel.
@MainActor
@Suite struct TouchReplayTests {
    struct Gesture: Sendable, CustomStringConvertible {
        var scene: SceneID
        /// Events before the gesture (opening what it acts on).
        var before: String
        var from: Point
        var to: Point
        var at: Double
        var duration: Double
        var description: String { scene.rawValue }
    }

    nonisolated static let gestures: [Gesture] = [
        // The rooms' row flung a page on; the icon's detail swiped back from the edge; the card pulled
        // down to close; the inbox flung down its list; the settings panel pulled in from the edge.
        Gesture(
            scene: .rooms, before: "", from: Point(x: 350, y: 422), to: Point(x: 150, y: 422), at: 0.3, duration: 0.1),
        Gesture(
            scene: .icons, before: #"{"at":0.3,"type":"key","key":"enter"},"#, from: Point(x: 5, y: 400),
            to: Point(x: 300, y: 400), at: 2.0, duration: 0.3),
        Gesture(
            scene: .modal, before: #"{"at":0.3,"type":"key","key":"enter"},"#, from: Point(x: 195, y: 300),
            to: Point(x: 195, y: 648), at: 1.5, duration: 1.0),
        Gesture(
            scene: .inbox, before: "", from: Point(x: 195, y: 700), to: Point(x: 195, y: 250), at: 0.3, duration: 0.2),
        Gesture(
            scene: .settings, before: "", from: Point(x: 5, y: 400), to: Point(x: 115, y: 400), at: 0.3, duration: 1.0),
    ]

    /// The gesture's finger as `touch` events: down, a move every frame along the line, up.
    static func touches(_ gesture: Gesture, id: Int = 0, offset: Point = .zero, within: ClosedRange<Double> = 0...1)
        -> [String]
    {
        let frames = max(Int((gesture.duration * 60).rounded()), 1)
        var events: [String] = []
        for frame in 0...frames {
            let share = Double(frame) / Double(frames)
            guard within.contains(share) else { continue }
            let phase = share == within.lowerBound ? "down" : share == within.upperBound ? "up" : "move"
            let x = gesture.from.x + (gesture.to.x - gesture.from.x) * share + offset.x
            let y = gesture.from.y + (gesture.to.y - gesture.from.y) * share + offset.y
            let time = gesture.at + gesture.duration * share
            events.append(#"{"at":\#(time),"type":"touch","phase":"\#(phase)","id":\#(id),"x":\#(x),"y":\#(y)}"#)
        }
        return events
    }

    /// Every view's id and frame after the gesture has settled.
    static func endState(_ gesture: Gesture, events: [String]) throws -> [String: [Double]] {
        let app = try HeadlessApp(scene: gesture.scene)
        defer { app.finish() }
        let end = gesture.at + gesture.duration + 2.5
        try app.replay(
            #"{"events":["# + gesture.before + events.joined(separator: ",")
                + #",{"at":\#(end),"type":"dump","file":"\#(app.path("end.json"))"}]}"#)
        let dump = try app.readDump("end.json")
        var frames: [String: [Double]] = [
            "controllers: " + ((dump["controllers"] as? [String]) ?? []).joined(separator: ","): []
        ]
        for view in dump["views"] as? [[String: Any]] ?? [] {
            guard let id = view["id"] as? String, !id.hasPrefix("lab."), !id.hasPrefix("tuning.") else { continue }
            frames[id] = view["frame"] as? [Double] ?? []
        }
        return frames
    }

    static func expectSame(_ a: [String: [Double]], _ b: [String: [Double]], _ what: String) {
        #expect(
            Set(a.keys) == Set(b.keys),
            "\(what): other views or controllers: \(Set(a.keys).symmetricDifference(b.keys))")
        for (id, frame) in a {
            guard let other = b[id] else { continue }
            let far = zip(frame, other).contains { abs($0 - $1) > 1 }
            #expect(!far, "\(what): \(id) at \(frame), with the mouse \(other)")
        }
    }

    @Test(arguments: gestures)
    func aFingerEndsWhereTheMouseEnds(gesture: Gesture) throws {
        let drag =
            #"{"at":\#(gesture.at),"type":"drag","from":[\#(gesture.from.x),\#(gesture.from.y)],"#
            + #""to":[\#(gesture.to.x),\#(gesture.to.y)],"duration":\#(gesture.duration)}"#
        let mouse = try Self.endState(gesture, events: [drag])
        let finger = try Self.endState(gesture, events: Self.touches(gesture))
        Self.expectSame(finger, mouse, "\(gesture.scene) by touch")
        // A second finger down a quarter of the way and up at three quarters, moving alongside.
        let two = try Self.endState(
            gesture,
            events: (Self.touches(gesture)
                + Self.touches(gesture, id: 1, offset: Point(x: 30, y: 60), within: 0.25...0.75))
                .sorted { Self.time(of: $0) < Self.time(of: $1) })
        Self.expectSame(two, mouse, "\(gesture.scene) with a second finger")
    }

    static func time(of event: String) -> Double {
        Double(event.split(separator: ",")[0].dropFirst(#"{"at":"#.count)) ?? 0
    }

    /// Every frame of a card dragged by one finger, then two (the second put down far from the
    /// first), then one again: it moves with the fingers 10 pt a frame and never jumps; a touch
    /// the system cancels sends it back instead of closing it.
    @Test func aSecondFingerNeitherJumpsNorBreaksTheDrag() throws {
        let app = try HeadlessApp(scene: .modal)
        defer { app.finish() }
        app.frames(10)
        app.frames(1, [.key(.enter, time: app.clock.now)])
        app.frames(60)
        let card = try #require(app.host.window.descendant(withIdentifier: "modal.sheet"))
        func touch(_ phase: TouchEvent.Phase, _ id: Int, _ x: Double, _ y: Double) -> InputEvent {
            .touch(TouchEvent(phase: phase, id: id, location: Point(x: x, y: y), time: app.clock.now))
        }
        func top() -> Double { card.convert(Point(x: 0, y: 0), to: nil).y }
        app.frames(1, [touch(.down, 0, 195, 300)])
        var y = 300.0
        var tops: [Double] = []
        for step in 0..<30 {
            y += 10
            var inputs = [touch(.move, 0, 195, y)]
            if step == 10 { inputs.insert(touch(.down, 1, 320, 700), at: 0) }
            if step > 10 && step < 20 { inputs.append(touch(.move, 1, 320, 700 + Double(step - 10) * 10)) }
            if step == 20 { inputs.append(touch(.up, 1, 320, 800)) }
            app.frames(1, inputs)
            tops.append(top())
        }
        let steps = zip(tops.dropFirst(), tops).map { $0 - $1 }
        // Past the pan's slop the card follows at 10 pt a frame, and never jumps: the frame's moves
        // count before the finger put down in it, and a finger lifted 10 pt on counts its step.
        for (index, step) in steps.enumerated().dropFirst(3) {
            let frame = index + 1
            let expected = 10.0
            #expect(abs(step - expected) < 1.5, "frame \(frame): the card moved \(step) pt, expected \(expected)")
        }
        // Taken away by the system: the drag ends as a cancel, and the card goes back up.
        app.frames(1, [touch(.cancel, 0, 195, y)])
        app.frames(90)
        #expect(app.host.window.descendant(withIdentifier: "modal.sheet") != nil, "the card stayed")
        #expect(abs(top()) < 0.5, "back at the top: \(top())")
    }
}
