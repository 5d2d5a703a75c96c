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
    unowned let app: any ObservedApp
    /// Where the lab's panels sit: the dock, the badge over the scene, toasts.
    let tools: ToolsLayer
    /// S toggles between normal speed and this slowdown (the iOS Simulator's "slow animations").
    public static let slowKeyFactor = 10.0
    /// The HUD and badge sit below a bar (status bar + navigation bar), clear of its buttons.
    static let panelTop = 100.0
    /// The widest the lab's badge is over the scene (points): it wraps rather than reach across.
    static let widestOverScene = 240.0
    /// One step of `.` while paused.
    public static let stepDuration = 1.0 / 60.0

    package let scrubber = ScrubberView()
    let hud = HUDView()
    package let graph = CurveGraphView()
    /// Motions measured elsewhere (the reference video's tracked element) for the graph; the host
    /// connects it, as tools do not see each other.
    package var measuredMotions: () -> [MeasuredMotion] = { [] }
    let help = KeyHelpView()
    let badge = LabBadgeView()
    let recorder = MotionRecorder()

    /// The transition last seen running, kept (with its curves) after it ends for the graph.
    package var lastTransition: TransitionRecord?
    /// Base-clock times of recent frames, for the HUD's fps and frame times.
    var frameTimes: [Double] = []
    var resumeAfterScrub = false

    package struct TransitionRecord {
        /// The transition's `serial`.
        var serial: Int
        var name: String
        /// Its timed run; nil while a gesture drives it (no clock to plot against yet).
        package var span: MotionSpan?
        var curves: [AnimationRecord]
        /// When it was first seen running: an interactive transition's animations are made when
        /// the gesture begins, long before its finishing (or cancelling) run starts.
        var began: Double
    }

    package init(app: any ObservedApp, tools: ToolsLayer, clock: MotionClock) {
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

    /// The lab's keys and what each does: slow, pause, step, graph, HUD, the key list, record,
    /// play, loop, compare. A new lab key is one line here (and a row in the README's key table).
    static let actions: [(key: Key, action: @MainActor (MotionLab) -> Void)] = [
        (.s, { $0.setSlowdown($0.clock.slowdown == 1 ? slowKeyFactor : 1) }),
        (.space, { $0.clock.isPaused ? $0.resume() : $0.pause() }),
        (.period, { $0.step() }),
        (.g, { $0.graph.isHidden.toggle() }),
        (.h, { $0.hud.isHidden.toggle() }),
        (
            .question,
            { lab in
                lab.help.show(scene: lab.app.sceneName)
                lab.help.isHidden.toggle()
            }
        ),
        // R again while recording stops it and writes what it has.
        (
            .r,
            { lab in
                if lab.recorder.isRecording {
                    lab.recorder.stop(app: lab.app)
                } else {
                    lab.startRecording(folder: nil, duration: nil)
                }
            }
        ),
        (.p, { $0.play(loop: false) }),
        (.l, { $0.play(loop: $0.playback?.loops != true) }),
        (.b, { $0.playBeforeAndAfter() }),
    ]
    package static let shortcuts: [Key] = actions.map(\.key)

    /// Handles the lab's keys; false for keys it does not own.
    package func handle(_ key: Key) -> Bool {
        // A film in the scene's place (played again, or held where the scrubber let go): a key
        // for the scene ends it first, so it never acts unseen behind the picture (Escape closed
        // the room behind a held frame). Escape only ends it; another key then acts on the scene.
        if playback != nil, !Self.shortcuts.contains(key), Key.sceneKeys.contains(key) {
            stopPlayback()
            refreshOverlays()
            app.announce("Back to the live scene")
            return key == .escape
        }
        guard let action = Self.actions.first(where: { $0.key == key })?.action else { return false }
        action(self)
        refreshOverlays()
        return true
    }

    /// A timeline button: as its key.
    func press(_ key: Key) {
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
            startRecording(folder: folder, duration: duration, formats: [format], scale: scale)
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
        if recorder.isRecording { recorder.stop(app: app, reason: "the next recording began at once") }
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
    package var recordingDump: RecordingDump {
        RecordingDump(
            state: recorder.dumpState, frames: recorder.frameCount,
            last: recorder.lastResult.map {
                RecordingDump.Made(
                    folder: $0.folder, files: $0.files, frames: $0.frames, gifFrames: $0.gifFrames,
                    seconds: NumberText.rounded($0.seconds), scale: $0.scale)
            })
    }

    public var isRecording: Bool { recorder.isRecording }

    func scrubberMoved(_ phase: ScrubberView.Phase, _ progress: Double) {
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
    package func inputsDelivered() {
        let running = app.runningTransition
        app.keepsFinishedAnimations = running != nil
        guard let running else { return }
        let span = running.timeline
        let sameTransition = lastTransition?.serial == running.serial
        if !sameTransition || lastTransition?.span != span {
            lastTransition = TransitionRecord(
                serial: running.serial, name: running.animatorName, span: span,
                curves: sameTransition ? lastTransition?.curves ?? [] : [],
                began: sameTransition ? lastTransition?.began ?? clock.now : clock.now)
        }
    }

    /// Seconds into the transition the scene shows now: a replay's own time (P, L, B, a held
    /// scrub), else the last transition's since it began, on past its end; nil before any.
    package var shownMoment: Double? {
        if let playback { return playback.position.elapsed }
        guard let span = lastTransition?.span else { return nil }
        return max(0, clock.now - span.start)
    }

    /// After the tick, before layout: the overlays show this frame's state.
    package func animationsTicked() {
        // Films are pictures of the scene at its size: after a resize they would leave part of
        // the scene bare (the monkey's frame check found a replay 852 pt wide in a 1280 pt
        // scene), so they are let go, a replay under way stops, and a film being made starts
        // again at the new size (one begun before it, kept whole, played as B's "before" with
        // its first frames a third of the scene: seed 20261129 with --lab --frames).
        if app.sceneFrame.size != filmsSize {
            filmsSize = app.sceneFrame.size
            latestFilms = [:]
            filmsBefore = [:]
            lastFilm = nil
            playback = nil
            filming = nil
        }
        // A transition that ended in this tick leaves its film now, so the timeline shows it in
        // this very frame (it hid for the one frame between the two and flickered).
        if app.runningTransition == nil, filming != nil {
            finishFilm()
            // The frame of this tick shows the transition landed: the film ends on it.
            landingFrameDue = lastFilm != nil
        }
        frameTimes.append(app.clock.now)
        if let first = frameTimes.first, app.clock.now - first > 1.0 { frameTimes.removeFirst() }
        if var record = lastTransition, record.serial == app.runningTransition?.serial {
            let curves = app.animationRecords(addedSince: record.began - 1e-9)
            if curves.count >= record.curves.count {
                record.curves = curves
                lastTransition = record
            }
        }
        refreshOverlays()
    }

    /// The host's messages without holding the host: the recorder keeps its report for ffmpeg's
    /// completion, and the host owns the lab that owns the recorder.
    var weakReport: @MainActor (String) -> Void {
        { [weak app] message in app?.announce(message) }
    }

    var weakProblem: @MainActor (String) -> Void {
        { [weak app] message in app?.reportProblem(message) }
    }

    // MARK: Films: the last transition again

    /// The transitions as drawn: the one being filmed, the last one finished, and the one before
    /// it with other tuned values (for B).
    var filming: (serial: Int, film: TransitionFilm)?
    /// A transition ended in this frame's tick: its film takes this frame, where it has landed
    /// (without it a 0.6 s transition's film stopped at 0.58 s, a frame short of its end).
    var landingFrameDue = false
    package var lastFilm: TransitionFilm?
    /// The latest film of each kind, and the one before it made with other tuned values.
    var latestFilms: [String: TransitionFilm] = [:]
    var filmsBefore: [String: TransitionFilm] = [:]
    var filmsScene = ""
    package var playback: FilmPlayback?
    /// The scene's size the films were made at.
    var filmsSize = Size.zero

    /// The animation clock's time when the replay last showed a frame: it moves on by as much.
    var lastPlaybackTime: Double?

    // MARK: Moments kept: films and recordings

    /// The moments frames are kept at while a transition is filmed or a recording runs.
    var grid: SampleGrid?

}
