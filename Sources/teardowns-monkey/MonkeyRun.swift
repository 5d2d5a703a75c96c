import Foundation
import Graphics
import Harness
import Motion
import Platform
import PlatformSDL
import Scenes
import Tools

/// What the monkey found: when, which rule broke (the kind, to compare while shrinking), and how.
struct MonkeyFailure: Equatable {
    var time: Double
    var rule: String
    var detail: String
}

/// Replays one script headless on a shared SDL backend and checks the app's invariants after every
/// frame. The same script always gives the same result, so a failure can be shrunk by replaying.
@MainActor
final class MonkeyRun {
    static let maximumTextures = 4000

    /// Everything must rest this long after the last input.
    let settleWithin: Double

    let backend: SDLBackend
    let capturesFolder: String
    /// Draw one frame in this many: the checks read the tree every frame; drawing is what costs.
    let drawEvery: Int

    /// Every drawn frame is also drawn as the reference and compared (`--render-check`).
    let renderCheck: Bool

    /// Every frame is drawn and checked against its neighbours (`--frames`, `FrameContinuity`).
    let checksFrames: Bool

    init(
        backend: SDLBackend, capturesFolder: String, drawEvery: Int, settleWithin: Double, renderCheck: Bool = false,
        checksFrames: Bool = false
    ) {
        self.renderCheck = renderCheck
        self.checksFrames = checksFrames
        self.settleWithin = settleWithin
        self.backend = backend
        self.capturesFolder = capturesFolder
        self.drawEvery = max(1, drawEvery)
    }

    func run(_ script: InputScript) -> (failure: MonkeyFailure?, frames: Int) {
        let size = script.size ?? Size(width: 390, height: 844)
        backend.resize(to: size)
        let clock = ManualClock()
        let checker = renderCheck ? RenderCheckingBackend(backend) : nil
        let host = AppHost(
            backend: SampledDrawingBackend(checker ?? backend, drawEvery: checksFrames ? 1 : drawEvery), clock: clock,
            scene: script.scene ?? .gallery,
            captures: CaptureStore(directory: capturesFolder) { "monkey" })
        host.report = { _ in }
        // R thousands of times: frames only, no GIF or MP4 to encode.
        host.lab.encodesRecordings = false
        var lastInput = 0.0
        if checksFrames { host.clearColor = Self.bareColour }
        var frameCheck = FrameContinuity(background: checksFrames ? Self.bareColour : .black)
        /// Seconds the animation clock ran (not paused) since the last input: the settle rule's
        /// time, so a pause that lasted does not count against motion that waits on it.
        var runningSinceInput = 0.0
        var checkedFrames = 0
        var inputFrames: Set<Int> = []
        var failure: MonkeyFailure?
        var frameCount = 0
        var recentFrames: [PixelImage] = []
        var runner = ReplayRunner()
        runner.settleLimit = max(settleWithin, Self.tunedSettleWithin) + 1
        let frames = runner.run(Timeline(script: script, windowSize: size), host: host, clock: clock) {
            _, time, hadInput in
            frameCount += 1
            mostTextures = max(mostTextures, backend.liveTextureCount)
            if hadInput {
                lastInput = time
                runningSinceInput = 0
            } else if !host.lab.clock.isPaused {
                runningSinceInput += Timeline.frameDuration
            }
            let settleLimit = Self.settleLimit(settleWithin, tuning: host.tuning)
            var continuity: FrameContinuity.Finding?
            if checksFrames, let pixels = backend.readPixels() {
                checkedFrames += 1
                if hadInput { inputFrames.insert(checkedFrames) }
                // Input on a frame and on the one after it (a press held one frame: a stray down
                // ends the press before it) shows that frame's press for one frame, as UIKit
                // would: faithful to the input, not a flash.
                recentFrames.append(pixels)
                if recentFrames.count > 3 { recentFrames.removeFirst() }
                let tunedMotion = Self.runsTunedMotion(host)
                continuity = frameCheck.add(pixels).first {
                    !($0.kind == .flash
                        && (tunedMotion || (inputFrames.contains($0.frame) && inputFrames.contains($0.frame + 1))))
                }
                if continuity != nil { lastFrameTrio = recentFrames }
                inputFrames = inputFrames.filter { $0 >= checkedFrames - 2 }
            }
            if let finding = continuity {
                // The kind too: shrinking keeps to the same problem (a flash is not a hole).
                failure = MonkeyFailure(time: time, rule: "frames: \(finding.kind.rawValue)", detail: "\(finding)")
            } else if let mismatch = checker?.mismatches.first {
                failure = MonkeyFailure(time: time, rule: "render", detail: "render check: \(mismatch.description)")
            } else if let problem = AppInvariants.violations(of: host).first {
                failure = MonkeyFailure(time: time, rule: Self.rule(of: problem), detail: problem)
            } else if backend.liveTextureCount > Self.maximumTextures {
                failure = MonkeyFailure(
                    time: time, rule: "textures", detail: "\(backend.liveTextureCount) textures are alive")
            } else if let resident = Self.residentMegabytes(every: frameCount), resident > Self.maximumMegabytes {
                failure = MonkeyFailure(
                    time: time, rule: "memory", detail: "\(resident) MB resident (at most \(Self.maximumMegabytes))")
            } else if !host.lab.clock.isPaused, runningSinceInput > settleLimit * host.lab.clock.slowdown,
                host.isAnimating || host.isTransitioning
            {
                let what = host.isTransitioning ? "transitioning" : "animating"
                failure = MonkeyFailure(
                    time: time, rule: "settle",
                    detail: "still \(what) \(settleLimit) s after the last input (at \(lastInput) s)")
            }
            return failure == nil
        }
        backend.waitForPendingWrites()
        return (failure, frames)
    }

    /// The frames around the last frame-check failure (before, the odd one, after), to look at.
    private(set) var lastFrameTrio: [PixelImage] = []

    /// The clear colour while frames are checked: one no view of the app draws.
    static let bareColour = Color(hex: 0x01FE03)

    /// The most textures alive at once over every run so far (reported at the end).
    private(set) var mostTextures = 0

    /// A run's memory must stay well under this (a phone-sized app uses about 100 MB).
    static let maximumMegabytes = 1024

    /// The resident memory now, read every 600th frame (nil between): /proc/self/status VmRSS.
    static func residentMegabytes(every frame: Int) -> Int? {
        guard frame % 600 == 0 else { return nil }
        return memoryMegabytes(field: "VmRSS")
    }

    /// A field of /proc/self/status in MB (VmRSS now, VmHWM the peak); nil where there is none.
    static func memoryMegabytes(field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes / 1024
    }

    /// The monkey drags the tuning panel's sliders too, and a tuned constant may make motion
    /// legitimately long (a 3 s transition, a spring damped at 0.1, a deceleration of 0.9995/ms
    /// that glides for seconds): once anything is tuned, motion must still end, but within this.
    static let tunedSettleWithin = 20.0

    /// A spring tuned far from its seed may swing faster than frames can show (ζ 0.1 over a
    /// second is 11 Hz: a panel crosses the scene between two frames), so while tuned motion
    /// runs a view shown in one frame only is the spring's, not a flash — and so while the lab
    /// replays a film (P, L, B) made with tuned values (seed 20261130: a room opening at ζ 0.1
    /// looped with L, the panel twice its size for one frame).
    static func runsTunedMotion(_ host: AppHost) -> Bool {
        if (host.isTransitioning || host.isAnimating) && host.tuning.parameters.contains(where: host.tuning.isChanged) {
            return true
        }
        return host.lab.replaysTunedMotion(defaults: host.tuning.parameters)
    }

    static func settleLimit(_ settleWithin: Double, tuning: Tuning) -> Double {
        tuning.parameters.contains(where: tuning.isChanged) ? max(settleWithin, tunedSettleWithin) : settleWithin
    }

    /// The rule a violation breaks, to keep shrinking on the same problem.
    static func rule(of problem: String) -> String {
        for rule in ["not finite", "alpha", "on screen twice", "presented by", "reports the scene", "views"]
        where problem.contains(rule) {
            return rule
        }
        return "other"
    }
}
