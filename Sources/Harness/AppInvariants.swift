import Controllers
import Graphics
import Scenes
import Views

/// What must hold after every frame, whatever the input: the random-input monkey checks these,
/// and so can any test. Each violation is one sentence naming what is wrong.
@MainActor
public enum AppInvariants {
    /// More views than this in the window means something leaks into the tree.
    public static let maximumViews = 5000

    public static func violations(of host: AppHost) -> [String] {
        var problems: [String] = []
        checkViews(host.window, &problems)
        checkControllers(host, &problems)
        return problems
    }

    /// Every frame, transform and alpha finite; effective alpha within 0…1; the tree bounded.
    private static func checkViews(_ window: Window, _ problems: inout [String]) {
        var count = 0
        func visit(_ view: View, inheritedAlpha: Double) {
            count += 1
            let state = view.presented
            // Spelled out, not an array: this runs for every view on every frame of the monkey.
            let bounds = state.bounds
            let transform = state.transform
            let finite =
                bounds.minX.isFinite && bounds.minY.isFinite && bounds.width.isFinite && bounds.height.isFinite
                && state.center.x.isFinite && state.center.y.isFinite && transform.a.isFinite && transform.b.isFinite
                && transform.c.isFinite && transform.d.isFinite && transform.tx.isFinite && transform.ty.isFinite
                && state.alpha.isFinite
            if !finite {
                problems.append("\(name(of: view)) has a geometry or alpha that is not finite: \(state)")
            }
            let alpha = inheritedAlpha * state.opacity
            if !(0...1).contains(alpha) { problems.append("\(name(of: view)) is drawn at alpha \(alpha)") }
            for child in view.subviews { visit(child, inheritedAlpha: alpha) }
        }
        visit(window, inheritedAlpha: 1)
        if count > maximumViews { problems.append("the window holds \(count) views (more than \(maximumViews))") }
    }

    /// No controller twice on screen; nothing presented by a controller that is not on screen; the
    /// scene the app reports is the one on screen.
    private static func checkControllers(_ host: AppHost, _ problems: inout [String]) {
        let visible = host.windowHost.visibleControllers
        var seen = Set<ObjectIdentifier>()
        for controller in visible where !seen.insert(ObjectIdentifier(controller)).inserted {
            problems.append("\(controller.dumpName) is on screen twice")
        }
        for controller in visible {
            guard let presenter = controller.presentingViewController else { continue }
            if !visible.contains(where: { $0 === presenter }) {
                problems.append(
                    "\(controller.dumpName) is presented by \(presenter.dumpName), which is not on screen")
            }
        }
        guard !host.isTransitioning, let app = host.app else { return }
        let scene = app.currentScene
        let scenesOnScreen = visible.compactMap { ($0 as? SceneController)?.sceneID }
        // Whatever is presented must be presented from the screen on top of the app's stack.
        let strays = visible.filter { controller in
            guard controller.presentingViewController != nil else { return false }
            var origin = controller
            while let presenter = origin.presentingViewController { origin = presenter }
            var node: ViewController? = origin
            while let current = node, current !== app.topViewController, current !== app {
                node = current.parent
            }
            return node == nil
        }
        if (scene == .gallery ? !scenesOnScreen.isEmpty : scenesOnScreen != [scene]) || !strays.isEmpty {
            problems.append(
                "the app reports the scene \(scene.rawValue) but shows \(visible.map(\.dumpName).joined(separator: ", "))"
            )
        }
    }

    private static func name(of view: View) -> String {
        view.accessibilityIdentifier.map { "\($0) (\(type(of: view)))" } ?? "a \(type(of: view))"
    }
}
