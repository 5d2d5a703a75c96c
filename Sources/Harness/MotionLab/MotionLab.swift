import Controllers
import Foundation
import Graphics
import Motion
import Platform
import Scenes
import Views

/// The motion lab: slow motion, pause and step, a scrubber for the running transition, a graph of
/// its curves, a HUD and a recorder — the tools a designer studies motion with. It owns the
/// animation clock (`MotionClock`); keys, script events and `--slow` drive it.
@MainActor
public final class MotionLab {
    public let clock: MotionClock
    /// The app as the tools see it: frames, records, tunables, files.
    private unowned let app: any ObservedApp
    /// Where the lab's panels sit: the dock, the badge over the scene, toasts.
    private let tools: ToolsLayer
    /// S toggles between normal speed and this slowdown (the iOS Simulator's "slow animations").
    public static let slowKeyFactor = 10.0
    /// The HUD and badge sit below a bar (status bar + navigation bar), clear of its buttons.
    static let panelTop = 100.0
    /// One step of `.` while paused.
    public static let stepDuration = 1.0 / 60.0

    let scrubber = ScrubberView()
    let hud = HUDView()
    let graph = CurveGraphView()
    let help = KeyHelpView()
    let badge = LabBadgeView()
    private let recorder = MotionRecorder()

    /// The transition last seen running, kept (with its curves) after it ends for the graph.
    private(set) var lastTransition: TransitionRecord?
    /// Base-clock times of recent frames, for the HUD's fps and frame times.
    private var frameTimes: [Double] = []
    private var resumeAfterScrub = false

    struct TransitionRecord {
        /// The transition's `serial`.
        var serial: Int
        var name: String
        var span: MotionSpan
        var curves: [Animator.AnimationRecord]
    }

    init(app: any ObservedApp, tools: ToolsLayer, clock: MotionClock) {
        self.app = app
        self.tools = tools
        self.clock = clock
        // The tools sit in the tools' window, never in the scene's captures or recordings: the
        // timeline, curves, HUD and keys in the dock, the badge over the scene.
        for panel in [scrubber, graph, hud, help] as [View] { panel.isHidden = true }
        tools.addToDock(scrubber, isTimeline: true)
        for panel in [graph, hud, help] as [View] {
            panel.isUserInteractionEnabled = false
            tools.addToDock(panel)
        }
        badge.isHidden = true
        tools.addOverScene(badge)
        scrubber.onScrub = { [weak self] phase, progress in self?.scrubberMoved(phase, progress) }
        scrubber.playButton.onTap = { [weak self] in self?.press(.p) }
        scrubber.loopButton.onTap = { [weak self] in self?.press(.l) }
        scrubber.compareButton.onTap = { [weak self] in self?.press(.b) }
    }

    // MARK: Commands (keys, script events, flags)

    /// Handles the lab's keys; false for keys it does not own.
    func handle(_ key: Key) -> Bool {
        switch key {
        case .s: setSlowdown(clock.slowdown == 1 ? Self.slowKeyFactor : 1)
        case .space: clock.isPaused ? resume() : pause()
        case .period: step()
        case .g: graph.isHidden.toggle()
        case .h: hud.isHidden.toggle()
        case .question:
            help.show(scene: app.sceneName)
            help.isHidden.toggle()
        case .r:
            // R again while recording stops it and writes what it has.
            if recorder.isRecording { recorder.stop(app: app) } else { startRecording(folder: nil, duration: nil) }
        case .p: play(loop: false)
        case .l: play(loop: playback?.loops != true)
        case .b: playBeforeAndAfter()
        default: return false
        }
        refreshOverlays()
        return true
    }

    /// A timeline button: as its key.
    private func press(_ key: Key) {
        _ = handle(key)
    }

    /// Runs a script's command.
    public func perform(_ command: LabCommand) {
        switch command {
        case .slow(let factor): setSlowdown(factor)
        case .pause: pause()
        case .resume: resume()
        case .step: step()
        case .scrub(let progress): scrub(to: progress)
        case .record(let folder, let duration, let format, let scale):
            startRecording(
                folder: folder, duration: duration,
                formats: [MotionRecorder.Format(rawValue: format) ?? .png], scale: scale)
        case .tune(let name, let value): try? app.tuning.set(name, to: value)
        case .inspect: break  // the host's inspector takes these
        }
        refreshOverlays()
    }

    public func setSlowdown(_ factor: Double) {
        clock.setSlowdown(factor)
        refreshOverlays()
    }

    public func pause() {
        clock.pause()
        refreshOverlays()
    }

    public func resume() {
        clock.resume()
        refreshOverlays()
    }

    /// One frame on while paused (nothing while running: the frames go by anyway).
    public func step() {
        guard clock.isPaused else { return }
        clock.step(by: Self.stepDuration)
    }

    /// Shows the running transition at `progress` (0…1 of its duration): exactly the frame a
    /// normal run shows at that time. False when no timed transition is under way.
    @discardableResult
    public func scrub(to progress: Double) -> Bool {
        if app.runningTransition == nil, let film = shownFilm ?? lastFilm {
            // After the transition: its film, held at that frame.
            let clamped = progress.isFinite ? min(max(progress, 0), 1) : 0
            playback = FilmPlayback(
                reels: [(film, film.name)], loops: false, elapsed: clamped * film.duration, held: true)
            return true
        }
        guard let context = app.runningTransition, let span = context.timeline else { return false }
        let clamped = progress.isFinite ? min(max(progress, 0), 1) : 0
        clock.seek(to: span.start + clamped * span.duration)
        return true
    }

    /// Keep the PNG frames beside a GIF and MP4 (`--keep-frames`).
    public var keepsRecordingFrames = false
    /// R's recordings become a GIF and an MP4; the monkey, which presses R thousands of times,
    /// keeps them as frames.
    public var encodesRecordings = true

    /// The scale R records at (`--record-scale`); nil: the window's, to the nearest whole pixel
    /// (at least 1×).
    public var recordingScale: Double?

    /// Records the next transition (from its first frame to its last), or `duration` seconds, into
    /// `folder` (the captures folder's next `…-recording` folder when nil): R's as a GIF and an MP4.
    public func startRecording(folder: String?, duration: Double?) {
        startRecording(folder: folder, duration: duration, formats: encodesRecordings ? [.gif, .mp4] : [.png])
    }

    func startRecording(folder: String?, duration: Double?, formats: Set<MotionRecorder.Format>, scale: Double? = nil) {
        // A recording under way is finished first: each keeps its own frames and files.
        if recorder.isRecording { recorder.stop(app: app) }
        let directory = folder ?? app.captures.nextRecordingFolder(scene: app.sceneName)
        let drawnAt = scale ?? recordingScale ?? max(app.pixelScale.rounded(), 1)
        recorder.start(
            folder: directory, duration: duration, formats: formats, keepFrames: keepsRecordingFrames,
            scale: drawnAt,
            remedy: folder == nil
                ? CaptureStore.folderRemedy : "Give the script's \"record\" event a writable \"dir\".",
            now: app.clock.now, transitionRunning: app.runningTransition != nil || playback != nil,
            report: weakReport, problem: weakProblem)
    }

    /// The recording as the dump tells it: what it is doing, its frames so far, the last one made.
    var recordingDump: RecordingDump {
        RecordingDump(
            state: recorder.dumpState, frames: recorder.frameCount,
            last: recorder.lastResult.map {
                RecordingDump.Made(
                    folder: $0.folder, files: $0.files, frames: $0.frames, gifFrames: $0.gifFrames,
                    seconds: TreeDump.rounded($0.seconds), scale: $0.scale)
            })
    }

    public var isRecording: Bool { recorder.isRecording }

    private func scrubberMoved(_ phase: ScrubberView.Phase, _ progress: Double) {
        if app.runningTransition == nil, shownFilm ?? lastFilm != nil {
            // After the transition the scrubber scrubs its film, holding the frame let go at.
            scrub(to: progress)
            refreshOverlays()
            return
        }
        switch phase {
        case .began:
            resumeAfterScrub = !clock.isPaused
            clock.pause()
            scrub(to: progress)
        case .changed:
            scrub(to: progress)
        case .ended:
            scrub(to: progress)
            if resumeAfterScrub { clock.resume() }
            resumeAfterScrub = false
        }
        refreshOverlays()
    }

    // MARK: Frame hooks

    /// After input, before the animator ticks: a running transition keeps its finished
    /// animations (so scrubbing back shows them), and is remembered for the graph.
    func inputsDelivered() {
        let running = app.runningTransition
        app.keepsFinishedAnimations = running != nil
        guard let running else { return }
        if let span = running.timeline {
            if lastTransition?.serial != running.serial || lastTransition?.span != span {
                lastTransition = TransitionRecord(
                    serial: running.serial, name: running.animatorName, span: span, curves: [])
            }
        } else if lastTransition?.serial != running.serial {
            lastTransition = nil
        }
    }

    /// After the tick, before layout: the overlays show this frame's state.
    func animationsTicked() {
        // Films are pictures of the scene at its size: after a resize they would leave part of
        // the scene bare (the monkey's frame check found a replay 852 pt wide in a 1280 pt
        // scene), so they are let go, and a replay under way stops.
        if app.sceneFrame.size != filmsSize {
            filmsSize = app.sceneFrame.size
            if lastFilm != nil || playback != nil {
                latestFilms = [:]
                filmsBefore = [:]
                lastFilm = nil
                playback = nil
                filming = nil
            }
        }
        // A transition that ended in this tick leaves its film now, so the timeline shows it in
        // this very frame (it hid for the one frame between the two and flickered).
        if app.runningTransition == nil, filming != nil { finishFilm() }
        frameTimes.append(app.clock.now)
        if let first = frameTimes.first, app.clock.now - first > 1.0 { frameTimes.removeFirst() }
        if var record = lastTransition, record.serial == app.runningTransition?.serial {
            let curves = app.animationRecords(addedSince: record.span.start - 1e-9)
            if curves.count >= record.curves.count {
                record.curves = curves
                lastTransition = record
            }
        }
        refreshOverlays()
    }

    /// The host's messages without holding the host: the recorder keeps its report for ffmpeg's
    /// completion, and the host owns the lab that owns the recorder.
    private var weakReport: @MainActor (String) -> Void {
        { [weak app] message in app?.announce(message) }
    }

    private var weakProblem: @MainActor (String) -> Void {
        { [weak app] message in app?.reportProblem(message) }
    }

    // MARK: Films: the last transition again

    /// The transitions as drawn: the one being filmed, the last one finished, and the one before
    /// it with other tuned values (for B).
    private var filming: (serial: Int, film: TransitionFilm)?
    private(set) var lastFilm: TransitionFilm?
    /// The latest film of each kind, and the one before it made with other tuned values.
    private var latestFilms: [String: TransitionFilm] = [:]
    private var filmsBefore: [String: TransitionFilm] = [:]
    private var filmsScene = ""
    private(set) var playback: FilmPlayback?
    /// The scene's size the films were made at.
    private var filmsSize = Size.zero

    /// The scene's tuned values now (its own and the kit's).
    private var tuningNow: [String: Double] {
        Dictionary(
            uniqueKeysWithValues: LiveTuning.parameters(forScene: app.sceneName, in: app.tuning).map {
                ($0.name, app.tuning[$0])
            })
    }

    /// Films the frame of `time` while a transition runs; keeps the film when it ends.
    private func film(at time: Double) {
        if let running = app.runningTransition, playback == nil {
            if filming?.serial != running.serial {
                finishFilm()
                let kind = running.animatorName + " → " + String(describing: type(of: running.toViewController))
                filming = (
                    running.serial, TransitionFilm(name: running.animatorName, kind: kind, tuning: tuningNow)
                )
            }
            filming?.film.append(app.lastDisplayList, at: time)
        } else {
            finishFilm()
        }
    }

    private func finishFilm() {
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
    private var shownFilm: TransitionFilm? {
        guard let playback, !playback.reels.isEmpty else { return nil }
        return playback.reels[min(playback.reel, playback.reels.count - 1)].film
    }

    /// The animation clock's time when the replay last showed a frame: it moves on by as much.
    private var lastPlaybackTime: Double?

    /// The frame a replay shows now instead of the live scene (and moves the replay on unless
    /// the lab is paused); nil when nothing plays.
    func playbackFrame() -> DisplayList? {
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

    // MARK: Moments kept: films and recordings

    /// The moments frames are kept at while a transition is filmed or a recording runs.
    private var grid: SampleGrid?

    /// A transition runs (its film), a replay plays (a recording may take it) or a recording
    /// takes frames.
    private var keepsFrames: Bool { app.runningTransition != nil || playback != nil || recorder.isTaking }

    /// Before a frame's input: the moments of the grid the window skipped since the last one
    /// kept (it drew late), each for the host to evaluate at its own time and hand to
    /// `keep(shown:moment:at:)`. None while paused: a scrubbed jump is not replayed.
    func missedMoments() -> [(moment: Int, time: Double)] {
        guard let grid, keepsFrames, !clock.isPaused else { return [] }
        return grid.missed(before: clock.now).map { ($0, grid.time(of: $0)) }
    }

    /// A frame evaluated at a moment of the grid: `shown` is what the scene shows (a replay's
    /// frame, the inspector's stack or the live scene), the film keeps the live scene.
    func keep(shown: DisplayList, moment: Int, at time: Double) {
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
    func frameDrawn(shown: DisplayList) {
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

    // MARK: Overlays

    /// Transitions shorter than this get no scrubber (three frames at 60 Hz).
    static let shortestScrubbedSpan = 0.05

    private func refreshOverlays() {
        let bounds = app.sceneFrame
        let running = app.runningTransition
        let span = running?.timeline
        // At normal speed with no lab panel open the app looks as it ships; once the lab is in
        // use (paused, slowed, curves or HUD shown) every timed transition gets the scrubber.
        let labInUse = clock.isPaused || clock.slowdown != 1 || !graph.isHidden || !hud.isHidden
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
            let position = playback?.position ?? (progress: 1, elapsed: film.duration, duration: film.duration)
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
        badge.show(
            slowdown: clock.slowdown, paused: clock.isPaused,
            recording: recorder.isWaiting
                ? "● R: waiting for a transition"
                : recorder.isRecording ? "● Recording" : recorder.isFinishing ? "Saving the recording…" : nil,
            playing: playback?.label)
        badge.isHidden =
            clock.slowdown == 1 && !clock.isPaused && !recorder.isRecording && !recorder.isFinishing && playback == nil
        let badgeSize = badge.sizeThatFits(bounds.size)
        badge.frame = Rect(
            x: bounds.width - badgeSize.width - 12, y: Self.panelTop, width: badgeSize.width, height: badgeSize.height)

        if !hud.isHidden {
            let facts = app.renderFacts
            hud.show(
                frameTimes: frameTimes, textures: facts.textures,
                transition: running.map { ($0.animatorName, $0.timeline?.progress(at: clock.now)) },
                rendering: facts.options, inForce: facts.inForce, renderer: facts.renderer)
        }
        if !graph.isHidden {
            graph.show(
                lastTransition.map { ($0.name, $0.span, $0.curves) },
                expected: SceneTuning.expectedCurve(
                    scene: app.sceneName, tuning: app.tuning, transition: lastTransition?.name),
                now: clock.now)
        }
        if !help.isHidden { help.show(scene: app.sceneName) }
    }
}
