import Controllers
import Foundation
import Motion
import Platform
import Testing
import Views

@testable import Harness
@testable import Scenes
@testable import Tools

/// Each scene's motion is declared once (`MotionSpec`): the animation the transition plays is the
/// one C exports, a tuned number moves both, and what the export lists is what the scene declares.
@MainActor
@Suite(.serialized) struct MotionSpecTests {
    /// `target`'s animations added while `events` play.
    func played(_ scene: SceneID, _ events: String, target: String, tuning: [String: Double] = [:]) throws
        -> [AnimationRecord]
    {
        let app = try HeadlessApp(scene: scene)
        defer { app.finish() }
        for (name, value) in tuning { try app.host.tuning.set(name, to: value) }
        var records: [AnimationRecord] = []
        app.host.frameObserver = { phase in
            guard phase == .animated else { return }
            for record in app.host.animationLog.records(addedSince: app.clock.now - 1e-9)
            where record.targetName == target {
                records.append(record)
            }
        }
        try app.replay(#"{"events":[\#(events),{"at":2.5,"type":"quit"}]}"#)
        return records
    }

    @Test(arguments: [0.7, 0.45])
    func theRoomsSpringThatPlaysIsTheOneExported(damping: Double) throws {
        let records = try played(
            .rooms, #"{"at":0.2,"type":"key","key":"enter"}"#, target: "rooms.wrapper",
            tuning: ["rooms.present.damping": damping])
        let spring = try #require(records.first?.timing as? SpringTiming)
        let tuning = Tuning(parameters: SceneTuning.all)
        try tuning.set("rooms.present.damping", to: damping)
        let exported = try #require(SceneTuning.motions(scene: "rooms", tuning: tuning).first)
        #expect(exported.timing == .spring(duration: spring.duration, dampingRatio: damping, initialVelocity: 0))
        #expect(spring.solution.dampingRatio == damping)
        let code = EffectCode(scene: "rooms", tuning: tuning)
        #expect(code.swift.contains("\(damping)"), "the export carries the tuned damping")
    }

    @Test func theCoachMarkThatPlaysIsTheOneExported() throws {
        let record = try #require(
            try played(.modal, #"{"at":0.2,"type":"key","key":"enter"}"#, target: "modal.coach").first)
        let curve = try #require(record.timing as? CurveTiming)
        guard case .curve(let duration, let delay, let name) = ModalCardViewController.coachMark.timing else {
            Issue.record("the coach mark is a curve")
            return
        }
        let tuning = Tuning(parameters: SceneTuning.all)
        #expect(curve.duration == duration.value(in: tuning))
        #expect(abs(curve.start - record.addedAt - delay.value(in: tuning)) < 1e-9)
        #expect(curve.curve == name.timingCurve)
        let exported = SceneTuning.motions(scene: "modal", tuning: Tuning(parameters: SceneTuning.all))
        #expect(
            exported.contains {
                $0.name == "coachMark" && $0.timing == .curve(duration: 0.5, delay: 0.25, curve: "easeInOut")
            })
    }

    /// What the export lists is exactly what the scenes declare, by name.
    @Test(arguments: ["rooms", "settings", "inbox", "icons", "modal"])
    func theExportListsEveryDeclaredMotion(scene: String) {
        let tuning = Tuning(parameters: SceneTuning.all)
        let declared = SceneTuning.motionSpecs(scene: scene).map(\.name)
        #expect(!declared.isEmpty)
        #expect(SceneTuning.motions(scene: scene, tuning: tuning).map(\.name) == declared)
        let code = EffectCode(scene: scene, tuning: tuning)
        for name in declared { #expect(code.swift.contains(name), "\(scene): \(name) not in the Swift export") }
    }
}
