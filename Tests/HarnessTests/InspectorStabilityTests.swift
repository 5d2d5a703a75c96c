import Foundation
import Graphics
import Testing
import Views

@testable import Harness

/// The exploded stack through a transition, frame by frame: it keeps its levels as a spring
/// overshoots, its fit changes smoothly (it shrank in visible steps and zoomed back 22 % in one
/// frame half a second after the transition), and its tags cover no slab.
@MainActor
@Suite(.serialized) struct InspectorStabilityTests {
    struct Frame {
        var scale: Double
        var statusBarLevel: Int?
        var tagsOverStack: Int
    }

    func framesOfTheRoomOpening() throws -> [Frame] {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        var frames: [Frame] = []
        app.host.frameObserver = { phase in
            guard phase == .drawn, app.host.inspector.isOn, app.clock.now > 0.5 else { return }
            let size = app.host.window.bounds.size
            let slabs = app.host.inspector.shownSlabs(of: app.host.window)
            let (placed, scale) = app.host.inspector.placement(of: slabs, in: size)
            let level = placed.first { $0.slab.view.accessibilityIdentifier == "statusbar" }?.level
            // The tags: the dark plates the inspector draws over the stack.
            let list = app.host.inspector.frame(
                of: app.host.window, scene: app.host.lastDisplayList, sceneSize: size, metrics: app.backend.metrics,
                stepping: false)
            let plates = (list?.commands ?? []).compactMap { command -> Rect? in
                if case .fill(let rect, Color(white: 0, alpha: 0.75), 3) = command { rect } else { nil }
            }
            let over = plates.filter { plate in placed.contains { $0.intersects(plate) } }.count
            frames.append(Frame(scale: scale, statusBarLevel: level, tagsOverStack: over))
        }
        try app.replay(
            #"{"events":[{"at":0.2,"type":"inspect","mode":"3d"},{"at":0.5,"type":"key","key":"enter"},"#
                + #"{"at":2.5,"type":"quit"}]}"#)
        return frames
    }

    @Test func theStackKeepsItsLevelsAndEasesItsFit() throws {
        let frames = try framesOfTheRoomOpening()
        #expect(frames.count > 100)
        let levels = Set(frames.compactMap(\.statusBarLevel))
        #expect(levels.count == 1, "the status bar stood at levels \(levels.sorted())")
        var worstStep = 0.0
        for (before, after) in zip(frames, frames.dropFirst()) {
            worstStep = max(worstStep, abs(after.scale / before.scale - 1))
        }
        #expect(worstStep < 0.06, "the fit moved \(Int(worstStep * 100)) % in one frame")
        // It settles: the last second does not move at all.
        let last = frames.suffix(60).map(\.scale)
        #expect((last.max() ?? 0) - (last.min() ?? 0) < 1e-9)
    }

    @Test func tagsCoverNoSlab() throws {
        let frames = try framesOfTheRoomOpening()
        let covering = frames.filter { $0.tagsOverStack > 0 }.count
        #expect(covering == 0, "\(covering) of \(frames.count) frames had a tag over the stack")
    }
}
