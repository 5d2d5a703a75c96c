import Foundation
import Graphics
import Motion
import Platform
import Scenes
import Views

/// Live tuning: T shows the panel of the current scene's constants (and the kit's); a change
/// applies to the next effect; Save and `--tune-out` write them as JSON, `--tune` reads them,
/// the script event `tune` sets one.
@MainActor
public final class LiveTuning {
    /// The app as the tools see it: its tunables, scene and files.
    private unowned let app: any ObservedApp
    let panel = TuningPanelView()
    private var shownGeneration = -1
    private var shownScene = ""

    package init(app: any ObservedApp, tools: ToolsLayer) {
        self.app = app
        panel.isHidden = true
        // First in the dock's column, the one panel that gives up height to the others.
        tools.addToDock(panel, flexible: true)
        panel.onChange = { [weak self] name, value in
            guard let self else { return }
            if let value { try? self.app.tuning.set(name, to: value) } else { self.app.tuning.reset(name) }
        }
        panel.onSave = { [weak self] in self?.save() }
        panel.onCode = { [weak app] in app?.exportCode() }
    }

    public var isShown: Bool { !panel.isHidden }

    /// The scene's parameters then the kit's (the kit's alone in the gallery).
    public func parameters(forScene scene: String) -> [TuningParameter] {
        Self.parameters(forScene: scene, in: app.tuning)
    }

    /// The parameters of `scene` in `tuning`, then the kit's.
    static func parameters(forScene scene: String, in tuning: Tuning) -> [TuningParameter] {
        let own = scene == "kit" ? [] : tuning.parameters(in: scene)
        return own + tuning.parameters(in: "scroll") + tuning.parameters(in: "gesture")
    }

    /// T, the panel.
    package static let shortcuts: [Key] = [.t]

    /// T toggles the panel; while a slider of it has the focus (it was clicked) the arrows move
    /// and nudge and Escape gives the keys back to the scene.
    package func handle(_ key: Key) -> Bool {
        if key == .t {
            panel.isHidden.toggle()
            if panel.isHidden { panel.focus(nil) }
            shownGeneration = -1
            refresh()
            return true
        }
        guard isShown else { return false }
        return panel.handle(key)
    }

    /// Runs a script's command (a value checked against the catalog when the script was read).
    public func perform(_ command: TuningCommand) {
        switch command {
        case .tune(let name, let value): try? set(name, to: value)
        }
    }

    /// Sets one value by name (the script's `tune`).
    public func set(_ name: String, to value: Double) throws(TuningError) {
        try app.tuning.set(name, to: value)
    }

    /// Once a frame: the panel follows the scene and the values.
    package func refresh() {
        guard isShown else { return }
        let scene = app.sceneName
        if shownGeneration != app.tuning.generation || shownScene != scene {
            panel.show(scene: scene, parameters: parameters(forScene: scene), tuning: app.tuning)
            shownGeneration = app.tuning.generation
            shownScene = scene
        }
    }

    /// Writes every value to a new file in the captures folder and says where.
    func save() {
        let path = app.captures.nextTuningPath(scene: app.sceneName)
        if write(to: path, remedy: CaptureStore.folderRemedy) { app.announce("Tuning saved: \(path)") }
    }

    /// Writes every value to `path` (Save, `--tune-out`); false (and a message) when it cannot.
    @discardableResult
    public func write(to path: String, remedy: String = "Choose another path with --tune-out FILE.") -> Bool {
        CaptureStore.write(
            Data(TuningFile.text(of: app.tuning).utf8), to: path, what: "tuning", remedy: remedy,
            diagnostics: app.diagnostics)
    }

    /// Checks a tuning file before anything starts (`--tune`): the error names the first problem.
    public static func validate(_ data: Data) throws(ScriptError) {
        try TuningFile.load(data, into: Tuning(parameters: SceneTuning.all))
    }

    /// Reads values saved by the panel; the error names the first unknown name or bad value.
    public func load(_ data: Data) throws(ScriptError) {
        try TuningFile.load(data, into: app.tuning)
    }
}
