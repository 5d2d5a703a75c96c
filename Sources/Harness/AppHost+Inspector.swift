import Graphics
import Motion
import Tools
import Views

/// What the dump says of the teardown inspector: the slabs and where they are drawn, and the
/// animations acting on the selected view.
extension AppHost {
    /// The dump's slabs: every view shown, and in 3D where it is drawn.
    func inspectedSlabs() -> [InspectorDump.Slab] {
        let slabs = inspector.shownSlabs(of: window)
        let placed =
            inspector.mode == .exploded ? inspector.placement(of: slabs, in: window.bounds.size).placed : []
        return slabs.map { slab in
            let place = placed.first { $0.slab.view === slab.view }
            let corners = place?.corners.map { [NumberText.rounded($0.x), NumberText.rounded($0.y)] }
            return InspectorDump.Slab(
                id: slab.view.accessibilityIdentifier, type: String(describing: type(of: slab.view)), depth: slab.depth,
                level: place?.level, corners: corners)
        }
    }

    /// A script's tool commands for this frame, each to its tool, in order: the inspector's
    /// selection is checked against the scene now up.
    func perform(_ commands: [ToolCommand]) {
        for command in commands {
            switch command {
            case .lab(let command): lab.perform(command)
            case .tuning(let command): liveTuning.perform(command)
            case .reference(let command): referenceTool.perform(command)
            case .inspector(.inspect(let mode, let yaw, let pitch, let spacing, let select)):
                if let select, window.descendant(withIdentifier: select) == nil {
                    // Known only once the scene is up: said, and the script's run fails (exit 2).
                    backend.diagnostics.say(
                        "The script's inspect selects \"\(MessageText.quoted(select))\", but no view on screen has that "
                            + "id: nothing is selected. The dump (F11, --dump) lists every view's id.")
                    hadScriptProblem = true
                }
                inspector.configure(mode: mode, yaw: yaw, pitch: pitch, spacing: spacing, select: select, in: window)
            }
        }
    }
}
