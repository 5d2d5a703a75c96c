import Foundation
import Graphics
import Testing
import Views

@testable import Harness
@testable import Tools

/// The inspector outlines what the scene shows: in 2D a view clipped out of sight by an
/// ancestor has no outline (it outlined views scrolled under a bar), nor one hidden under an
/// opaque screen drawn after it.
@MainActor
@Suite struct InspectorClipTests {
    /// A coloured view at `frame` in `parent`.
    @discardableResult
    func box(_ frame: Rect, in parent: Views.View, color: Color = .systemBlue) -> Views.View {
        let view = Views.View(frame: frame)
        view.backgroundColor = color
        parent.addSubview(view)
        return view
    }

    /// The rects of the outlines 2D draws over the window `build` fills (the gallery's emptied).
    func outlines(_ build: (Views.View) -> Void) throws -> [Rect] {
        let app = try HeadlessApp(scene: .gallery)
        defer { app.finish() }
        let root = app.emptyWindow()
        build(root)
        app.host.inspector.setMode(.outlined)
        let scene = DisplayListBuilder().build(root, clearColor: .white)
        let list = try #require(
            app.host.inspector.frame(of: root, scene: scene, sceneSize: root.bounds.size, metrics: app.backend.metrics))
        return list.commands.dropFirst(scene.commands.count).compactMap { command -> Rect? in
            if case .fill(let rect, _, _) = command { rect } else { nil }
        }
    }

    @Test func twoDOutlinesOnlyWhatTheClipsLetShow() throws {
        let cardFrame = Rect(x: 50, y: 50, width: 100, height: 100)
        let drawn = try outlines { root in
            let card = Views.View(frame: cardFrame)
            card.clipsToBounds = true
            root.addSubview(card)
            box(Rect(x: 10, y: 10, width: 40, height: 40), in: card)
            box(Rect(x: 10, y: 160, width: 40, height: 40), in: card)  // clipped away
            box(Rect(x: 60, y: 80, width: 80, height: 80), in: card)  // half shown
        }
        #expect(!drawn.isEmpty)
        for rect in drawn where rect.width > 0 && rect.height > 0 {
            #expect(rect.maxY <= cardFrame.maxY + 1e-9, "an outline at \(rect) below the card's clip")
        }
    }

    /// A screen presented over another hides it: the views under an opaque screen drawn after
    /// them have no outline (the row showed through an open room), its own views keep theirs.
    @Test func twoDOutlinesNothingUnderAnOpaqueScreen() throws {
        let drawn = try outlines { root in
            box(Rect(x: 20, y: 20, width: 60, height: 60), in: root)
            let screen = box(Rect(x: 0, y: 0, width: 200, height: 200), in: root, color: .white)
            box(Rect(x: 100, y: 100, width: 40, height: 40), in: screen)
        }
        #expect(!drawn.contains { Rect(x: 20, y: 20, width: 60, height: 60).contains($0) }, "the hidden view's outline")
        #expect(drawn.contains { Rect(x: 100, y: 100, width: 40, height: 40).contains($0) }, "the screen's own view")
    }
}
