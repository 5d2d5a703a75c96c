import Foundation
import Graphics
import Testing
import Views

@testable import Harness

/// The inspector outlines what the scene shows: in 2D a view clipped out of sight by an
/// ancestor has no outline (it outlined views scrolled under a bar).
@MainActor
@Suite struct InspectorClipTests {
    @Test func twoDOutlinesOnlyWhatTheClipsLetShow() throws {
        let app = try HeadlessApp(scene: .gallery)
        defer { app.finish() }
        let root = app.emptyWindow()
        let card = Views.View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        card.clipsToBounds = true
        root.addSubview(card)
        let inside = Views.View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        inside.backgroundColor = .systemBlue
        card.addSubview(inside)
        let clippedAway = Views.View(frame: Rect(x: 10, y: 160, width: 40, height: 40))
        clippedAway.backgroundColor = .systemBlue
        card.addSubview(clippedAway)
        let halfShown = Views.View(frame: Rect(x: 60, y: 80, width: 80, height: 80))
        halfShown.backgroundColor = .systemBlue
        card.addSubview(halfShown)
        app.host.inspector.setMode(.outlined)
        let scene = DisplayListBuilder().build(root, clearColor: .white)
        let list = try #require(
            app.host.inspector.frame(
                of: root, scene: scene, sceneSize: root.bounds.size, metrics: app.backend.metrics))
        let outlines = list.commands.dropFirst(scene.commands.count).compactMap { command -> Rect? in
            if case .fill(let rect, _, _) = command { rect } else { nil }
        }
        #expect(!outlines.isEmpty)
        let cardFrame = Rect(x: 50, y: 50, width: 100, height: 100)
        for rect in outlines where rect.width > 0 && rect.height > 0 {
            #expect(rect.maxY <= cardFrame.maxY + 1e-9, "an outline at \(rect) below the card's clip")
        }
    }
}
