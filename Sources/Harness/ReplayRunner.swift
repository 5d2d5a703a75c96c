import Graphics
import Motion
import Platform
import Tools

/// Replays a timeline on a virtual clock stepping exactly 1/60 s per frame, so the same script gives
/// the same pixels and the same dump on every run. After the last event it keeps stepping until
/// nothing animates (at most `settleLimit` more seconds).
@MainActor
public struct ReplayRunner {
    public var settleLimit = 10.0

    public init() {}

    /// Runs to the end; returns how many frames were stepped. `afterFrame` sees each frame once it
    /// is drawn (its number, its time, whether it delivered input or a lab command) and may stop
    /// the run early by returning false (the monkey checks its invariants here).
    @discardableResult
    public func run(
        _ timeline: Timeline, host: AppHost, clock: ManualClock,
        afterFrame: (_ frame: Int, _ time: Double, _ hadInput: Bool) -> Bool = { _, _, _ in true }
    ) -> Int {
        var timeline = timeline
        var frame = 0
        let settleDeadline = timeline.endTime + settleLimit
        while true {
            let time = Double(frame) * Timeline.frameDuration
            clock.set(to: time)
            var inputs: [InputEvent] = []
            var captures: [String] = []
            var windowCaptures: [String] = []
            var dumps: [String] = []
            var quit = false
            var commands: [ToolCommand] = []
            for action in timeline.takeDue(by: time) {
                switch action {
                case .input(let event): inputs.append(event)
                case .capture(let file, let window):
                    if window { windowCaptures.append(file) } else { captures.append(file) }
                case .dump(let file): dumps.append(file)
                case .quit: quit = true
                case .tool(let command): commands.append(command)
                }
            }
            let capturesBefore = host.capturesTaken
            host.runFrame(
                inputs: inputs, toolCommands: commands, captureFiles: captures, windowCaptureFiles: windowCaptures,
                dumpFiles: dumps)
            // A capture's toast ("Capture saved") shows from the next frame, as in a window: its
            // write is waited for here, where a window would hear of it on its next poll.
            if host.capturesTaken != capturesBefore {
                host.backend.waitForPendingWrites(unless: { StopSignal.received != 0 })
            }
            frame += 1
            // A lab command (a scrub, a pause, a replay) changes what is shown as input does.
            if !afterFrame(frame - 1, time, !inputs.isEmpty || !commands.isEmpty) { break }
            if quit || host.wantsToQuit { break }
            // A recording runs to its own end (it is bounded by its duration), whatever the deadline.
            if timeline.isFinished && (!host.isBusy || (time >= settleDeadline && !host.lab.isRecording)) { break }
        }
        return frame
    }
}
