import Controllers
import Foundation
import Graphics
import Motion
import Platform
import Scenes
import Tools
import Views

extension AppHost {
    /// C (and the tuning panel's Code button): the scene's effect as code with every tuned value,
    /// on the clipboard (the Swift) and beside the captures (`…-code.swift`, `…-code.kt`).
    package func exportCode() {
        guard !SceneTuning.motions(scene: sceneName, tuning: tuning).isEmpty else {
            tools.showToast(
                "Open a scene first: the gallery has no effect to copy as code.", isError: false, at: clock.now)
            return
        }
        let code = EffectCode(scene: sceneName, tuning: tuning)
        // On the clipboard first: a folder that cannot be written does not cost the copy.
        let copied = backend.setClipboardText(code.swift)
        let paths = captures.nextCodePaths(scene: sceneName)
        let wrote = [(code.swift, paths.swift), (code.kotlin, paths.kotlin)].allSatisfy { text, path in
            CaptureStore.write(
                Data(text.utf8), to: path, what: "code", remedy: Self.capturesRemedy, diagnostics: backend.diagnostics)
        }
        guard wrote else {
            hadWriteFailure = true
            if copied { tools.showToast("The code is on the clipboard all the same.", isError: false, at: clock.now) }
            return
        }
        announce(
            (copied ? "Code copied (UIKit, SwiftUI) and saved: " : "Code saved: ") + paths.swift + " and "
                + FilePath.name(of: paths.kotlin) + " (Compose)")
    }

    /// The dump of what is on screen now.
    public func makeDump() -> TreeDump {
        var dump = TreeDump(
            time: clock.now, scene: sceneName, settled: !isAnimating, transitioning: isTransitioning,
            controllers: windowHost.visibleControllers, root: window, tools: tools.window.subviews)
        dump.parameters = Dictionary(
            uniqueKeysWithValues: liveTuning.parameters(forScene: sceneName).map { ($0.name, tuning[$0]) })
        dump.slowdown = lab.clock.slowdown
        dump.paused = lab.clock.isPaused
        dump.reduceMotion = window.accessibility.reducesMotion
        dump.recording = lab.recordingDump
        dump.reference = referenceTool.dump
        dump.textures = backend.liveTextureCount
        dump.window = [backend.pointSize.width, backend.pointSize.height].map(TreeDump.rounded)
        dump.sceneFrame = [sceneFrame.minX, sceneFrame.minY, sceneFrame.width, sceneFrame.height].map(TreeDump.rounded)
        if inspector.isOn {
            dump.inspector = InspectorDump(
                mode: inspector.mode.rawValue, selected: inspector.selectedView?.animationName,
                yaw: NumberText.rounded(inspector.yaw), pitch: NumberText.rounded(inspector.pitch),
                spacing: NumberText.rounded(inspector.spacing),
                slabs: inspectedSlabs(),
                animations: inspectorTool.inspectedAnimations, hovered: inspector.hoveredView(in: window)?.animationName
            )
        }
        return dump
    }

    /// How to get F11 and F12 files written somewhere else.
    static let capturesRemedy = CaptureStore.folderRemedy

    /// Writes the dump of this moment to `path`; a problem is reported in one line that ends with
    /// `remedy` (how the user chooses another place: the flag or script event that named it).
    public func dump(to path: String, remedy: String = "Choose another path with --dump FILE.") {
        do {
            let data = try makeDump().jsonData()
            if CaptureStore.write(data, to: path, what: "dump", remedy: remedy, diagnostics: backend.diagnostics) {
                announce("Dump saved: \(path)")
            } else {
                hadWriteFailure = true
            }
        } catch {
            backend.diagnostics.say("Could not encode the dump: \(error)")
            hadWriteFailure = true
        }
    }

    /// Captures the frame just drawn to `path` (the scene's area, or the `wholeWindow` with its
    /// tools: Shift+F12). False when the PNG writer's queue is full (in a
    /// window: headless waits for room), so the capture is not taken and nothing is held.
    @discardableResult
    func capture(to path: String, remedy: String, wholeWindow: Bool = false) -> Bool {
        let area = wholeWindow ? Rect(origin: .zero, size: backend.pointSize) : sceneFrame
        let bytes = InputLimits.frameBytes(of: area.size, scale: backend.pixelScale)
        guard backend.makeRoomForWrite(ofBytes: bytes, evenInWindow: false) else {
            return false
        }
        guard let pixels = backend.readPixels(in: area) else {
            backend.diagnostics.say("Could not read the frame's pixels for \(path).")
            hadWriteFailure = true
            return true
        }
        if let problem = CaptureStore.prepareFolder(for: path) {
            // Once per problem: every press into the same unwritable folder says the same thing.
            let folder = FilePath.folder(of: path)
            backend.diagnostics.sayOnce(
                key: "capture:\(folder):\(problem)",
                "Could not save the capture \(MessageText.quoted(path)): \(problem). \(remedy)")
            hadWriteFailure = true
            return true
        }
        capturesTaken += 1
        backend.writePNG(pixels, to: path) { [weak self] error in
            if let error {
                self?.backend.diagnostics.say(
                    "Could not save the capture \(MessageText.quoted(path)): \(error). \(remedy)")
                self?.hadWriteFailure = true
            } else {
                self?.announce("Capture saved: \(path)")
            }
        }
        return true
    }

    /// The frame's captures and dumps (F12 and F11 pressed, a script's): of the scene alone, as
    /// drawn, before the tools go over it.
    func takeCapturesAndDumps(captureFiles: [String], dumpFiles: [String]) {
        for file in pendingCaptures {
            if shouldStop() { break }
            if !capture(to: file, remedy: Self.capturesRemedy) { busyCaptures += 1 }
        }
        for file in captureFiles where !shouldStop() {
            capture(to: file, remedy: "Give the script's \"capture\" event a writable path.")
        }
        // Declined captures are told at most once a second, with how many.
        if busyCaptures > 0, clock.now - lastBusyReport >= 1 {
            backend.diagnostics.say(
                "\(busyCaptures == 1 ? "A capture was" : "\(busyCaptures) captures were") not taken: the PNG writer is "
                    + "still busy with earlier ones. Press F12 again in a moment.")
            busyCaptures = 0
            lastBusyReport = clock.now
        }
        for file in pendingDumps { dump(to: file, remedy: Self.capturesRemedy) }
        for file in dumpFiles { dump(to: file, remedy: "Give the script's \"dump\" event a writable path.") }
        pendingCaptures = []
        pendingDumps = []
    }
}
