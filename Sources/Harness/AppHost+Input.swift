import Controllers
import Foundation
import Graphics
import Motion
import Platform
import Scenes
import Tools
import Views

extension AppHost {
    /// A frame's input in order, except that touches arriving together (one poll, one frame) are
    /// taken together: fingers that moved and lifted in the same frame move the pointer once,
    /// whatever order the system listed them in.
    func deliverInOrder(_ inputs: [InputEvent]) {
        var touches: [TouchEvent] = []
        func flushTouches() {
            guard !touches.isEmpty else { return }
            for event in touchPointer.pointerEvents(for: touches) { deliver(.pointer(event)) }
            touches = []
        }
        for input in inputs {
            if case .touch(let touch) = input {
                touches.append(touch)
                continue
            }
            flushTouches()
            deliver(input)
        }
        flushTouches()
    }

    func deliver(_ input: InputEvent) {
        switch input {
        case .pointer(let event):
            if event.phase == .hover {
                // A pointer with no button held: only the inspector's 2D mode looks at it.
                inspector.hover(at: tools.takesPointer(at: event.location) ? nil : event.location, root: window)
                break
            }
            if event.phase == .down {
                // A press on the dock or the timeline is the tools' until it lifts; anywhere else
                // the scene's, and touching the scene ends a replay (the live scene is what the
                // pointer acts on) and sends a dock lying over the scene to the other side.
                pointerIsTools = tools.takesPointer(at: event.location)
                if !pointerIsTools {
                    lab.stopPlayback()
                    sendDockAway(from: event.location)
                }
            }
            if pointerIsTools {
                tools.window.send(event)
            } else if inspector.isOn {
                // While inspecting, the pointer over the scene turns the stack and selects.
                inspector.pointer(event, root: window, sceneSize: window.bounds.size)
            } else {
                window.send(event)
            }
        case .touch(let touch):
            // Fingers drive the very gestures the mouse drives: one pointer at their centroid.
            for event in touchPointer.pointerEvents(for: [touch]) { deliver(.pointer(event)) }
        case .wheel(let delta, let location, let time):
            if tools.takesPointer(at: location) {
                tools.window.sendWheel(delta: delta, at: location, time: time)
            } else if inspector.isOn {
                inspector.wheel(delta)
            } else {
                window.sendWheel(delta: delta, at: location, time: time)
            }
        case .key(let key, _):
            _ = window.send(key)
        case .resized(let size):
            arrange(scene: size, widening: true)
        case .windowResized(let size):
            // The user dragged the window's edge: the scene is what is left beside the dock.
            if tools.placement == .beside, size.width - DockView.width >= InputLimits.windowSide.lowerBound {
                arrange(scene: Size(width: size.width - DockView.width, height: size.height), widening: true)
            } else {
                arrange(scene: size, widening: false)
            }
        case .fileDropped(let path):
            if !plugins.contains(where: { $0.fileDropped(path) }) {
                backend.diagnostics.say("Dropped \(path): nothing here opens files of that kind.")
            }
        case .quit:
            wantsToQuit = true
        }
    }

    /// The scene takes `requested` (within the same limits as --size, whoever asked: a script,
    /// the window manager) and the window fits it and the dock: beside the scene, widening the
    /// window, when the screen has room (headless always has) and `widening` is allowed; over
    /// the scene otherwise.
    func arrange(scene requested: Size, widening: Bool) {
        let side = InputLimits.windowSide
        let scene = Size(
            width: min(
                max(requested.width.isFinite ? requested.width : side.lowerBound, side.lowerBound), side.upperBound),
            height: min(
                max(requested.height.isFinite ? requested.height : side.lowerBound, side.lowerBound), side.upperBound)
        )
        if let problem = InputLimits.frameProblem(scene, scale: backend.pixelScale) {
            // A window manager may ask for the same size more than once: told once.
            backend.diagnostics.sayOnce(key: "resize:\(scene)", "Not resized: \(problem).")
            return
        }
        var placement = DockPlacement.closed
        var windowSize = scene
        if tools.wantsDock {
            let widened = Size(width: scene.width + DockView.width, height: scene.height)
            if widening, side.contains(widened.width),
                InputLimits.frameProblem(widened, scale: backend.pixelScale) == nil, backend.hasRoom(for: widened)
            {
                placement = .beside
                windowSize = widened
            } else {
                placement = .over(atLeft: dockAtLeft)
            }
        }
        if backend.pointSize != windowSize { backend.resize(to: windowSize) }
        // A window manager may give another size than asked: the scene is what it leaves.
        let given = backend.pointSize
        let sceneSize =
            placement == .beside ? Size(width: given.width - DockView.width, height: given.height) : given
        tools.layOut(windowSize: given, sceneSize: sceneSize, placement: placement)
        if window.bounds.size != sceneSize {
            window.resize(to: sceneSize)
            windowHost.windowDidResize()
        }
    }

    /// A dock lying over the scene moves to the side away from a press at `location`.
    func sendDockAway(from location: Point) {
        let atLeft = location.x > window.bounds.width / 2
        guard atLeft != dockAtLeft else { return }
        dockAtLeft = atLeft
        if case .over = tools.placement { arrange(scene: window.bounds.size, widening: false) }
    }
}
