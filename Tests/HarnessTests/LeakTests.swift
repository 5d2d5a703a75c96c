import Foundation
import Graphics
import Platform
import Testing
import Views

@testable import Harness

/// Nothing piles up: a room opened and closed a thousand times leaves as many views and textures
/// alive as it did after the first few times.
@MainActor
@Suite(.serialized) struct LeakTests {
    private func viewCount(_ view: View) -> Int { 1 + view.subviews.reduce(0) { $0 + viewCount($1) } }

    @Test func aThousandOpensAndClosesLeaveTheCountsFlat() throws {
        // A small window: the counts are what matter here, not the pixels.
        let app = try HeadlessApp(scene: .rooms, size: Size(width: 240, height: 320))
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
        let cycles = Int(ProcessInfo.processInfo.environment["TEARDOWNS_LEAK_CYCLES"] ?? "") ?? 1000
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
