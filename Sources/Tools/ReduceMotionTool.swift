import Platform

/// M, `--reduce-motion` and a script's `reduce_motion`: iOS's Reduce Motion for the scene. Its
/// transitions read the setting as they start, so it applies from the next one (B then compares
/// the two, as the lab's films keep the setting with the tuned values).
@MainActor
package final class ReduceMotionTool: Tool {
    private unowned let app: any ObservedApp

    package init(app: any ObservedApp) { self.app = app }

    package var keys: [Key] { [.m] }

    package func handle(_ key: Key) -> Bool {
        guard key == .m else { return false }
        set(!app.reducesMotion)
        return true
    }

    package func perform(_ command: ToolCommand) -> ToolCommandOutcome {
        guard case .reduceMotion(let on) = command else { return .notMine }
        set(on)
        return .done
    }

    private func set(_ on: Bool) {
        app.reducesMotion = on
        app.announce(
            on
                ? "Reduce Motion on: the next transitions cross-fade (what a finger moves still moves). M: off"
                : "Reduce Motion off: the transitions move again. M: on")
    }
}
