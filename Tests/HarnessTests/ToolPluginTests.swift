import Graphics
import Platform
import Testing

@testable import Harness
@testable import Tools

/// The host routes keys by the tools' own tables: each key is owned by one tool, every tool
/// letter has an owner, and a key nobody owns reaches the tool that holds the keys.
@MainActor
@Suite struct ToolPluginTests {
    @Test func everyToolKeyHasExactlyOneOwner() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        let owned = app.host.plugins.flatMap(\.keys)
        #expect(Set(owned).count == owned.count, "a key owned twice: \(owned)")
        for letter in [Key.s, .g, .h, .r, .t, .p, .l, .b, .c, .i, .u, .a, .bracketLeft, .bracketRight] {
            #expect(owned.contains(letter), "\(letter) has no tool")
        }
        // The monkey presses what `Key.answered` lists: a tool's key left out is never tried.
        for key in owned { #expect(Key.answered.contains(key), "\(key) is missing from Key.answered") }
    }

    /// A tool reads the frame's number from the app (a newcomer's frame counter counted its own
    /// calls, and a tool registered later started at 0).
    @Test func toolsReadTheFramesNumber() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        app.frames(3)
        let observed: any ObservedApp = app.host
        let before = observed.frameNumber
        app.frames(5)
        #expect(observed.frameNumber == before + 5)
    }

    /// A tool for the test: owns `keys`, takes `takes`, and says what it heard.
    final class Listener: Tool {
        let name: String
        let keys: [Key]
        let takes: [Key]
        var heard: [String] = []

        init(_ name: String, keys: [Key], takes: [Key]) {
            self.name = name
            self.keys = keys
            self.takes = takes
        }

        func handle(_ key: Key) -> Bool {
            heard.append("\(name) \(key)")
            return takes.contains(key)
        }
    }

    @Test func aKeyNobodyOwnsReachesTheToolHoldingTheKeys() {
        let lab = Listener("lab", keys: [.s], takes: [.s])
        let tuning = Listener("tuning", keys: [.t], takes: [.t, .up])
        let tools: [any Tool] = [lab, tuning]
        #expect(tools.route(.t))
        #expect(lab.heard.isEmpty && tuning.heard == ["tuning t"])
        tuning.heard = []
        #expect(tools.route(.up))
        #expect(lab.heard == ["lab up"] && tuning.heard == ["tuning up"])
        #expect(!tools.route(.down))
    }

    /// A tool registered with the host gets its hooks every frame, in frame order, and may show
    /// its own picture in the scene's place.
    @Test func aRegisteredToolGetsEveryFrameHookInOrder() throws {
        final class Recorder: Tool {
            var calls: [String] = []
            var replaces = false
            func inputsDelivered() { calls.append("input") }
            func animationsTicked() { calls.append("ticked") }
            func sceneReplacement(for scene: DisplayList) -> DisplayList? {
                calls.append("scene")
                return replaces ? DisplayList(commands: [], clearColor: Color(hex: 0x00FF00)) : nil
            }
            func frameDrawn(shown: DisplayList) { calls.append("drawn") }
        }
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        let recorder = Recorder()
        app.host.register(recorder)
        app.frames(1)
        #expect(recorder.calls == ["input", "ticked", "scene", "drawn"])
        recorder.replaces = true
        recorder.calls = []
        #expect(app.host.sceneShown().clearColor == Color(hex: 0x00FF00))
        #expect(recorder.calls == ["scene"], "asked once: \(recorder.calls)")
    }
}
