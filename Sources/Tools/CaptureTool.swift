import Platform

/// F12 captures the scene, Shift+F12 the whole window with the tools, F11 dumps the tree: each
/// asked of the host, which takes them once the frame is drawn (a capture is of that frame).
@MainActor
package final class CaptureTool: Tool {
    private unowned let app: any ObservedApp

    package init(app: any ObservedApp) { self.app = app }

    package var keys: [Key] { [.f12, .shiftF12, .f11] }

    package func handle(_ key: Key) -> Bool {
        switch key {
        case .f12: app.requestCapture(wholeWindow: false)
        case .shiftF12: app.requestCapture(wholeWindow: true)
        case .f11: app.requestDump()
        default: return false
        }
        return true
    }
}
