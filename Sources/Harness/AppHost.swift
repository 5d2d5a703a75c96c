import Controllers
import Foundation
import Graphics
import Motion
import Platform
import Scenes
import Tools
import Views

/// Runs the app inside a backend: owns the window's tree, and each frame delivers input, lays out,
/// flattens the tree to a display list, draws, and serves captures and dumps of that same frame.
@MainActor
public final class AppHost {
    public let window: Window
    /// What the window shows: the app (gallery and scenes), or whatever a test or benchmark needs.
    public let rootViewController: ViewController
    /// The app's navigation stack, when the root is the app.
    public var app: AppController? { rootViewController as? AppController }
    /// Root, modal layers and status bar.
    public let windowHost: WindowHost
    public let backend: any Backend
    public let clock: any Clock
    public let captures: CaptureStore
    /// Every animation and simulation runs on this, against the motion lab's clock (`clock`
    /// slowed, paused or sent back by the lab).
    public let animator: Animator
    /// What the animator started, for the lab's curves and the inspector's list.
    let animationLog = AnimationLog()
    /// Slow motion, pause and step, scrubbing, curves, HUD and recording. The tools see the app
    /// only as an `ObservedApp`.
    public private(set) lazy var lab = MotionLab(app: self, tools: tools, clock: motionClock)
    /// The tuning panel, its files and the `tune` script event.
    public private(set) lazy var liveTuning = LiveTuning(app: self, tools: tools)
    /// The animation clock: the app's clock slowed, paused or sent back by the lab.
    let motionClock: MotionClock
    /// Every effect's tunable constants (the window's).
    public var tuning: Tuning { window.tunables }
    /// Set when the user or a script asked to quit.
    public internal(set) var wantsToQuit = false
    /// Set when a capture or dump could not be written, so a headless run can exit non-zero.
    public internal(set) var hadWriteFailure = false
    /// Set when a script's event named something the app does not show (an `inspect` selecting an
    /// id no view has), so a headless run can exit 2.
    public internal(set) var hadScriptProblem = false
    var busyCaptures = 0
    /// Captures handed to the PNG writer so far: a replay that saw one taken waits for it, so
    /// its toast shows in the next frame (headless, completions only arrive when asked for).
    public internal(set) var capturesTaken = 0
    var lastBusyReport = -Double.infinity
    /// What shows where the scene draws nothing: black, as a phone's screen. The monkey's frame
    /// check uses a colour no view draws, so a black page (a dimming view at full strength, a
    /// dark slab in the inspector) is never taken for a part of the window left bare.
    public var clearColor: Color = .black
    /// Whether slow work for the tools (reading a reference video) runs off the frame loop: in a
    /// window, so it keeps drawing; headless runs do it at once, so every replay is the same.
    public var loadsInBackground = false
    /// Frames run since the app started, this one included (the tools read it).
    public private(set) var frameNumber = 0
    /// The display list of the last frame, for tests.
    public private(set) var lastDisplayList = DisplayList()

    /// The steps of a frame, reported to `frameObserver` as each one ends (benchmarks time them;
    /// core code never reads the wall clock itself).
    public enum FramePhase: Sendable {
        case start, inputDelivered, animated, laidOut, displayListBuilt, drawn, presented
    }

    public var frameObserver: (@MainActor (FramePhase) -> Void)?

    /// Where the lines that tell a user a file was saved go (stdout; the monkey keeps them quiet).
    public var report: @MainActor (String) -> Void = { FileOutput.standardOutput.write($0 + "\n") }
    /// Asked between captures of one frame: true once the run should end (a signal), so a
    /// thousand queued captures do not hold a Ctrl-C back; the rest are not taken.
    public var shouldStop: @MainActor () -> Bool = { false }

    var pendingCaptures: [String] = []
    var pendingDumps: [String] = []

    /// The app, opening `scene` (the gallery, or a scene pushed on it).
    public convenience init(backend: any Backend, clock: any Clock, scene: SceneID, captures: CaptureStore) {
        self.init(
            backend: backend, clock: clock, rootViewController: AppController(initialScene: scene), captures: captures)
    }

    /// Any root controller in the window (tests and benchmarks start from what they need).
    public init(backend: any Backend, clock: any Clock, rootViewController: ViewController, captures: CaptureStore) {
        self.backend = backend
        self.clock = clock
        self.captures = captures
        motionClock = MotionClock(base: clock)
        animator = Animator(clock: motionClock, inputClock: motionClock.base)
        animator.observer = animationLog
        window = Window(size: backend.pointSize, animator: animator, metrics: backend.metrics)
        self.rootViewController = rootViewController
        windowHost = WindowHost(window: window, rootViewController: rootViewController)
        window.tunables.register(SceneTuning.all)
        tools = ToolsLayer(size: backend.pointSize, metrics: backend.metrics, clock: clock)
        tools.sceneReadables = { [weak window] in window.map { SceneReadables(in: $0) } }
        // Every tool made now, in `plugins`' order, which is the dock's.
        _ = plugins
        lab.measuredMotions = { [unowned self] in referenceTool.measuredMotions }
        tools.layOut(windowSize: backend.pointSize, sceneSize: backend.pointSize, placement: .closed)
        windowHost.keyFilter = { [weak self] key in self?.handle(key) ?? false }
        // Every problem said on the terminal is also shown in the window for a moment.
        let say = backend.diagnostics.sink
        backend.diagnostics.sink = { [weak self] line in
            say(line)
            guard let self else { return }
            tools.showToast(line, isError: true, at: clock.now)
        }
    }

    /// Toasts and the keys' hint, drawn over the scene after its captures.
    let tools: ToolsLayer
    /// The teardown inspector (I): the tree exploded in depth, live.
    private(set) lazy var inspectorTool = InspectorTool(app: self, tools: tools, clock: motionClock)
    var inspector: Inspector { inspectorTool.inspector }
    /// Every tool, in the order their panels stack in the dock (tuning first, then the lab's
    /// timeline, curves, HUD and keys, then the inspector's), each frame's hooks run, and a key
    /// nobody owns is offered to them. A new tool is one more line here.
    private(set) lazy var plugins: [any Tool] = [
        liveTuning, lab, CodeExportTool(app: self), inspectorTool, CaptureTool(app: self), referenceTool,
        ReduceMotionTool(app: self),
    ]
    /// The reference video (`--reference`, a dropped file, U): the real app beside the recreation.
    package private(set) lazy var referenceTool = ReferenceTool(
        app: self, tools: tools, moment: { [unowned self] in lab.shownMoment })
    var hintedScene: String?
    /// Fingers on a touch screen, turned into the pointer the gestures follow.
    let touchPointer = TouchPointer()
    /// Shift+F12 captures of the whole window this frame, tools included.
    var pendingWindowCaptures: [String] = []

    /// One frame at the clock's current time: `inputs` first, then layout, drawing, then the
    /// captures and dumps requested for this frame, then present.
    public func runFrame(
        inputs: [InputEvent], toolCommands: [ToolCommand] = [], captureFiles: [String] = [],
        windowCaptureFiles: [String] = [], dumpFiles: [String] = []
    ) {
        frameObserver?(.start)
        frameNumber += 1
        // One moment for the whole frame, however long it takes to draw.
        motionClock.beginFrame()
        defer { motionClock.endFrame() }
        catchUpMissedMoments()
        deliverInOrder(inputs)
        for tool in plugins { tool.inputsDelivered() }
        perform(toolCommands)
        if tools.wantsDock != (tools.placement != .closed) { arrange(scene: window.bounds.size, widening: true) }
        frameObserver?(.inputDelivered)
        animator.tick()
        animationLog.forgetFinished(at: animator.clock.now, retaining: animator.retainsFinishedAnimations)
        // The tools' own motion (the dock's deceleration and bounce, button fades).
        tools.window.animator.tick()
        for tool in plugins { tool.animationsTicked() }
        frameObserver?(.animated)
        window.layoutIfNeeded()
        frameObserver?(.laidOut)
        lastDisplayList = DisplayListBuilder().build(window, clearColor: clearColor)
        frameObserver?(.displayListBuilt)
        let shown = sceneShown()
        backend.draw(shown)
        frameObserver?(.drawn)
        // The tools are laid out now, so a dump of this frame says where they are.
        if sceneName != hintedScene {
            hintedScene = sceneName
            if app?.currentScene != .gallery { tools.showHint(at: clock.now) }
        }
        tools.update(now: clock.now)
        takeCapturesAndDumps(captureFiles: captureFiles, dumpFiles: dumpFiles)
        for tool in plugins { tool.frameDrawn(shown: shown) }
        // The tools go over the scene only now: the captures above and the recording are of the
        // scene alone; a Shift+F12 capture is of the window as it is shown.
        let capturesWindow = !pendingWindowCaptures.isEmpty || !windowCaptureFiles.isEmpty
        backend.drawOverlay(capturesWindow ? tools.displayListWithoutToast : tools.displayList)
        for file in pendingWindowCaptures where !shouldStop() {
            capture(to: file, remedy: Self.capturesRemedy, wholeWindow: true)
        }
        pendingWindowCaptures = []
        for file in windowCaptureFiles where !shouldStop() {
            capture(to: file, remedy: "Give the script's \"capture\" event a writable path.", wholeWindow: true)
        }
        if capturesWindow { backend.drawOverlay(tools.toastDisplayList) }
        backend.present()
        frameObserver?(.presented)
    }

    /// What the scene's area shows this frame: the first tool's replacement (a transition played
    /// again by the lab, the inspector's tree exploded or outlined), else the live scene.
    func sceneShown() -> DisplayList {
        // Asked once each, in order (a replacement moves a replay on: a lazy `first` asked twice).
        var replacement: DisplayList?
        for tool in plugins where replacement == nil { replacement = tool.sceneReplacement(for: lastDisplayList) }
        var shown = replacement ?? lastDisplayList
        // Drawn in the scene's area: the dock beside it is the tools' (and what covers the
        // scene covers everything the list shows).
        shown.viewport = Rect(origin: .zero, size: window.bounds.size)
        return shown
    }

    /// The moments of the lab's grid a late frame skipped (a window that drew at 20 fps, say),
    /// each evaluated at its own animation time — the animations ticked, the tree laid out and
    /// flattened — for the transition's film and a recording, before this frame's input. The
    /// window shows only the frame of now; what the lab keeps is every sixtieth of a second.
    func catchUpMissedMoments() {
        for (moment, time) in lab.missedMoments() {
            motionClock.evaluate(at: time) {
                animator.tick()
                window.layoutIfNeeded()
                lastDisplayList = DisplayListBuilder().build(window, clearColor: clearColor)
                lab.keep(shown: sceneShown(), moment: moment, at: time)
            }
        }
    }

    /// True from a press on the tools until it lifts: the whole sequence is theirs.
    var pointerIsTools = false
    /// Where a dock that lies over the scene sits: the side away from the last touch.
    var dockAtLeft = false

    /// The tools' own keys (captures' F11 and F12 among them); the tuning panel's arrows and
    /// Escape while a slider has them, the inspector's arrows, O and X while it is on; else the
    /// scene's.
    func handle(_ key: Key) -> Bool { plugins.route(key) }

    /// Adds a tool after those the app is made with (a test's, an embedding app's own).
    package func register(_ tool: any Tool) { plugins.append(tool) }

    public func requestQuit() {
        wantsToQuit = true
    }

}
