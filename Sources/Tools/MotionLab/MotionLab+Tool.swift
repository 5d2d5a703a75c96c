import Graphics
import Platform

/// The lab as a plug-in: its keys, its hooks around the tick, the film it plays in the scene's
/// place, and the frames it keeps once the scene is drawn.
extension MotionLab: Tool {
    package var keys: [Key] { Self.shortcuts }

    package func sceneReplacement(for scene: DisplayList) -> DisplayList? { playbackFrame() }

    package func perform(_ command: ToolCommand) -> ToolCommandOutcome {
        guard case .lab(let command) = command else { return .notMine }
        perform(command)
        return .done
    }
}
