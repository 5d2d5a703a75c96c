import Graphics
import Platform
import Scenes
import Testing
import Views

@testable import Harness

/// Reduce Motion (M): each scene's transition, opened by its key and closed by Escape, changes
/// only opacity on every frame — no view moves, grows or turns — and it does fade (some view is
/// part-way on a frame between). With Reduce Motion off the same frames move, so the check sees
/// motion where there is some.
@MainActor
@Suite struct ReduceMotionTests {
    /// Every view drawn (visible, not wholly transparent, painting something), by identity: its
    /// presented bounds' corners in window points after every transform up the tree.
    static func placements(in window: Window) -> [ObjectIdentifier: (name: String, corners: [Point])] {
        var found: [ObjectIdentifier: (name: String, corners: [Point])] = [:]
        func visit(_ view: View, _ toWindow: AffineTransform, _ opacity: Double) {
            let layer = view.presented
            let shown = opacity * layer.opacity
            guard !view.isHidden, shown > 0.01 else { return }
            let transform = layer.toSuperview.concatenating(toWindow)
            let box = layer.bounds
            let name = view.accessibilityIdentifier ?? String(describing: type(of: view))
            // What is drawn: views that paint (a background) and leaves. A clip that only decides
            // where its content shows (the status bar's two styles) may change without moving it.
            let paints = view.subviews.isEmpty || view.backgroundColor != nil
            if paints {
                found[ObjectIdentifier(view)] = (
                    name,
                    [
                        Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
                        Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.maxY),
                    ].map { transform.apply(to: $0) }
                )
            }
            for child in view.subviews { visit(child, transform, shown) }
        }
        for child in window.subviews { visit(child, .identity, 1) }
        return found
    }

    /// Steps `frames` frames after `key`: the largest distance any view that stays drawn moved
    /// between two frames (and which view), and whether some view was drawn part-way faded on a frame between.
    static func run(_ app: HeadlessApp, key: Key, frames: Int) -> (moved: Double, mover: String, faded: Bool) {
        var previous = placements(in: app.host.window)
        var moved = 0.0
        var mover = ""
        var faded = false
        app.frames(1, [.key(key, time: app.clock.now)])
        for _ in 0..<frames {
            app.frames(1)
            let now = placements(in: app.host.window)
            for (id, placed) in now {
                guard let before = previous[id] else { continue }
                for (a, b) in zip(placed.corners, before.corners) where a.distance(to: b) > moved {
                    moved = a.distance(to: b)
                    mover = placed.name
                }
            }
            faded = faded || partlyFaded(app.host.window)
            previous = now
        }
        return (moved, mover, faded)
    }

    /// Whether a screen-sized view (a screen or its wrapper) is drawn part-way faded.
    static func partlyFaded(_ window: Window) -> Bool { !fadingScreens(in: window, widerThan: 0.5).isEmpty }

    /// The views at least `share` of the window wide (screens, their wrappers) drawn part-way faded.
    static func fadingScreens(in window: Window, widerThan share: Double) -> [View] {
        var found: [View] = []
        func visit(_ view: View) {
            let layer = view.presented
            if !view.isHidden, layer.bounds.width >= window.bounds.width * share, layer.opacity > 0.05,
                layer.opacity < 0.95
            {
                found.append(view)
            }
            for child in view.subviews { visit(child) }
        }
        visit(window)
        return found
    }

    /// The key that opens a scene's main transition.
    static func openingKey(of scene: SceneID) -> Key { scene == .settings ? .comma : .enter }

    /// `scene` with Reduce Motion on (or off), its main transition opened and `settle` frames on.
    static func opened(_ scene: SceneID, reducesMotion: Bool = true, settle: Int) throws -> HeadlessApp {
        let app = try HeadlessApp(scene: scene)
        app.host.reducesMotion = reducesMotion
        app.frames(10)
        app.frames(1, [.key(openingKey(of: scene), time: app.clock.now)])
        app.frames(settle)
        return app
    }

    @Test(arguments: SceneID.effects)
    func onlyOpacityChangesUnderReduceMotion(scene: SceneID) throws {
        let key = Self.openingKey(of: scene)
        let app = try HeadlessApp(scene: scene)
        defer { app.finish() }
        app.host.reducesMotion = true
        app.frames(10)
        let opening = Self.run(app, key: key, frames: 60)
        #expect(
            opening.moved < 0.01,
            "\(scene): \(opening.mover) moved \(opening.moved) pt between two frames of the opening")
        #expect(opening.faded, "\(scene): nothing faded as it opened")
        let closing = Self.run(app, key: .escape, frames: 60)
        #expect(
            closing.moved < 0.01,
            "\(scene): \(closing.mover) moved \(closing.moved) pt between two frames of the closing")
        #expect(closing.faded, "\(scene): nothing faded as it closed")

        // The same frames without Reduce Motion move: the check sees motion where there is some.
        let moving = try HeadlessApp(scene: scene)
        defer { moving.finish() }
        moving.frames(10)
        #expect(Self.run(moving, key: key, frames: 60).moved > 5, "\(scene): the full transition moves")
    }

    /// The card's drag under Reduce Motion: the finger moves the card 1:1 while it fades with the
    /// drag; let go short, it comes back whole and at rest with no overshoot; let go past the
    /// threshold, it fades the rest of the way where the finger left it (nothing moves after).
    @Test func aDraggedCardFollowsTheFingerAndOnlyFadesAfterItIsLetGo() throws {
        let app = try Self.opened(.modal, settle: 60)
        defer { app.finish() }
        let card = try #require(app.host.window.descendant(withIdentifier: "modal.sheet"))
        func drag(to y: Double, from start: Double) {
            for step in 1...10 { app.frames(1, [app.pointer(.move, 195, start + (y - start) * Double(step) / 10)]) }
        }
        // Short of the threshold (30 % of 844 pt): follows 1:1, fades, and comes back.
        app.frames(1, [app.pointer(.down, 195, 300)])
        drag(to: 400, from: 300)
        let moved = card.presented.transform.ty
        #expect(abs(moved - 100) < 12, "the card is \(moved) pt down, the finger 100 (less the pan's slop)")
        #expect(card.presented.opacity < 0.97 && card.presented.opacity > 0.8, "fading: \(card.presented.opacity)")
        app.frames(1, [app.pointer(.up, 195, 400)])
        var lowest = 0.0
        for _ in 0..<40 {
            app.frames(1)
            lowest = min(lowest, card.presented.transform.ty)
        }
        #expect(card.presented.transform.ty == 0 && lowest >= 0, "back at rest, never past it (\(lowest))")
        #expect(card.presented.opacity == 1)
        // Past it, slowly (as a hesitant user): let go 350 pt down, the card stays there and fades.
        app.frames(1, [app.pointer(.down, 195, 200)])
        for step in 1...40 { app.frames(1, [app.pointer(.move, 195, 200 + Double(step) * 8.75)]) }
        app.frames(1, [app.pointer(.up, 195, 550)])
        let placements = Self.placements(in: app.host.window)
        let leftAt = try #require(placements[ObjectIdentifier(card)]).corners
        var lastOpacity = card.presented.opacity
        var framesToClose = 0
        for _ in 0..<60 {
            app.frames(1)
            if app.host.window.descendant(withIdentifier: "modal.sheet") != nil { framesToClose += 1 }
            guard let now = Self.placements(in: app.host.window)[ObjectIdentifier(card)] else { continue }
            for (a, b) in zip(now.corners, leftAt) { #expect(a.distance(to: b) < 0.01, "the card moved after release") }
            #expect(card.presented.opacity <= lastOpacity + 1e-9)
            lastOpacity = card.presented.opacity
        }
        #expect(app.host.window.descendant(withIdentifier: "modal.sheet") == nil, "the card closed")
        // In the cross-fade's own time (0.3 s and a frame or two), not a spring's long faint tail.
        #expect(framesToClose <= 19, "the card took \(framesToClose) frames to close")
    }

    /// The room's sheet a finger drags down and lets go snaps to its rest under Reduce Motion, but
    /// lands without a bounce (it overshot 23 pt before); with Reduce Motion off it still bounces.
    @Test(arguments: [true, false])
    func theRoomsSheetLandsWithoutABounceUnderReduceMotion(reduced: Bool) throws {
        let app = try Self.opened(.rooms, reducesMotion: reduced, settle: 90)
        defer { app.finish() }
        let sheet = try #require(app.host.window.descendant(withIdentifier: "rooms.detail.content"))
        func top() -> Double { sheet.convert(Point(x: 0, y: 0), to: nil).y }
        app.frames(1, [app.pointer(.down, 195, 300)])
        for step in 1...10 { app.frames(1, [app.pointer(.move, 195, 300 + Double(step) * 30)]) }
        app.frames(1, [app.pointer(.up, 195, 600)])
        var lowest = top()
        for _ in 0..<120 {
            app.frames(1)
            lowest = max(lowest, top())
        }
        let rest = top()
        if reduced {
            #expect(lowest <= rest + 0.5, "it went to \(lowest) before resting at \(rest)")
        } else {
            #expect(
                lowest > rest + 5, "without Reduce Motion the seed's spring overshoots (to \(lowest), rest \(rest))")
        }
    }

    /// The window resized half-way through each scene's fade, opening and closing: the screens
    /// take their new places on the resize frame, and from the next frame on nothing moves again.
    @Test(arguments: SceneID.effects)
    func aResizeHalfWayThroughAFadeMovesNothingAfterIt(scene: SceneID) throws {
        let app = try HeadlessApp(scene: scene)
        defer { app.finish() }
        app.host.reducesMotion = true
        app.frames(10)
        for key in [Self.openingKey(of: scene), .escape] {
            app.frames(1, [.key(key, time: app.clock.now)])
            app.frames(8)
            app.frames(1, [.resized(Size(width: 360, height: 780))])
            // The screen part-way through its fade stays where it rests (it was sent off the
            // window, where a slide would have ended, and vanished mid-fade).
            // (The screens a transition's container holds: inside a screen, a header scrolled up or
            // a row's side panels reach past the window by design.)
            let containers = ["presentation.layer", "navigation.content"]
            let screens = Self.fadingScreens(in: app.host.window, widerThan: 0.9).filter {
                containers.contains($0.superview?.accessibilityIdentifier ?? "")
            }
            for view in screens {
                let box = view.convert(view.bounds, to: nil).intersection(app.host.window.bounds)
                #expect(
                    box.width * box.height >= view.bounds.width * view.bounds.height * 0.5,
                    "\(scene) \(key): \(view.accessibilityIdentifier ?? "a screen") left the window as it faded")
            }
            var previous = Self.placements(in: app.host.window)
            for frame in 0..<30 {
                app.frames(1)
                let now = Self.placements(in: app.host.window)
                for (id, placed) in now {
                    guard let before = previous[id] else { continue }
                    let moved = zip(placed.corners, before.corners).map { $0.distance(to: $1) }.max() ?? 0
                    #expect(
                        moved < 0.01,
                        "\(scene) \(key): \(placed.name) moved \(moved) pt \(frame + 1) frames after the resize")
                }
                previous = now
            }
            app.frames(1, [.resized(Size(width: 390, height: 844))])
            app.frames(30)
        }
    }
}
