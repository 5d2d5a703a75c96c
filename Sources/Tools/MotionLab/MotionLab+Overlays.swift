import Controllers
import Foundation
import Graphics
import Motion
import Platform
import Scenes
import Views

extension MotionLab {
    // MARK: Overlays

    /// Transitions shorter than this get no scrubber (three frames at 60 Hz).
    static let shortestScrubbedSpan = 0.05

    func refreshOverlays() {
        let bounds = app.sceneFrame
        let running = app.runningTransition
        let span = running?.timeline
        // At normal speed with no lab panel open the app looks as it ships; once the lab is in
        // use (paused, slowed, curves or HUD shown) every timed transition gets the scrubber.
        tools.labClockEngaged = clock.isPaused || clock.slowdown != 1
        let labInUse = tools.labClockEngaged || !graph.isHidden || !hud.isHidden
        // A span of a few milliseconds (a swipe let go at its very end) is over before anyone
        // could scrub it: showing the bar for its one frame would only flash it.
        scrubber.isHidden = span == nil || !labInUse || (span?.duration ?? 0) < Self.shortestScrubbedSpan
        // Once a transition is over its timeline stays: the scrubber shows (and scrubs) its film.
        scrubber.showFilmButtons(false, canCompare: false, looping: false)
        if running == nil, labInUse || playback != nil, let film = shownFilm ?? lastFilm {
            scrubber.isHidden = false
            scrubber.showFilmButtons(
                true, canCompare: lastFilm.map { filmsBefore[$0.kind] != nil } ?? false,
                looping: playback?.loops == true)
            // A film whose landing frame is this one already says its whole length (it said
            // 0.58 s for one frame, then 0.60 s: the dock's caption flickered).
            let length = landingFrameDue && shownFilm == nil ? film.duration(endingAt: clock.now) : film.duration
            let position = playback?.position ?? (progress: 1, elapsed: length, duration: length)
            scrubber.show(
                name: film.name, progress: position.progress, elapsed: position.elapsed, duration: position.duration)
        }
        if let span, let running {
            let now = clock.now
            scrubber.show(
                name: running.animatorName, progress: span.progress(at: now),
                elapsed: min(max(now - span.start, 0), span.duration),
                duration: span.duration)
        }
        showBadge(over: bounds)
        if !hud.isHidden {
            let facts = app.renderFacts
            hud.show(
                frameTimes: frameTimes, textures: facts.textures,
                transition: running.map { ($0.animatorName, $0.timeline?.progress(at: clock.now)) },
                rendering: facts.options, inForce: facts.inForce, renderer: facts.renderer,
                reducesMotion: app.reducesMotion)
        }
        if !graph.isHidden {
            graph.show(
                lastTransition.map { record in
                    // A gesture drove it before its timed run: the graph is of the run after the
                    // release (the timeline's film holds the drag too, and is longer).
                    let afterRelease = record.span.map { $0.start > record.began + 1e-9 } ?? false
                    return (record.name + (afterRelease ? " after release" : ""), record.span, record.curves)
                },
                expected: SceneTuning.expectedCurve(
                    scene: app.sceneName, tuning: app.tuning, transition: lastTransition?.name),
                measured: measuredMotions(), now: clock.now)
        }
        if !help.isHidden { help.show(scene: app.sceneName) }
    }

    /// The badge (slow motion, pause, recording, replay, Reduce Motion): within the dock when it is
    /// beside the phone, else over the scene's right part.
    private func showBadge(over bounds: Rect) {
        // Within the dock when it is beside the phone; over the scene, within its right part (a
        // badge across the whole width lay over a room's × as B replayed its opening).
        badge.widest =
            tools.placement == .beside ? tools.dock.frame.width - 24 : min(bounds.width - 24, Self.widestOverScene)
        badge.show(
            slowdown: clock.slowdown, paused: clock.isPaused,
            recording: recorder.isWaiting
                ? "● R: waiting for a transition"
                : recorder.isRecording ? "● Recording" : recorder.isFinishing ? "Saving the recording…" : nil,
            playing: playback?.label, reducesMotion: app.reducesMotion)
        badge.isHidden =
            clock.slowdown == 1 && !clock.isPaused && !recorder.isRecording && !recorder.isFinishing && playback == nil
            && !app.reducesMotion
        let badgeSize = badge.sizeThatFits(Size(width: badge.widest, height: bounds.height))
        // Beside the phone the badge sits at the dock's foot: the column keeps room for it.
        tools.dock.bottomReserve = tools.placement == .beside && !badge.isHidden ? badgeSize.height + 12 : 0
        if tools.placement == .beside {
            // The dock is beside the phone: the badge is the tools', at the dock's bottom, not
            // over the scene's content (it lay over a room's first lines).
            let dock = tools.dock.frame
            badge.frame = Rect(
                x: dock.maxX - badgeSize.width - 12, y: dock.maxY - badgeSize.height - 12, width: badgeSize.width,
                height: badgeSize.height)
        } else {
            badge.frame = Rect(
                x: bounds.width - badgeSize.width - 12, y: Self.panelTop, width: badgeSize.width,
                height: badgeSize.height)
        }

    }
}
