import Platform

/// C: the scene's effect written as code with the tuned values (`EffectCode`), through the host,
/// which knows the scene's controllers.
@MainActor
package final class CodeExportTool: Tool {
    private unowned let app: any ObservedApp

    package init(app: any ObservedApp) { self.app = app }

    package var keys: [Key] { [.c] }

    package func handle(_ key: Key) -> Bool {
        guard key == .c else { return false }
        app.exportCode()
        return true
    }
}
