import Foundation
import Graphics
import Testing
import Views

@testable import Harness
@testable import Scenes
@testable import Tools

/// A drag let go short of its threshold springs back, and every frame of the way back shows the
/// screen between where the finger left it and where it rests — including the frame the
/// interactive transition ends on, which once showed the scene moved back plus the whole way
/// again (the card at y = −844, the panel at x = +10, the detail's title at y = 368).
@MainActor
@Suite struct CancelledGestureReplayTests {
    struct Track {
        /// What is watched: a view's frame origin component, or its alpha.
        var id: String
        var value: (View) -> Double
        /// Where it rests once the gesture is cancelled.
        var rest: Double
    }

    /// Replays `events` in `scene` and records `tracks` on every frame from `from` seconds on;
    /// returns each track's values and whether a transition still runs at the end.
    func record(
        _ scene: SceneID, events: String, from: Double, tracks: [Track]
    ) throws -> (values: [[Double]], transitioningAtEnd: Bool) {
        let app = try HeadlessApp(scene: scene)
        defer { app.finish() }
        var values = Array(repeating: [Double](), count: tracks.count)
        app.host.frameObserver = { phase in
            guard phase == .laidOut, app.clock.now >= from else { return }
            for (index, track) in tracks.enumerated() {
                guard let view = app.host.window.descendant(withIdentifier: track.id) else { continue }
                values[index].append(track.value(view))
            }
        }
        try app.replay(#"{"events":[\#(events),{"at":\#(from + 2.5),"type":"quit"}]}"#)
        return (values, app.host.isTransitioning)
    }

    /// Every value lies between the first one recorded (the release) and the rest, moves only
    /// towards the rest, and the last is the rest.
    func expectSpringsBackWithoutAFlash(_ values: [Double], rest: Double, _ what: String) {
        guard let first = values.first, let last = values.last else {
            Issue.record("\(what): never on screen")
            return
        }
        let low = min(first, rest) - 0.01
        let high = max(first, rest) + 0.01
        let outside = values.enumerated().filter { !(low...high).contains($0.element) }
        #expect(outside.isEmpty, "\(what) leaves [\(first), \(rest)] on frames \(outside.prefix(3))")
        let backwards = zip(values, values.dropFirst()).enumerated().filter { _, pair in
            abs(pair.1 - rest) > abs(pair.0 - rest) + 0.01
        }
        #expect(backwards.isEmpty, "\(what) moves away from its rest on frames \(backwards.prefix(3).map(\.offset))")
        #expect(abs(last - rest) < 0.01, "\(what) ends at \(last), not \(rest)")
    }

    @Test func theCardPulledDownAFifthSpringsBackWithoutAFlashOrASecondCoachMark() throws {
        let app = try HeadlessApp(scene: .modal)
        defer { app.finish() }
        var tops: [Double] = []
        var coachMarksAfterRelease = 0
        app.host.frameObserver = { phase in
            guard phase == .laidOut, app.clock.now >= 2.0 else { return }
            if let sheet = app.host.window.descendant(withIdentifier: "modal.sheet") {
                tops.append(sheet.frameInRoot.minY)
            }
            if app.host.window.descendant(withIdentifier: "modal.coach") != nil { coachMarksAfterRelease += 1 }
        }
        // The coach mark of the card's arrival has played out by 1.5 s; 20 % down, let go slowly.
        try app.replay(
            #"{"events":[{"at":0.1,"type":"key","key":"enter"},"#
                + #"{"at":1.5,"type":"drag","from":[195,300],"to":[195,479],"duration":0.5},"#
                + #"{"at":4.5,"type":"quit"}]}"#)
        expectSpringsBackWithoutAFlash(tops, rest: 0, "modal.sheet's top")
        #expect(!app.host.isTransitioning)
        #expect(coachMarksAfterRelease == 0, "the card never left: its coach mark does not play again")
    }

    @Test func theSettingsPanelDraggedLeftALittleSpringsBackWithoutAFlash() throws {
        let (values, transitioning) = try record(
            .settings,
            events: #"{"at":0.3,"type":"key","key":"comma"},"#
                + #"{"at":1.6,"type":"drag","from":[150,400],"to":[110,400],"duration":0.5}"#,
            from: 2.1,
            tracks: [
                Track(id: "settings.panel", value: { $0.frameInRoot.minX }, rest: -190),
                Track(id: "settings.overlay", value: { $0.effectiveAlpha }, rest: 0.8),
            ])
        expectSpringsBackWithoutAFlash(values[0], rest: -190, "settings.panel's left edge")
        expectSpringsBackWithoutAFlash(values[1], rest: 0.8, "settings.overlay's alpha")
        #expect(!transitioning)
    }

    @Test func theIconsDetailSwipedBackAThirdSpringsBackWithoutAFlash() throws {
        let (values, transitioning) = try record(
            .icons,
            events: IconsReplayTests.tapListening
                + #",{"at":2.0,"type":"drag","from":[5,400],"to":[132,400],"duration":1.0}"#,
            from: 3.0,
            tracks: [
                Track(id: "icons.detail.title", value: { $0.frameInRoot.minY }, rest: 648),
                Track(id: "icons.back", value: { $0.frameInRoot.minY }, rest: 20),
            ])
        expectSpringsBackWithoutAFlash(values[0], rest: 648, "icons.detail.title's top")
        expectSpringsBackWithoutAFlash(values[1], rest: 20, "icons.back's top")
        #expect(!transitioning)
    }
}
