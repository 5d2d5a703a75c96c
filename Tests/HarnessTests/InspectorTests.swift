import Foundation
import Graphics
import Motion
import Platform
import PlatformSDL
import Scenes
import Testing
import Views

@testable import Harness
@testable import Tools

/// The teardown inspector: the tree exploded in depth while a transition plays; every view a
/// slab, the transition's own views labelled; a selected view's animations with their timing.
@MainActor
@Suite struct InspectorTests {
    private func pixel(_ image: PixelImage, _ x: Double, _ y: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        image.clampedPixel(x, y)
    }

    /// The Rooms opening at 30 %, exploded: the dump lists every view as a slab with its depth
    /// (the presentation wrapper and the room among them), rooms.detail selected shows the spring
    /// that carries it (0.6 s, ζ 0.7); the picture is the stack, the selected slab outlined in
    /// blue where its projected frame is.
    @Test func theRoomsOpeningExplodedAtThirtyPercent() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":0.2,"type":"inspect","mode":"3d","yaw":30,"pitch":25,"spacing":28},
            {"at":0.5,"type":"key","key":"enter"},{"at":0.68,"type":"inspect","select":"rooms.detail"},
            {"at":0.68,"type":"capture","file":"\#(app.path("exploded.png"))"},
            {"at":0.68,"type":"dump","file":"\#(app.path("exploded.json"))"},{"at":0.68,"type":"quit"}]}
            """#)
        let dump = try app.readDump("exploded.json")
        let inspector = try #require(dump["inspector"] as? [String: Any])
        #expect(inspector["mode"] as? String == "3d")
        #expect(inspector["selected"] as? String == "rooms.detail")
        #expect(dump["transitioning"] as? Bool == true, "the transition runs on inside the inspector")
        let slabs = try #require(inspector["slabs"] as? [[String: Any]])
        let ids = slabs.compactMap { $0["id"] as? String }
        #expect(ids.contains("rooms.detail") && ids.contains("rooms.wrapper"))
        #expect(Set(slabs.compactMap { $0["depth"] as? Int }).count > 5, "slabs at many depths")
        let animations = try #require(inspector["animations"] as? [[String: Any]])
        let spring = animations.compactMap { $0["timing"] as? [String: Any] }.first {
            $0["kind"] as? String == "spring"
        }
        #expect(spring?["duration"] as? Double == 0.6 && spring?["damping"] as? Double == 0.7)
        #expect(HeadlessApp.view("lab.inspector.graph", in: dump)?["hidden"] as? Bool == false, "its curve is drawn")

        app.backend.waitForPendingWrites()
        let picture = try #require(SDLBackend.loadPNG(path: app.path("exploded.png")))
        let tree = DisplayListBuilder().slabs(of: app.host.window)
        let placed = app.host.inspector.placement(of: tree, in: app.host.window.bounds.size).placed
        let detail = try #require(placed.first { $0.slab.view.accessibilityIdentifier == "rooms.detail" })
        // The selected slab's left edge, half way down, is the selection's blue.
        let corners = detail.corners
        let edge = pixel(picture, corners[0].x + 1, (corners[0].y + corners[3].y) / 2)
        #expect(edge.b > 200 && edge.r < 60, "blue outline at \(corners): \(edge)")
        // Turned, not only shifted: its top edge slopes down to the right by tan yaw · sin pitch.
        let slope = (corners[1].y - corners[0].y) / (corners[1].x - corners[0].x)
        #expect(abs(slope - tan(30 * Double.pi / 180) * sin(25 * Double.pi / 180)) < 1e-6, "slope \(slope)")
        // And the background around the stack is the inspector's, not the scene's.
        let corner = pixel(picture, 2, 2)
        #expect(corner.r == 33 && corner.g == 33, "\(corner)")
    }

    /// Goldens of the exploded Rooms opening at 30 % and of the inbox expansion: every slice and
    /// snapshot a slab of its own, labelled (checked both ways, pipeline and reference).
    @Test(arguments: [
        ("rooms", 0.68, "inspector-rooms-30.png", ["rooms.wrapper", "rooms.detail"]),
        ("inbox", 0.74, "inspector-inbox.png", ["inbox.slice.top", "inbox.slice.bottom"]),
    ])
    func explodedGoldens(scene: String, at time: Double, golden: String, slabs expected: [String]) throws {
        let app = try HeadlessApp(scene: SceneID(rawValue: scene) ?? .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.2,"type":"inspect","mode":"3d","yaw":-30,"pitch":20,"spacing":26},"#
                + #"{"at":0.5,"type":"key","key":"enter"},"#
                + #"{"at":\#(time),"type":"capture","file":"\#(app.path("x.png"))"},"#
                + #"{"at":\#(time),"type":"dump","file":"\#(app.path("x.json"))"}]}"#)
        app.backend.waitForPendingWrites()
        try HeadlessApp.compareWithGolden(app.path("x.png"), golden: golden)
        let dump = try app.readDump("x.json")
        #expect(dump["transitioning"] as? Bool == true)
        let ids = ((dump["inspector"] as? [String: Any])?["slabs"] as? [[String: Any]] ?? []).compactMap {
            $0["id"] as? String
        }
        for id in expected { #expect(ids.contains(id), "\(id) is a slab") }
        #expect(app.renderCheck?.mismatches.isEmpty ?? true, "the exploded frame draws the same both ways")
    }

    /// ↑ ↓ walk the tree in the dump's order; O shows only the selected subtree (again: all);
    /// X leaves a subtree out, Escape brings it back.
    @Test func theKeyboardWalksTheTreeAndTakesPartsOut() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        func key(_ key: Key) {
            app.clock.set(to: app.clock.now + 1.0 / 60)
            app.host.runFrame(inputs: [.key(key, time: app.clock.now)])
        }
        key(.i)
        let all = app.host.inspector.shownSlabs(of: app.host.window).count
        for _ in 0..<3 { key(.down) }
        let order = app.host.inspector.shownSlabs(of: app.host.window).map(\.view)
        #expect(app.host.inspector.selectedView === order[2], "three ↓ from nothing: the third view")
        key(.up)
        #expect(app.host.inspector.selectedView === order[1])
        // The dock lists the tree around the selection, the selected view marked and bold.
        key(.down)
        let name = order[2].accessibilityIdentifier ?? String(describing: type(of: order[2]))
        func labels(in view: Views.View) -> [Label] {
            view.subviews.flatMap { child in (child as? Label).map { [$0] } ?? [] } + view.subviews.flatMap(labels)
        }
        let listed = labels(in: app.host.inspector.panel).filter { !$0.isHidden }
        let marked = listed.filter { $0.text.hasPrefix("›") }
        #expect(marked.count == 1 && marked.first?.text.hasSuffix(name) == true, "\(marked.map(\.text))")
        #expect(marked.first?.font.weight == .bold)
        #expect(listed.contains { $0.text.hasPrefix("tree: \(all) views") })
        key(.up)
        let collection = try #require(app.host.window.descendant(withIdentifier: "rooms.collection"))
        app.host.inspector.configure(
            mode: nil, yaw: nil, pitch: nil, spacing: nil, select: "rooms.collection", in: app.host.window)
        key(Key(rawValue: "o"))
        let solo = app.host.inspector.shownSlabs(of: app.host.window)
        #expect(solo.first?.view === collection && solo.count < all)
        #expect(solo.allSatisfy { $0.view === collection || $0.view.isDescendant(of: collection) })
        key(Key(rawValue: "o"))
        #expect(app.host.inspector.shownSlabs(of: app.host.window).count == all)
        key(Key(rawValue: "x"))
        let without = app.host.inspector.shownSlabs(of: app.host.window)
        #expect(!without.contains { $0.view === collection || $0.view.isDescendant(of: collection) })
        key(.escape)
        #expect(app.host.inspector.shownSlabs(of: app.host.window).count == all)
        key(Key(rawValue: "v"))
        let visibleOnly = app.host.inspector.shownSlabs(of: app.host.window)
        #expect(visibleOnly.allSatisfy(\.isVisible) && visibleOnly.count < all, "V leaves out the hidden views")
        key(Key(rawValue: "v"))
        #expect(app.host.sceneName == "rooms", "Escape brought the views back, it did not leave the scene")
    }

    /// While it is on the pointer over the scene turns the stack (a drag) and selects (a click on
    /// a slab); the scene beneath does not react; the wheel spreads the slabs; I cycles 3D, 2D, off.
    @Test func dragTurnsClickSelectsAndIKeyCycles() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        let frames = app.frames
        let press = app.pointer
        frames(3, [.key(.i, time: 0)])
        #expect(app.host.inspector.mode == .exploded)
        let yaw = app.host.inspector.yaw
        frames(1, [press(.down, 100, 400)])
        for step in 1...6 { frames(1, [press(.move, 100 + Double(step) * 20, 400)]) }
        frames(2, [press(.up, 220, 400)])
        #expect(app.host.inspector.yaw > yaw + 20, "the drag turned the stack")
        #expect(app.host.sceneName == "rooms" && !app.host.isTransitioning, "the scene did not take the drag")
        let tree = DisplayListBuilder().slabs(of: app.host.window)
        let placed = app.host.inspector.placement(of: tree, in: app.host.window.bounds.size).placed
        let target = try #require(placed.last { $0.slab.view.accessibilityIdentifier == "rooms.panel.0" })
        let middle = target.project(Point(x: target.visible.midX, y: target.visible.midY))
        frames(1, [press(.down, middle.x, middle.y)])
        frames(2, [press(.up, middle.x, middle.y)])
        let selected = try #require(app.host.inspector.selectedView)
        #expect(selected === target.slab.view || selected.isDescendant(of: target.slab.view))
        let spacing = app.host.inspector.spacing
        frames(1, [.wheel(delta: Point(x: 0, y: 40), location: Point(x: 195, y: 400), time: app.clock.now)])
        #expect(app.host.inspector.spacing > spacing, "the wheel spread the slabs")
        frames(2, [.key(.i, time: app.clock.now)])
        #expect(app.host.inspector.mode == .outlined)
        frames(2, [.key(.i, time: app.clock.now)])
        #expect(app.host.inspector.mode == .off)
        #expect(app.host.makeDump().inspector == nil)
    }

    /// In 2D the pointer with no button held names the view under it: its frame drawn bold in
    /// white and its id on a tag above; off the scene (over the dock) or in 3D, nothing is named.
    @Test func hoveringIn2DNamesTheViewUnderThePointer() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":0.2,"type":"inspect","mode":"2d"},{"at":0.3,"type":"hover","x":200,"y":400},
            {"at":0.35,"type":"capture","file":"\#(app.path("hover.png"))"},
            {"at":0.35,"type":"dump","file":"\#(app.path("hover.json"))"}]}
            """#)
        let inspector = try #require(try app.readDump("hover.json")["inspector"] as? [String: Any])
        #expect(inspector["hovered"] as? String == "rooms.panel.0.title")
        let title = try #require(app.host.window.descendant(withIdentifier: "rooms.panel.0.title"))
        app.backend.waitForPendingWrites()
        let picture = try #require(SDLBackend.loadPNG(path: app.path("hover.png")))
        let frame = title.frameInRoot
        let edge = pixel(picture, frame.minX + 0.5, frame.midY)
        #expect(edge.r > 240 && edge.g < 80 && edge.b < 120, "pink outline at \(frame): \(edge)")
        // The tag above the frame: a dark plate with light text.
        let tag = pixel(picture, frame.minX + 2, frame.minY - 6)
        #expect(tag.r < 60 && tag.g < 60, "dark tag above the frame: \(tag)")

        app.frames(1, [app.pointer(.hover, 600, 400)])
        #expect(app.host.makeDump().inspector?.hovered == nil, "over the dock nothing in the scene is named")
        app.frames(1, [app.pointer(.hover, 200, 400)])
        #expect(app.host.makeDump().inspector?.hovered == "rooms.panel.0.title")
        // The pointer stays; a room opens under it: what is named is what is under it now.
        app.frames(150, [.key(.enter, time: app.clock.now)])
        let underNow = app.host.makeDump().inspector?.hovered
        #expect(underNow != nil && underNow != "rooms.panel.0.title", "\(underNow ?? "nil")")
        app.frames(1, [app.pointer(.hover, -10_000, -10_000)])
        #expect(app.host.makeDump().inspector?.hovered == nil, "out of the window nothing is named")
        app.frames(1, [app.pointer(.hover, 200, 400)])
        app.frames(2, [.key(.i, time: app.clock.now)])
        app.frames(3, [.key(.i, time: app.clock.now)])
        #expect(app.host.inspector.mode == .exploded)
        app.frames(1, [app.pointer(.hover, 200, 400)])
        #expect(app.host.makeDump().inspector?.hovered == nil, "3D names the selection only")
    }

    /// A view at the scene's right edge has its tag moved left so the whole name shows: the
    /// scene is drawn clipped to its area, and the dock beside it is the tools'. (The tag of the
    /// next panel's title, starting 68 pt from the edge, showed "rooms.panel." and was cut.)
    @Test func aTagNearTheRightEdgeStaysInsideTheScene() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"""
            {"events":[{"at":0.2,"type":"inspect","mode":"2d"},{"at":0.3,"type":"hover","x":375,"y":420},
            {"at":0.35,"type":"capture","file":"\#(app.path("edge.png"))"}]}
            """#)
        #expect(app.host.makeDump().inspector?.hovered == "rooms.panel.1.title")
        let list = try #require(
            app.host.inspector.frame(
                of: app.host.window, scene: app.host.lastDisplayList, sceneSize: app.host.window.bounds.size,
                metrics: app.backend.metrics))
        let plates = list.commands.compactMap { command -> Rect? in
            if case .fill(let rect, Color(white: 0, alpha: 0.75), 3) = command { rect } else { nil }
        }
        let plate = try #require(plates.last)
        #expect(plate.maxX <= 390 && plate.minX >= 0, "the tag \(plate) lies inside the 390 pt scene")
        // And it is drawn: dark where the cut tag showed the dock's background.
        app.backend.waitForPendingWrites()
        let picture = try #require(SDLBackend.loadPNG(path: app.path("edge.png")))
        let inside = pixel(picture, plate.maxX - 2, plate.midY)
        #expect(inside.r < 60 && inside.g < 60, "the tag's right end: \(inside)")
    }

    /// The slabs move as the layers do: through the Rooms opening the dump's corners of
    /// rooms.detail are its dump frame at that moment turned and fitted (widths by cos yaw, heights
    /// by cos pitch at one scale, the top edge's slope tan yaw · sin pitch) while the sheet
    /// climbs, and the capture of that frame has the selection's blue on its left edge.
    @Test func theSlabsFollowTheDumpFrameByFrame() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        let times = [0.58, 0.64, 0.72]
        var events = [
            #"{"at":0.2,"type":"inspect","mode":"3d","yaw":35,"pitch":20,"spacing":30}"#,
            #"{"at":0.5,"type":"key","key":"enter"}"#, #"{"at":0.55,"type":"inspect","select":"rooms.detail"}"#,
        ]
        for (index, time) in times.enumerated() {
            events.append(#"{"at":\#(time),"type":"capture","file":"\#(app.path("t\(index).png"))"}"#)
            events.append(#"{"at":\#(time),"type":"dump","file":"\#(app.path("t\(index).json"))"}"#)
        }
        try app.replay(#"{"events":["# + events.joined(separator: ",") + "]}")
        app.backend.waitForPendingWrites()
        let (yaw, pitch) = (35 * Double.pi / 180, 20 * Double.pi / 180)
        var tops: [Double] = []
        for index in times.indices {
            let dump = try app.readDump("t\(index).json")
            let frame = try #require(HeadlessApp.view("rooms.detail", in: dump)?["frame"] as? [Double])
            let visible = Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])
                .intersection(Rect(x: 0, y: 0, width: 390, height: 844))
            let slabs = try #require((dump["inspector"] as? [String: Any])?["slabs"] as? [[String: Any]])
            let corners = try #require(
                slabs.first { $0["id"] as? String == "rooms.detail" }?["corners"] as? [[Double]])
            let across = corners[1][0] - corners[0][0]
            let down = corners[3][1] - corners[0][1]
            let scale = across / (visible.width * cos(yaw))
            #expect(abs(down - visible.height * cos(pitch) * scale) < 0.01, "one scale both ways at \(times[index])")
            #expect(abs((corners[1][1] - corners[0][1]) / across - tan(yaw) * sin(pitch)) < 1e-3)
            tops.append(frame[1])
            let picture = try #require(SDLBackend.loadPNG(path: app.path("t\(index).png")))
            let edge = pixel(picture, corners[0][0] + 1, (corners[0][1] + corners[3][1]) / 2)
            #expect(edge.b > 200 && edge.r < 60, "blue left edge at \(times[index]): \(edge)")
        }
        #expect(tops[0] > tops[1] + 5 && tops[1] > tops[2] + 5, "the sheet climbs: \(tops)")
    }

    /// The stack is fitted to its box — the scene at its lowest and highest level over the last
    /// half second — so it never shrinks and grows back: through the room's opening (views lifted
    /// as the room grows under them) its scale only ever goes down.
    @Test func theStackKeepsItsScaleWhileTheSheetSlidesIn() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.frames(3, [.key(.i, time: 0)])
        let window = app.host.window
        func scale() -> Double {
            app.host.inspector.placement(of: DisplayListBuilder().slabs(of: window), in: window.bounds.size).scale
        }
        app.frames(2, [.key(.enter, time: app.clock.now)])
        #expect(app.host.isTransitioning)
        let start = scale()
        var scales: [Double] = []
        for _ in 0..<30 {
            app.frames(1, [])
            scales.append(scale())
        }
        let steps = zip([start] + scales, scales).filter { $0 != $1 }
        #expect(steps.allSatisfy { $1 < $0 }, "only ever down while the room grows: \(start) then \(scales)")
    }

    /// A view made for a transition is marked by whoever made it, not guessed from its name: a
    /// screen's view called "…wrapper…" is the app's own, a slice called "plain" is the
    /// transition's, and every snapshot is.
    @Test func viewsMadeForATransitionAreKnownByTheirMakerNotTheirName() throws {
        let inspector = Inspector()
        let named = View()
        named.accessibilityIdentifier = "settings.wrapper.overlay"
        let made = View()
        made.accessibilityIdentifier = "plain"
        made.existsOnlyForTransition = true
        #expect(!inspector.isTransitionOnly(named))
        #expect(inspector.isTransitionOnly(made))
        #expect(inspector.isTransitionOnly(named.snapshot()))
        // The seeds' own: the room's wrapper and dimming view while it opens.
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.frames(1, [.key(.enter, time: app.clock.now)])
        app.frames(10)
        for id in ["rooms.wrapper", "rooms.overlay"] {
            let view = try #require(app.host.window.descendant(withIdentifier: id), "\(id) is up")
            #expect(inspector.isTransitionOnly(view), "\(id)")
        }
    }
}
