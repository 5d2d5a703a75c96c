import Graphics
import Motion
import Platform
import Views

/// The teardown inspector as the host runs it: I cycles it, its panel follows the selected view
/// each frame, and while on it shows the tree exploded (or outlined) in the scene's place.
@MainActor
package final class InspectorTool: Tool {
    package let inspector = Inspector()
    private unowned let app: any ObservedApp
    /// The animation clock, whose time says which animations still act on the selected view.
    private let clock: MotionClock

    package init(app: any ObservedApp, tools: ToolsLayer, clock: MotionClock) {
        self.app = app
        self.clock = clock
        tools.addToDock(inspector.panel)
    }

    package var keys: [Key] { Inspector.shortcuts }

    package func handle(_ key: Key) -> Bool {
        if key == .i {
            inspector.cycle()
            return true
        }
        return inspector.handle(key, root: app.sceneRoot)
    }

    /// A script's `inspect`: its selection is checked against the scene now up (known only then).
    package func perform(_ command: ToolCommand) -> ToolCommandOutcome {
        guard case .inspector(.inspect(let mode, let yaw, let pitch, let spacing, let select)) = command else {
            return .notMine
        }
        var outcome = ToolCommandOutcome.done
        if let select, app.sceneRoot.descendant(withIdentifier: select) == nil {
            app.diagnostics.say(
                "The script's inspect selects \"\(MessageText.quoted(select))\", but no view on screen has that "
                    + "id: nothing is selected. The dump (F11, --dump) lists every view's id.")
            outcome = .failed
        }
        inspector.configure(mode: mode, yaw: yaw, pitch: pitch, spacing: spacing, select: select, in: app.sceneRoot)
        return outcome
    }

    package func animationsTicked() {
        guard inspector.isOn else { return }
        inspector.panel.show(
            mode: inspector.mode, selected: inspector.selectedView, animations: inspectedAnimations,
            parts: inspector.partsShown, tree: inspector.treeLines(of: app.sceneRoot))
        inspector.panel.showSpacing(inspector.spacing, shown: inspector.mode == .exploded)
        inspector.panel.showCurves(inspectedRecords.map(\.record), now: clock.now)
    }

    package func sceneReplacement(for scene: DisplayList) -> DisplayList? {
        inspector.frame(
            of: app.sceneRoot, scene: scene, sceneSize: app.sceneFrame.size, metrics: app.contentMetrics)
    }

    /// The animations acting on the inspected view now, with their timing: its own, and those of
    /// the views that carry it (a presentation wrapper's scale moves the room inside it), named
    /// by their view.
    package var inspectedAnimations: [InspectedAnimation] {
        inspectedRecords.map { record, own in
            let property = String(describing: record.property)
            return InspectedAnimation(
                property: own ? property : "\(record.targetName) \(property)", timing: TimingSummary(record.timing))
        }
    }

    /// The animator's records acting on the inspected view now (`own`: on the view itself).
    var inspectedRecords: [(record: AnimationRecord, own: Bool)] {
        guard let view = inspector.selectedView else { return [] }
        var carriers: [String: Bool] = [:]
        var node: View? = view
        while let current = node {
            carriers[current.animationName] = current === view
            node = current.superview
        }
        let now = clock.now
        return app.animationRecords(addedSince: -.infinity).compactMap { record in
            guard let own = carriers[record.targetName], !record.timing.isFinished(at: now) else { return nil }
            return (record, own)
        }
    }
}
