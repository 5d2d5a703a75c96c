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

/// The inspector's stack as Xcode's view debugger builds it: what stands above what, how opaque
/// and how clipped each slab is, a subtree alone, tags kept clear, the spacing slider.
@MainActor
@Suite struct InspectorStackTests {
    private func pixel(_ image: PixelImage, _ x: Double, _ y: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        image.clampedPixel(x, y)
    }

    /// Views stand in the stack as Xcode's view debugger stacks them: one above the parent, and
    /// with the whole subtree above every view drawn before it that the subtree overlaps — cells
    /// side by side share levels, a sheet presented over them stands above all of them, a view
    /// beside it does not move. Seen from the front a higher slab is nearer: drawn later, and a
    /// click picks the highest shown slab under the pointer.
    @Test func viewsStandAboveWhatTheyCoverAndAreDrawnAndPickedSo() throws {
        let root = Window(size: Size(width: 400, height: 400))
        root.backgroundColor = .white
        func box(_ frame: Rect, in parent: Views.View, _ color: Color = .black) -> Views.View {
            let view = Views.View(frame: frame)
            view.backgroundColor = color
            parent.addSubview(view)
            return view
        }
        let list = box(Rect(x: 0, y: 0, width: 400, height: 400), in: root)
        let left = box(Rect(x: 0, y: 0, width: 200, height: 200), in: list)
        let leftLabel = box(Rect(x: 10, y: 10, width: 100, height: 20), in: left)
        let right = box(Rect(x: 200, y: 0, width: 200, height: 200), in: list)
        let sheet = box(Rect(x: 0, y: 100, width: 400, height: 300), in: root)
        let sheetLabel = box(Rect(x: 10, y: 10, width: 100, height: 20), in: sheet)
        let beside = box(Rect(x: 0, y: 380, width: 10, height: 10), in: root)
        // Meeting the sheet's top edge but for float noise (a slice above a message): not over it.
        let touching = box(Rect(x: 300, y: 0.0001, width: 50, height: 100), in: root)
        let slabs = DisplayListBuilder().slabs(of: root)
        let levels = StackProjection.levels(of: slabs, within: root.bounds)
        func level(_ view: Views.View) -> Int? { zip(slabs, levels).first { $0.0.view === view }?.1 }
        #expect(level(left) == 2 && level(right) == 2 && level(leftLabel) == 3, "cells side by side: their depth")
        #expect(level(sheet) == 3 && level(sheetLabel) == 4, "the sheet above the cells it covers")
        #expect(level(beside) == 4, "above the sheet it overlaps: \(String(describing: level(beside)))")
        #expect(level(touching) == 3, "above the list, beside the sheet it only meets")

        // In a scene: drawn farthest first, and a click picks the highest shown slab.
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.frames(3, [.key(.i, time: 0)])
        app.frames(90, [.key(.enter, time: app.clock.now)])
        let window = app.host.window
        app.host.inspector.configure(mode: nil, yaw: 30, pitch: 10, spacing: 40, select: nil, in: window)
        app.frames(1, [])
        let placed = app.host.inspector.placement(of: DisplayListBuilder().slabs(of: window), in: window.bounds.size)
            .placed
        #expect(placed.map(\.level) == placed.map(\.level).sorted(), "farthest first")
        var checked = 0
        for x in stride(from: 40.0, to: 380, by: 17) {
            for y in stride(from: 60.0, to: 800, by: 23) {
                let point = Point(x: x, y: y)
                let under = placed.filter { $0.slab.isShown && $0.slab.depth > 0 && $0.contains(point) }
                guard let highest = under.last,
                    let picked = app.host.inspector.topmostView(at: point, root: window, sceneSize: window.bounds.size)
                else { continue }
                #expect(picked === highest.slab.view, "at \(point)")
                #expect(picked.isEffectivelyHidden == false, "a hidden view is never picked: at \(point)")
                checked += 1
            }
        }
        #expect(checked > 100)
        // The room stands above the list it covers: every slab of the room is higher than every
        // slab of the list's cells.
        let detail = try #require(window.descendant(withIdentifier: "rooms.detail"))
        let panel = try #require(window.descendant(withIdentifier: "rooms.panel.1"))
        let detailLevels = placed.filter { $0.slab.view === detail || $0.slab.view.isDescendant(of: detail) }.map(
            \.level)
        let panelLevels = placed.filter { $0.slab.view === panel || $0.slab.view.isDescendant(of: panel) }.map(\.level)
        #expect((detailLevels.min() ?? 0) > (panelLevels.max() ?? 0), "\(detailLevels) over \(panelLevels)")
    }

    /// A slab is as opaque as its view is on screen: the room's dimming view half way in is a
    /// faint slab, not a black one that hides the cards in front of it.
    @Test func aSlabIsAsOpaqueAsItsView() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.frames(3, [.key(.i, time: 0)])
        app.frames(4, [.key(.enter, time: app.clock.now)])
        let window = app.host.window
        let overlay = try #require(window.descendant(withIdentifier: "rooms.overlay"))
        let alpha = overlay.effectiveAlpha
        #expect(alpha > 0.01 && alpha < 0.5, "the dimming view part way in: \(alpha)")
        let list = try #require(
            app.host.inspector.frame(
                of: window, scene: app.host.lastDisplayList, sceneSize: window.bounds.size,
                metrics: app.backend.metrics))
        let drawn = list.commands.compactMap { command -> Double? in
            guard case .transformed(let drawing) = command, case .picture(let picture, let slabAlpha) = drawing.content,
                picture.id == overlay.renderIdentity
            else { return nil }
            return slabAlpha
        }
        #expect(drawn.count == 1 && abs((drawn.first ?? 0) - alpha) < 1e-9, "\(drawn) vs \(alpha)")
    }

    /// O shows the selected subtree alone, zoomed to fit the scene.
    @Test func aSubtreeShownAloneFillsTheScene() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.frames(3, [.key(.i, time: 0)])
        let window = app.host.window
        func fitted() -> (scale: Double, width: Double) {
            let (placed, scale) = app.host.inspector.placement(
                of: app.host.inspector.shownSlabs(of: window), in: window.bounds.size)
            let bounds = placed.map(\.bounds).reduce(placed[0].bounds) { $0.union($1) }
            return (scale, bounds.width)
        }
        let whole = fitted()
        app.host.inspector.configure(mode: nil, yaw: nil, pitch: nil, spacing: nil, select: "rooms.panel.0", in: window)
        app.frames(1, [.key(Key(rawValue: "o"), time: app.clock.now)])
        let alone = fitted()
        #expect(alone.scale > whole.scale * 1.2, "zoomed in: \(whole.scale) → \(alone.scale)")
        #expect(alone.width > window.bounds.width * 0.6, "the subtree spans the scene: \(alone.width)")
    }

    /// What an ancestor clips is not shown on the slabs either: mid-zoom, the room's sheet shows
    /// only inside the card it grows out of, as in the scene (it ran on below the card); face-on
    /// with no spacing the stack is the scene there.
    @Test func aSlabShowsOnlyWhatItsAncestorsClipsLetShow() throws {
        let root = Window(size: Size(width: 300, height: 300))
        let card = Views.View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        card.clipsToBounds = true
        root.addSubview(card)
        let sheet = Views.View(frame: Rect(x: 0, y: 20, width: 100, height: 200))
        sheet.backgroundColor = .white
        card.addSubview(sheet)
        let placed = StackProjection(yaw: 0, pitch: 0, spacing: 0)
            .place(DisplayListBuilder().slabs(of: root), in: root.bounds.size).placed
        let slab = try #require(placed.first { $0.slab.view === sheet })
        #expect(slab.visible == Rect(x: 50, y: 70, width: 100, height: 80), "\(slab.visible)")
    }

    /// A view at the top of the window has its tag below it, not over it (the status bar's time,
    /// whose tag covered it).
    @Test func aTagAtTheTopOfTheWindowGoesBelowItsView() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        let time = try #require(app.host.window.descendant(withIdentifier: "statusbar.time")).frameInRoot
        try app.replay(
            #"{"events":[{"at":0.2,"type":"inspect","mode":"2d"},"#
                + #"{"at":0.3,"type":"hover","x":\#(time.midX),"y":\#(time.midY)}]}"#)
        let hovered = try #require(app.host.inspector.hoveredView(in: app.host.window))
        let frame = hovered.frameInRoot
        #expect(frame.minY < 20, "a view at the top of the window: \(frame)")
        let list = try #require(
            app.host.inspector.frame(
                of: app.host.window, scene: app.host.lastDisplayList, sceneSize: app.host.window.bounds.size,
                metrics: app.backend.metrics))
        let plate = try #require(
            list.commands.compactMap { command -> Rect? in
                if case .fill(let rect, Color(white: 0, alpha: 0.75), 3) = command { rect } else { nil }
            }.last)
        #expect(!plate.intersects(frame) && plate.minY >= frame.maxY, "the tag \(plate) lies below \(frame)")
    }

    /// The dock's spacing slider spreads the slabs as the wheel does, and follows the wheel.
    @Test func theSpacingSliderSpreadsTheSlabs() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.frames(3, [.key(.i, time: 0)])
        let slider = try #require(
            app.host.tools.window.descendant(withIdentifier: "lab.inspector.spacing") as? Slider)
        #expect(!slider.isHidden && slider.frameInRoot.minX > 390, "the slider sits in the dock")
        let before = app.host.inspector.spacing
        let tree = DisplayListBuilder().slabs(of: app.host.window)
        let narrow = app.host.inspector.placement(of: tree, in: app.host.window.bounds.size).placed
        let track = slider.frameInRoot
        let at = Point(x: track.minX + track.width * 0.8, y: track.midY)
        app.frames(1, [.pointer(PointerEvent(phase: .down, location: at, time: app.clock.now))])
        app.frames(2, [.pointer(PointerEvent(phase: .up, location: at, time: app.clock.now))])
        let after = app.host.inspector.spacing
        #expect(after > before + 50, "the slider set the spacing: \(before) → \(after)")
        #expect(app.host.makeDump().inspector?.spacing == NumberText.rounded(after))
        // Spread, the deepest slab lies farther from the root's.
        let wide = app.host.inspector.placement(of: tree, in: app.host.window.bounds.size).placed
        func reach(_ placed: [Inspector.PlacedSlab]) -> Double {
            guard let root = placed.first?.frame, let deepest = placed.max(by: { $0.slab.depth < $1.slab.depth })
            else { return 0 }
            return abs(deepest.frame.midX - root.midX) / max(root.width, 1)
        }
        #expect(reach(wide) > reach(narrow))
        app.frames(1, [.wheel(delta: Point(x: 0, y: -80), location: Point(x: 195, y: 400), time: app.clock.now)])
        #expect(abs(slider.value - app.host.inspector.spacing) < 1e-9, "the slider follows the wheel")
        app.frames(2, [.key(.i, time: app.clock.now)])
        #expect(slider.isHidden, "2D has no spacing")
    }
}
