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

    /// A script's tool commands for this frame, each to the tool it belongs to, in order; one that
    /// fails there fails the script's run.
    func perform(_ commands: [ToolCommand]) {
        for command in commands where !plugins.perform(command) { hadScriptProblem = true }
    }
}
