import Platform
import Testing

@testable import Harness
@testable import Tools

/// The host routes keys by the tools' own tables: each key is owned by one tool, every tool
/// letter has an owner, and a key nobody owns reaches the tool that holds the keys.
@MainActor
@Suite struct ToolShortcutsTests {
    @Test func everyToolKeyHasExactlyOneOwner() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        let owned = app.host.toolShortcuts.flatMap(\.keys)
        #expect(Set(owned).count == owned.count, "a key owned twice: \(owned)")
        for letter in [Key.s, .g, .h, .r, .t, .p, .l, .b, .c, .i] {
            #expect(owned.contains(letter), "\(letter) has no tool")
        }
    }

    @Test func aKeyNobodyOwnsReachesTheToolHoldingTheKeys() {
        var heard: [String] = []
        let tools = [
            ToolShortcuts(keys: [.s]) { key in
                heard.append("lab \(key)")
                return key == .s
            },
            ToolShortcuts(keys: [.t]) { key in
                heard.append("tuning \(key)")
                return key == .t || key == .up
            },
        ]
        #expect(tools.route(.t))
        #expect(heard == ["tuning t"])
        heard = []
        #expect(tools.route(.up))
        #expect(heard == ["lab up", "tuning up"])
        #expect(!tools.route(.down))
    }
}
