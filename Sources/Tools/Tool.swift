import Graphics
import Platform

/// A tool plugged into the host: the keys it owns and what it does at each step of a frame. The
/// host calls every registered tool's hooks in frame order and knows nothing else of it; a new
/// tool is a type conforming to this (a file in `Sources/Tools`, or a folder of its own there when
/// it has several, as `Reference/`) and one line in the host's `plugins`. A tool sees the app
/// through `ObservedApp` (the frame's number among it) and draws in the dock or over the scene
/// through `ToolsLayer` (`addToDock`), both handed to it when it is made.
@MainActor
package protocol Tool: AnyObject {
    /// The keys this tool owns: each reaches it first, whoever else holds the keys.
    var keys: [Key] { get }
    /// One of `keys`, or any other key while this tool holds the keys (a slider's arrows);
    /// false when it does not take it.
    func handle(_ key: Key) -> Bool
    /// After the frame's input and before the animator ticks.
    func inputsDelivered()
    /// After the animator ticked, before layout: panels show this frame's state.
    func animationsTicked()
    /// What the scene's area shows instead of the live scene this frame (a film played again,
    /// the tree exploded), or nil; the first tool to answer wins.
    func sceneReplacement(for scene: DisplayList) -> DisplayList?
    /// After the scene was drawn as `shown`, before the tools are drawn over it.
    func frameDrawn(shown: DisplayList)
    /// A file was dropped on the window; true when this tool took it.
    func fileDropped(_ path: String) -> Bool
    /// A script's command for this frame: `.notMine` unless it is this tool's; `.failed` when it
    /// is, but could not be done as asked (said on the terminal; the script's run fails).
    func perform(_ command: ToolCommand) -> ToolCommandOutcome
}

/// What a tool made of a script's command.
package enum ToolCommandOutcome: Equatable {
    case notMine
    case done
    case failed
}

@MainActor
extension Tool {
    package var keys: [Key] { [] }
    package func handle(_ key: Key) -> Bool { false }
    package func inputsDelivered() {}
    package func animationsTicked() {}
    package func sceneReplacement(for scene: DisplayList) -> DisplayList? { nil }
    package func frameDrawn(shown: DisplayList) {}
    package func fileDropped(_ path: String) -> Bool { false }
    package func perform(_ command: ToolCommand) -> ToolCommandOutcome { .notMine }
}

extension [any Tool] {
    /// Hands a script's `command` to the tool it belongs to: false when it failed there.
    @MainActor
    package func perform(_ command: ToolCommand) -> Bool {
        for tool in self {
            switch tool.perform(command) {
            case .notMine: continue
            case .done: return true
            case .failed: return false
            }
        }
        return true
    }

    /// Offers `key` to the tool that owns it; a key no tool owns goes to each tool in turn until
    /// one holds it.
    @MainActor
    package func route(_ key: Key) -> Bool {
        if let owner = first(where: { $0.keys.contains(key) }) { return owner.handle(key) }
        return contains { $0.handle(key) }
    }
}
