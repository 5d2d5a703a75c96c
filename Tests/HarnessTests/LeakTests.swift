import Controllers
import Foundation
import Graphics
import Platform
import Scenes
import Testing
import Views

@testable import Harness
@testable import Tools

/// Nothing piles up: a room opened and closed fifty times (a thousand in `tools/soak`) leaves as many views and textures
/// alive as it did after the first few times.
@MainActor
@Suite(.serialized) struct LeakTests {
    private func viewCount(_ view: View) -> Int { 1 + view.subviews.reduce(0) { $0 + viewCount($1) } }

    @Test func aThousandOpensAndClosesLeaveTheCountsFlat() throws {
        // A small window: the counts are what matter here, not the pixels.
        let app = try HeadlessApp(scene: .rooms, size: Size(width: 240, height: 320), drawing: .everyFrame)
        defer { app.finish() }
        // Ten times faster (the motion lab's clock), so a cycle is a handful of frames.
        app.host.lab.setSlowdown(0.1)
        func frame(_ inputs: [InputEvent] = []) {
            app.clock.advance(by: 1.0 / 60)
            app.host.runFrame(inputs: inputs)
        }
        func settle() {
            var frames = 0
            while (app.host.isAnimating || app.host.isTransitioning) && frames < 600 {
                frame()
                frames += 1
            }
        }
        func cycle() {
            frame([.key(.enter, time: app.clock.now)])
            settle()
            frame([.key(.escape, time: app.clock.now)])
            settle()
        }
        let cycles = Int(ProcessInfo.processInfo.environment["TEARDOWNS_LEAK_CYCLES"] ?? "") ?? 50
        var framesRun = 0
        let start = app.clock.now
        for _ in 0..<10 { cycle() }
        framesRun = Int(((app.clock.now - start) * 60).rounded())
        print("leak: \(framesRun) frames for 10 cycles")
        let views = viewCount(app.host.window)
        let textures = app.backend.liveTextureCount
        for _ in 10..<cycles { cycle() }
        #expect(viewCount(app.host.window) == views)
        #expect(app.backend.liveTextureCount <= textures + 2, "\(app.backend.liveTextureCount) against \(textures)")
        #expect(app.host.sceneName == "rooms" && !app.host.isTransitioning)
    }
}

/// An app that closes frees every screen it made, whatever was on screen or under way: a window
/// that closes mid-transition, with a room up, or after the gallery, leaves nothing behind.
@MainActor
@Suite struct ClosedAppTests {
    /// Weak references to what `events` left on screen in `scene`, taken before the app closes.
    func survivors(of scene: SceneID, _ events: String) throws -> [String] {
        weak var host: AppHost?
        weak var transition: TransitionContext?
        var controllers: [String: WeakController] = [:]
        var views: [WeakView] = []
        func collect(_ view: View) {
            views.append(WeakView(view: view))
            view.subviews.forEach(collect)
        }
        do {
            let app = try HeadlessApp(scene: scene)
            host = app.host
            try app.replay(#"{"events":[\#(events)]}"#)
            transition = app.host.runningTransition
            for controller in app.host.windowHost.visibleControllers {
                controllers[String(describing: type(of: controller))] = WeakController(controller: controller)
            }
            collect(app.host.window)
            app.finish()
        }
        var alive = controllers.filter { $0.value.controller != nil }.map(\.key).sorted()
        let aliveViews = views.compactMap(\.view)
        if !aliveViews.isEmpty {
            let names = aliveViews.compactMap(\.accessibilityIdentifier).prefix(3).joined(separator: ", ")
            alive.append("\(aliveViews.count) views (\(names))")
        }
        if host != nil { alive.append("AppHost") }
        if transition != nil { alive.append("TransitionContext") }
        return alive
    }

    struct WeakController {
        weak var controller: ViewController?
    }

    struct WeakView {
        weak var view: View?
    }

    @Test func closingWhileARoomOpensFreesEverything() throws {
        // Paused half-way, so the presentation never ends.
        let alive = try survivors(of: .rooms, #"{"at":0.5,"type":"key","key":"enter"},{"at":0.7,"type":"pause"}"#)
        #expect(alive.isEmpty, "still alive after closing: \(alive)")
    }

    @Test func closingWithARoomUpFreesEverything() throws {
        let alive = try survivors(of: .rooms, #"{"at":0.5,"type":"key","key":"enter"}"#)
        #expect(alive.isEmpty, "still alive after closing: \(alive)")
    }

    @Test func closingMidDragOfAnInteractiveTransitionFreesEverything() throws {
        // The finger still down half-way through the settings panel's edge drag.
        let alive = try survivors(
            of: .settings,
            #"{"at":0.3,"type":"down","x":5,"y":400},{"at":0.4,"type":"move","x":20,"y":400},{"at":0.5,"type":"move","x":120,"y":400}"#
        )
        #expect(alive.isEmpty, "still alive after closing: \(alive)")
    }

    @Test func closingTheGalleryFreesItsRows() throws {
        let alive = try survivors(of: .gallery, #"{"at":0.5,"type":"key","key":"down"}"#)
        #expect(alive.isEmpty, "still alive after closing: \(alive)")
    }
}
