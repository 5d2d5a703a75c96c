import Foundation
import Graphics
import Testing

@testable import Harness
@testable import Tools

/// The lab's read-outs agree with what plays: the curves panel names a transition a gesture
/// drives, a cancel has its curve, and the timeline and the graph give a transition one length.
@MainActor
@Suite(.serialized) struct LabReadoutTests {
    static let pull =
        #"{"at":0.2,"type":"key","key":"g"},{"at":0.3,"type":"key","key":"enter"},"#
        + #"{"at":1.5,"type":"down","x":195,"y":300},{"at":1.6,"type":"move","x":195,"y":340},"#
        + #"{"at":1.7,"type":"move","x":195,"y":400}"#

    /// It said "No transition yet" while the HUD named the dismissal the finger drove.
    @Test func duringADragTheCurvesNameTheTransitionItDrives() throws {
        let app = try HeadlessApp(scene: .modal)
        defer { app.finish() }
        try app.replay(#"{"events":[\#(Self.pull),{"at":1.8,"type":"dump","file":"\#(app.path("drag.json"))"}]}"#)
        let title = HeadlessApp.view("lab.graph.title", in: try app.readDump("drag.json"))?["text"] as? String
        #expect(title == "CardDismissal · following the pointer")
    }

    /// Let go short of the threshold: the card's way back is plotted (its graph was empty).
    @Test func aCancelsGraphShowsTheWayBack() throws {
        let app = try HeadlessApp(scene: .modal)
        defer { app.finish() }
        try app.replay(
            #"{"events":[\#(Self.pull),{"at":2.3,"type":"up","x":195,"y":400},"#
                + #"{"at":3.0,"type":"dump","file":"\#(app.path("cancel.json"))"},{"at":3.0,"type":"quit"}]}"#)
        // The graph is of the run after the release; the timeline's film holds the drag too.
        let title = HeadlessApp.view("lab.graph.title", in: try app.readDump("cancel.json"))?["text"] as? String
        #expect(title?.hasPrefix("CardDismissal after release · ") == true, "\(title ?? "no title")")
        let graph = app.host.lab.graph
        let curve = try #require(graph.curves.first, "a curve for the cancel")
        let span = try #require(app.host.lab.lastTransition?.span)
        // From where the finger left it back to the start.
        #expect(curve.timing.progress(at: span.start + 1e-6) > 0.05)
        #expect(abs(curve.timing.progress(at: span.start + span.duration)) < 1e-3)
    }

    /// The timeline said 0.58 s where the graph said 0.60 s: the film now ends on the frame where
    /// the transition lands.
    @Test func theTimelineAndTheGraphGiveATransitionOneLength() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.1,"type":"key","key":"g"},{"at":0.2,"type":"key","key":"enter"},{"at":1.5,"type":"quit"}]}"#
        )
        let film = try #require(app.host.lab.lastFilm)
        let span = try #require(app.host.lab.lastTransition?.span)
        #expect(abs(film.duration - span.duration) < 1e-6, "film \(film.duration) s, graph \(span.duration) s")
    }

    /// Slowed, the dock opens beside the phone and the badge is in it, not over the scene's
    /// content (it lay over an open room's first lines).
    @Test func theBadgeIsTheDocksWhileTheDockIsBeside() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.2,"type":"key","key":"s"},{"at":0.5,"type":"key","key":"enter"},"#
                + #"{"at":2.0,"type":"dump","file":"\#(app.path("slow.json"))"},{"at":2.0,"type":"quit"}]}"#)
        let dump = try app.readDump("slow.json")
        let badge = try #require(HeadlessApp.view("lab.badge", in: dump))
        let frame = try #require(badge["frame"] as? [Double])
        #expect(badge["hidden"] as? Bool == false)
        #expect(frame[0] >= 390, "the badge at \(frame) lies over the 390 pt scene")
    }
}
