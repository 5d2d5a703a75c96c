import Graphics
import Motion
import Platform
import Tools

/// The interactive loop: real time from the backend's clock, events from the window, a script (if
/// any) played against elapsed real time. The backend paces `present` to the display.
@MainActor
public struct WindowRunner {
    public init() {}

    public func run(host: AppHost, script: Timeline?) {
        var timeline = script
        let start = host.clock.now
        // A signal (Ctrl-C, SIGTERM, SIGHUP, SIGQUIT) ends the loop as a close does.
        while !host.wantsToQuit && !host.shouldStop() {
            var inputs = host.backend.pollEvents()
            var captures: [String] = []
            var windowCaptures: [String] = []
            var dumps: [String] = []
            var commands: [ToolCommand] = []
            if var pending = timeline {
                for action in pending.takeDue(by: host.clock.now - start) {
                    switch action {
                    case .input(let event): inputs.append(event)
                    case .capture(let file, let window):
                        if window { windowCaptures.append(file) } else { captures.append(file) }
                    case .dump(let file): dumps.append(file)
                    case .quit: host.requestQuit()
                    case .tool(let command): commands.append(command)
                    }
                }
                timeline = pending.isFinished ? nil : pending
            }
            host.runFrame(
                inputs: inputs, toolCommands: commands, captureFiles: captures, windowCaptureFiles: windowCaptures,
                dumpFiles: dumps)
        }
        host.lab.finishRecording()
    }
}
