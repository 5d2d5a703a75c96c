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

    /// A screen presented over another hides it: the views under an opaque screen drawn after
    /// them have no outline (the row showed through an open room), its own views keep theirs.
    @Test func twoDOutlinesNothingUnderAnOpaqueScreen() throws {
        let app = try HeadlessApp(scene: .gallery)
        defer { app.finish() }
        let root = app.emptyWindow()
        let under = Views.View(frame: Rect(x: 20, y: 20, width: 60, height: 60))
        under.backgroundColor = .systemBlue
        root.addSubview(under)
        let screen = Views.View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        screen.backgroundColor = .white
        root.addSubview(screen)
        let onTop = Views.View(frame: Rect(x: 100, y: 100, width: 40, height: 40))
        onTop.backgroundColor = .systemBlue
        screen.addSubview(onTop)
        app.host.inspector.setMode(.outlined)
        let scene = DisplayListBuilder().build(root, clearColor: .white)
        let list = try #require(
            app.host.inspector.frame(of: root, scene: scene, sceneSize: root.bounds.size, metrics: app.backend.metrics))
        let outlines = list.commands.dropFirst(scene.commands.count).compactMap { command -> Rect? in
            if case .fill(let rect, _, _) = command { rect } else { nil }
        }
        #expect(
            !outlines.contains { Rect(x: 20, y: 20, width: 60, height: 60).contains($0) }, "the hidden view's outline")
        #expect(outlines.contains { Rect(x: 100, y: 100, width: 40, height: 40).contains($0) }, "the screen's own view")
    }
}
