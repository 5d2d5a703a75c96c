import Controllers
import Foundation
import Graphics
import Motion
import Platform
import Scenes
import Views

extension MotionLab {
    /// The scene's tuned values now (its own and the kit's), and Reduce Motion (1 when on): B
    /// compares a transition before and after either changed.
    var tuningNow: [String: Double] {
        var values = Dictionary(
            uniqueKeysWithValues: LiveTuning.parameters(forScene: app.sceneName, in: app.tuning).map {
                ($0.name, app.tuning[$0])
            })
        values[TransitionFilm.reduceMotionEntry] = app.reducesMotion ? 1 : 0
        return values
    }

    /// Films the frame of `time` while a transition runs; keeps the film when it ends.
    func film(at time: Double) {
        if let running = app.runningTransition, playback == nil {
            if filming?.serial != running.serial {
                finishFilm()
                landingFrameDue = false
                // By the screens it goes between, not the animator: under Reduce Motion another
                // animator (a cross-fade) plays the same change, and B compares the two.
                let kind =
                    String(describing: type(of: running.fromViewController)) + " → "
                    + String(describing: type(of: running.toViewController))
                filming = (
                    running.serial, TransitionFilm(name: running.animatorName, kind: kind, tuning: tuningNow)
                )
            }
            filming?.film.append(app.lastDisplayList, at: time)
        } else if filming != nil, playback == nil {
            // The transition ended at this very moment (a late window evaluates the moment it
            // landed on after the fact, before the lab's tick sees it end): this frame shows it
            // landed, and the film ends on it, as headless.
            filming?.film.append(app.lastDisplayList, at: time)
            finishFilm()
        } else if landingFrameDue, var landed = lastFilm {
            landingFrameDue = false
            landed.append(app.lastDisplayList, at: time)
            lastFilm = landed
            latestFilms[landed.kind] = landed
        } else {
            finishFilm()
        }
    }

    func finishFilm() {
        guard let finished = filming?.film, finished.frames.count > 1 else {
            filming = nil
            return
        }
        filming = nil
        // Films are compared within a scene: another scene's are let go (memory stays a few films).
        if filmsScene != app.sceneName {
            latestFilms = [:]
            filmsBefore = [:]
            filmsScene = app.sceneName
        }
        if let previous = latestFilms[finished.kind], previous.tuning != finished.tuning {
            filmsBefore[finished.kind] = previous
        }
        latestFilms[finished.kind] = finished
        lastFilm = finished
    }

    /// P and L: the last transition again, once or looping (L again: stop looping).
    func play(loop: Bool) {
        guard let film = lastFilm else {
            tools.showToast("No transition to play yet: open something first.", isError: false, at: app.clock.now)
            return
        }
        if playback?.loops == true && !loop {
            playback = nil
            return
        }
        playback = FilmPlayback(reels: [(film, film.name)], loops: loop)
    }

    /// B: the last transition with the values before the last change, then with the new ones;
    /// B again while that plays: the new run with the old one as a ghost over it.
    func playBeforeAndAfter() {
        guard let after = lastFilm, let before = filmsBefore[after.kind] else {
            tools.showToast(
                "Before/after needs the same transition run before and after a value is tuned (T).", isError: false,
                at: app.clock.now)
            return
        }
        let change = after.tuningChange(from: before)
        if let playing = playback, playing.reels.count == 2, playing.ghost == nil {
            var ghosted = FilmPlayback(reels: [(after, "Ghost of before · \(change)")], loops: false)
            ghosted.ghost = before
            ghosted.ghostBounds = app.sceneFrame
            playback = ghosted
            return
        }
        playback = FilmPlayback(
            reels: [(before, "Before · \(change)"), (after, "After · \(change)")], loops: false)
    }

    public func stopPlayback() { playback = nil }

    /// The film a replay shows now.
    package var shownFilm: TransitionFilm? {
        guard let playback, !playback.reels.isEmpty else { return nil }
        return playback.reels[min(playback.reel, playback.reels.count - 1)].film
    }

    /// Whether the film a replay shows now was made with a value other than its default.
    public func replaysTunedMotion(defaults parameters: [TuningParameter]) -> Bool {
        guard let film = shownFilm else { return false }
        return parameters.contains { parameter in
            film.tuning[parameter.name].map { $0 != parameter.defaultValue } ?? false
        }
    }

    /// The frame a replay shows now instead of the live scene (and moves the replay on unless
    /// the lab is paused); nil when nothing plays.
    package func playbackFrame() -> DisplayList? {
        guard var current = playback else {
            lastPlaybackTime = nil
            return nil
        }
        // In the animation clock's time: S slows the replay, Space holds it, `.` steps it.
        let step = lastPlaybackTime.map { clock.now - $0 } ?? 0
        lastPlaybackTime = clock.now
        let frame = current.next(after: step)
        playback = frame == nil ? nil : current
        if frame == nil { lastPlaybackTime = nil }
        refreshOverlays()
        return frame
    }
}
