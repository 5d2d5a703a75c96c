import Controllers
import Foundation
import Graphics
import Motion
import Platform
import Scenes
import Views

extension MotionLab {
    /// A transition runs (its film), a replay plays (a recording may take it) or a recording
    /// takes frames.
    var keepsFrames: Bool {
        app.runningTransition != nil || playback != nil || recorder.isTaking || landingFrameDue
    }

    /// Before a frame's input: the moments of the grid the window skipped since the last one
    /// kept (it drew late), each for the host to evaluate at its own time and hand to
    /// `keep(shown:moment:at:)`. None while paused: a scrubbed jump is not replayed.
    package func missedMoments() -> [(moment: Int, time: Double)] {
        guard let grid, keepsFrames, !clock.isPaused else { return [] }
        return grid.missed(before: clock.now).map { ($0, grid.time(of: $0)) }
    }

    /// A frame evaluated at a moment of the grid: `shown` is what the scene shows (a replay's
    /// frame, the inspector's stack or the live scene), the film keeps the live scene.
    package func keep(shown: DisplayList, moment: Int, at time: Double) {
        grid?.keep(moment)
        film(at: time)
        // A replay (P, L, B) is recorded as a transition is: what is shown is what is shared.
        recorder.take(
            shown, moment: moment, at: time, transitionRunning: app.runningTransition != nil || playback != nil,
            app: app)
    }

    /// After drawing, before present: the frame is kept if it falls on the grid (every frame
    /// headless at normal speed), the grid starts with a transition or a recording and ends with
    /// them, and the recorder draws and encodes a little.
    package func frameDrawn(shown: DisplayList) {
        let now = clock.now
        if keepsFrames {
            if grid == nil {
                grid = SampleGrid(origin: now)
                keep(shown: shown, moment: 0, at: now)
            } else if let moment = grid?.moment(at: now) {
                keep(shown: shown, moment: moment, at: now)
            }
        } else {
            finishFilm()
            grid = nil
        }
        recorder.frameEnded(baseNow: app.clock.now, app: app)
    }

    /// Ends a recording under way and waits for its files (headless runs call it before exiting).
    public func finishRecording() {
        recorder.stop(app: app)
        if recorder.isFinishing && StopSignal.received == 0 {
            // Quitting waits for ffmpeg: say why the app has not closed yet (a signal stops it).
            FileOutput.standardOutput.write("Finishing the recording before quitting…\n")
        }
        recorder.waitUntilDone(app: app)
    }
}
