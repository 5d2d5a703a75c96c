import Platform

/// Live tuning as a plug-in: T and the panel's keys, and the panel kept in step each frame.
extension LiveTuning: Tool {
    package var keys: [Key] { Self.shortcuts }

    package func animationsTicked() { refresh() }

    package func perform(_ command: ToolCommand) -> ToolCommandOutcome {
        guard case .tuning(let command) = command else { return .notMine }
        perform(command)
        return .done
    }
}
