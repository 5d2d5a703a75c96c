import Graphics
import PlatformSDL
import Scenes
import Testing

@testable import Harness
@testable import Tools

/// Every frame against its neighbours: no flash (one frame unlike the frames around it) and no
/// hole (the bare background where the frames around it show the scene), through each scene's
/// open and close and its gestures let go short, at a phone's size and at 1280 × 800, and with the
/// window resized while each transition runs (`tools/test` also runs a monkey with `--frames`).
@MainActor
@Suite struct FrameContinuityTests {
    /// A 64 × 64 frame of grey with, optionally, a square of `colour` at `at`.
    func frame(square colour: (UInt8, UInt8, UInt8)? = nil, at origin: (Int, Int) = (16, 16), size: Int = 32)
        -> PixelImage
    {
        var rgba = [UInt8](repeating: 0, count: 64 * 64 * 4)
        for y in 0..<64 {
            for x in 0..<64 {
                let i = (y * 64 + x) * 4
                var c: (UInt8, UInt8, UInt8) = (128, 128, 128)
                if let colour, (origin.0..<origin.0 + size).contains(x), (origin.1..<origin.1 + size).contains(y) {
                    c = colour
                }
                (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]) = (c.0, c.1, c.2, 255)
            }
        }
        return PixelImage(width: 64, height: 64, rgba: rgba)
    }

    @Test func aSquareShownForOneFrameIsAFlash() {
        var check = FrameContinuity()
        #expect(check.add(frame()).isEmpty)
        #expect(check.add(frame(square: (255, 255, 255))).isEmpty)
        let findings = check.add(frame())
        #expect(findings.map(\.kind) == [.flash])
        #expect(findings.first?.frame == 2)
        #expect(findings.first?.region == Rect(x: 16, y: 16, width: 32, height: 32))
    }

    @Test func theBareBackgroundForOneFrameIsAHole() {
        var check = FrameContinuity(background: .black)
        _ = check.add(frame())
        _ = check.add(frame(square: (0, 0, 0)))
        #expect(check.add(frame()).map(\.kind) == [.hole])
    }

    @Test func somethingMovingOrChangingForGoodIsNeither() {
        var check = FrameContinuity()
        var findings: [FrameContinuity.Finding] = []
        for step in 0..<12 { findings += check.add(frame(square: (255, 255, 255), at: (step * 2, 16))) }
        findings += check.add(frame(square: (20, 90, 200), at: (22, 16)))
        findings += check.add(frame(square: (20, 90, 200), at: (22, 16)))
        #expect(findings.isEmpty)
    }

    /// A few lines of "text" (dark bars of different lengths on white, far enough apart that
    /// moving them 14 px does not land one near another), `offset` pixels down, in 128 × 128.
    func lines(offset: Int) -> PixelImage {
        var rgba = [UInt8](repeating: 255, count: 128 * 128 * 4)
        let bars = [(top: 8, end: 100), (top: 40, end: 120), (top: 72, end: 60), (top: 104, end: 90)]
        for bar in bars {
            for y in (bar.top + offset)..<min(bar.top + offset + 4, 128) {
                for x in 8..<bar.end {
                    let i = (y * 128 + x) * 4
                    (rgba[i], rgba[i + 1], rgba[i + 2]) = (30, 30, 30)
                }
            }
        }
        return PixelImage(width: 128, height: 128, rgba: rgba)
    }

    /// A rubber band turning at its furthest point: the frames either side of the peak are the
    /// same and the peak is the content 14 px further down, not a flash (a monkey found it).
    @Test func contentAtTheTurnOfABounceIsNotAFlash() {
        var check = FrameContinuity()
        var findings: [FrameContinuity.Finding] = []
        for offset in [0, 2, 4, 18, 4, 2, 0] { findings += check.add(lines(offset: offset)) }
        #expect(findings.isEmpty, "\(findings)")
    }

    /// Frames the monkey drew (seed 20261124), each set motion, not a flash:
    /// - list-under-bar: a room page at 1280×160 scrolled by the wheel under the translucent key
    ///   list; its rows moved about a row over two frames, so the frames either side look alike,
    ///   and part of the middle one slid in from under the bar;
    /// - room-spring-peak: a room's sheet at its spring's peak (2 px up for one frame) while the
    ///   curve graph's time line steps on across the panel.
    @Test(arguments: ["list-under-bar", "room-spring-peak"])
    func framesTheMonkeyDrewAreMotion(_ name: String) throws {
        var check = FrameContinuity(background: .black)
        var findings: [FrameContinuity.Finding] = []
        for frame in ["before", "odd", "after"] {
            let path = HeadlessApp.goldensFolder + "/frames/\(name)-\(frame).png"
            findings += check.add(try #require(SDLBackend.loadPNG(path: path)))
        }
        #expect(findings.isEmpty, "\(name): \(findings)")
    }

    /// The same lines under a dimming layer that lifts for one frame (an overlay's alpha jumping):
    /// no displacement explains it, so it is still a flash.
    @Test func aDimmedPageLitForOneFrameIsStillAFlash() {
        func dimmed(_ image: PixelImage) -> PixelImage {
            PixelImage(
                width: image.width, height: image.height,
                rgba: image.rgba.enumerated().map { $0.offset % 4 == 3 ? 255 : UInt8(Int($0.element) * 2 / 10) })
        }
        var check = FrameContinuity()
        var findings: [FrameContinuity.Finding] = []
        for lit in [false, false, true, false, false] {
            findings += check.add(lit ? lines(offset: 0) : dimmed(lines(offset: 0)))
        }
        #expect(findings.map(\.kind) == [.flash])
    }

    /// Black specks of the picture itself (a night photo) scattered over a frame that jumped
    /// for one frame with the pointer are not a hole; a black block is.
    @Test func scatteredBlackSpecksAreNotAHoleButABlockIs() {
        func specks(_ black: [(Int, Int)], block: Bool = false) -> PixelImage {
            var image = frame(square: (200, 200, 200), at: (0, 0), size: 64)
            for (x, y) in black {
                for py in y..<y + 4 {
                    for px in x..<x + 4 {
                        let i = (py * 64 + px) * 4
                        (image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]) = (0, 0, 0)
                    }
                }
            }
            if block {
                for py in 8..<40 {
                    for px in 8..<40 {
                        let i = (py * 64 + px) * 4
                        (image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]) = (0, 0, 0)
                    }
                }
            }
            return image
        }
        let scattered = (0..<30).map { ($0 % 6 * 12, $0 / 6 * 12) }
        var check = FrameContinuity(background: .black)
        var findings: [FrameContinuity.Finding] = []
        for index in 0..<3 { findings += check.add(index == 1 ? specks(scattered) : specks([])) }
        #expect(findings.filter { $0.kind == .hole }.isEmpty, "\(findings)")
        var blockCheck = FrameContinuity(background: .black)
        var blockFindings: [FrameContinuity.Finding] = []
        for index in 0..<3 { blockFindings += blockCheck.add(index == 1 ? specks([], block: true) : specks([])) }
        #expect(blockFindings.map(\.kind) == [.hole])
    }

    /// Each scene's main transition there and back, and its gesture let go short of its threshold.
    nonisolated static let scenarios: [(SceneID, String)] = [
        (.rooms, #"{"at":0.2,"type":"key","key":"enter"},{"at":1.4,"type":"key","key":"escape"}"#),
        (.icons, #"{"at":0.2,"type":"key","key":"enter"},{"at":1.4,"type":"key","key":"escape"}"#),
        (.inbox, #"{"at":0.2,"type":"key","key":"enter"},{"at":1.4,"type":"key","key":"escape"}"#),
        (.modal, #"{"at":0.2,"type":"key","key":"enter"},{"at":1.4,"type":"key","key":"escape"}"#),
        (.settings, #"{"at":0.2,"type":"key","key":"comma"},{"at":1.4,"type":"key","key":"escape"}"#),
        (
            .modal,
            #"{"at":0.2,"type":"key","key":"enter"},{"at":1.3,"type":"drag","from":[195,300],"to":[195,479],"duration":0.5}"#
        ),
        (
            .settings,
            #"{"at":0.2,"type":"key","key":"comma"},{"at":1.3,"type":"drag","from":[150,400],"to":[110,400],"duration":0.5}"#
        ),
        (
            .icons,
            #"{"at":0.2,"type":"key","key":"enter"},{"at":1.3,"type":"drag","from":[5,400],"to":[132,400],"duration":1.0}"#
        ),
    ]

    /// The same at 1280 × 800: the gestures where a wide window puts them (the card dragged a
    /// fifth of the height, the swipe 30 % of the width).
    nonisolated static let wideScenarios: [(SceneID, String)] =
        scenarios.prefix(5).map { $0 } + [
            (
                .modal,
                #"{"at":0.2,"type":"key","key":"enter"},{"at":1.3,"type":"drag","from":[640,300],"to":[640,460],"duration":0.5}"#
            ),
            (
                .settings,
                #"{"at":0.2,"type":"key","key":"comma"},{"at":1.3,"type":"drag","from":[150,400],"to":[110,400],"duration":0.5}"#
            ),
            (
                .icons,
                #"{"at":0.2,"type":"key","key":"enter"},{"at":1.3,"type":"drag","from":[5,400],"to":[384,400],"duration":1.0}"#
            ),
        ]

    @Test(arguments: scenarios)
    func noFlashOrHoleInAnyFrame(scenario: (SceneID, String)) throws {
        let (scene, events) = scenario
        let findings = try Self.findings(scene: scene, events: events, jumps: true)
        #expect(findings.isEmpty, "\(scene): \(findings.prefix(3))")
    }

    @Test(arguments: wideScenarios)
    func noFlashOrHoleInAnyFrameOfAWideWindow(scenario: (SceneID, String)) throws {
        let (scene, events) = scenario
        let findings = try Self.findings(
            scene: scene, events: events, size: Size(width: 1280, height: 800), jumps: true)
        #expect(findings.isEmpty, "\(scene) at 1280×800: \(findings.prefix(3))")
    }

    /// Each scene's transition, opened and closed, with the window resized while each runs (wider
    /// during the open, narrower and taller during the close): nothing may show the bare
    /// background, and each ends where the new layout says, without a jump on its last frame.
    nonisolated static let resizedMidTransition: [(SceneID, String)] = [
        SceneID.rooms, .icons, .inbox, .modal, .settings,
    ]
    .map { scene in
        let key = scene == .settings ? "comma" : "enter"
        return (
            scene,
            #"{"at":0.2,"type":"key","key":"\#(key)"},{"at":0.4,"type":"resize","width":600,"height":800},"#
                + #"{"at":1.4,"type":"key","key":"escape"},{"at":1.55,"type":"resize","width":360,"height":900}"#
        )
    }

    @Test(arguments: resizedMidTransition)
    func aResizeMidTransitionKeepsTheWindowCoveredAndLandsInTheNewLayout(scenario: (SceneID, String)) throws {
        let (scene, events) = scenario
        var open: [String: Any] = [:]
        let findings = try Self.findings(scene: scene, events: events, dumpAt: 1.35, jumps: true) { open = $0 }
        #expect(findings.isEmpty, "\(scene): \(findings.prefix(3))")
        // Opened at 600 × 800: whatever came on screen fills the new window.
        let views = try #require(open["views"] as? [[String: Any]])
        let covering = views.filter { view in
            guard let frame = view["frame"] as? [Double], frame.count == 4 else { return false }
            return frame[0] <= 0 && frame[1] <= 0 && frame[0] + frame[2] >= 600 && frame[1] + frame[3] >= 800
        }
        #expect(covering.count >= 2, "\(scene): nothing but the window fills 600×800 once open")
    }

    /// Runs `events` at a phone's size drawing every frame, and returns what the continuity check
    /// found; `dumped` gets the tree dump taken at `dumpAt`, if any.
    static func findings(
        scene: SceneID, events: String, size: Size = Size(width: 390, height: 844), dumpAt: Double? = nil,
        jumps: Bool = false,
        dumped: ([String: Any]) -> Void = { _ in }
    ) throws -> [String] {
        let app = try HeadlessApp(scene: scene, size: size, drawing: .everyFrame)
        defer { app.finish() }
        var check = FrameContinuity(background: .black)
        check.findsJumps = jumps
        var findings: [String] = []
        var frames = 0
        app.host.frameObserver = { phase in
            guard phase == .drawn, let pixels = app.backend.readPixels() else { return }
            frames += 1
            for finding in check.add(pixels) { findings.append("at \(app.clock.now) s: \(finding)") }
        }
        let dump = dumpAt.map { #",{"at":\#($0),"type":"dump","file":"\#(app.path("dump.json"))"}"# } ?? ""
        try app.replay(#"{"events":[\#(events)\#(dump),{"at":2.9,"type":"quit"}]}"#)
        #expect(frames > 140)
        if dumpAt != nil { dumped(try app.readDump("dump.json")) }
        return findings
    }
}
