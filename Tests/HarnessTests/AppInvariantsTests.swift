import Foundation
import Graphics
import Scenes
import Testing
import Views

@testable import Harness
@testable import Tools

/// The monkey's checks catch what they are for (they must be able to fail).
@MainActor
@Suite(.serialized) struct AppInvariantsTests {
    @Test func aCalmAppBreaksNothing() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(#"{"events":[{"at":0.2,"type":"key","key":"enter"},{"at":1.5,"type":"key","key":"escape"}]}"#)
        #expect(AppInvariants.violations(of: app.host).isEmpty)
    }

    @Test func geometryThatIsNotFiniteIsReported() throws {
        let app = try HeadlessApp()
        defer { app.finish() }
        let broken = View(frame: Rect(x: .nan, y: 0, width: 10, height: 10))
        broken.accessibilityIdentifier = "broken"
        app.host.window.addSubview(broken)
        let problems = AppInvariants.violations(of: app.host)
        #expect(problems.contains { $0.hasPrefix("broken (View) has a geometry or alpha that is not finite") })
    }

    /// A room left presented by a row that was popped from under it (the bug of issue 8, item 2).
    @Test func aPresentationWhosePresenterLeftTheScreenIsReported() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(#"{"events":[{"at":0.2,"type":"key","key":"enter"}]}"#)
        app.host.app?.popViewController(animated: false)
        app.host.runFrame(inputs: [])
        let problems = AppInvariants.violations(of: app.host)
        #expect(problems.contains { $0.contains("is presented by RoomsViewController, which is not on screen") })
        #expect(problems.contains { $0.contains("reports the scene gallery but shows") })
    }
}
