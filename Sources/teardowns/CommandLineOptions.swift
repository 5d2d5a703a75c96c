import ArgumentParser
import Graphics
import Harness
import PlatformSDL
import Rendering
import Scenes
import Tools

/// The command line. Flag names and meanings are a contract (docs/SCRIPTING.md, "Command line"): extend, never rename.
struct CommandLineOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "teardowns",
        abstract: "Five iOS interaction designs in an SDL window.",
        discussion:
            "Keys: F12 capture PNG (Shift+F12: the window) · F11 tree dump · Esc back · arrows move · Enter open · "
            + "S slow motion · Space pause · . step · G curves · H HUD · R record · T tuning · "
            + "P/L/B replay, loop, before/after · U reference video over the scene · ? all keys · Ctrl+Q quit. "
            + "The tools open in a dock beside the scene.")

    static let sceneNames = SceneID.allCases.map(\.rawValue).joined(separator: "|")

    @Option(help: ArgumentHelp("Scene to open: \(sceneNames).", valueName: "scene"))
    var scene: SceneID?

    /// Unconditional, so a value that starts with a dash (`-5x10`) is judged as a size, not taken
    /// for a missing value.
    @Option(
        parsing: .unconditional, help: ArgumentHelp("Window size in points, e.g. 390x844.", valueName: "WxH"),
        transform: { try InputLimits.windowSize($0, flag: "--size") })
    var size: Size?

    /// Unconditional, so `--scale -2` is judged as a number, not taken for a missing value.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Device pixels per point (1–4), to test HiDPI on X11.", valueName: "N"),
        transform: { try DecimalArgument.parse($0, flag: "--scale", rule: "a number from 1 to 4") })
    var scale: Double = 1

    @Option(
        help: ArgumentHelp(
            "Folder for F12 captures, F11 dumps, recordings (R), saved tunings and code (C).", valueName: "DIR"))
    var captures: String = "captures"

    @Flag(help: "Run without a window: SDL's software renderer on a virtual 60 Hz clock.")
    var headless = false

    @Option(help: ArgumentHelp("Input script (JSON) to replay.", valueName: "FILE"))
    var script: String?

    @Option(help: ArgumentHelp("Write the tree dump (JSON) here on exit.", valueName: "FILE"))
    var dump: String?

    @Option(help: ArgumentHelp("Folder of image assets (default: the project's Assets/).", valueName: "DIR"))
    var assets: String?

    @Flag(help: "Print SDL's versions, the renderer and the fonts in use.")
    var verbose = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Run animations N times slower (1–100), as the Simulator's slow animations.", valueName: "N"),
        transform: { try DecimalArgument.parse($0, flag: "--slow", rule: InputLimits.slowdownRule) })
    var slow: Double = 1

    @Option(
        help: ArgumentHelp("Start with the tuned values saved in FILE (the tuning panel's Save).", valueName: "FILE"))
    var tune: String?

    @Option(
        name: .customLong("tune-out"),
        help: ArgumentHelp("Write the tuned values as JSON to FILE on exit.", valueName: "FILE"))
    var tuneOut: String?

    @Flag(
        name: .customLong("reduce-motion"),
        help: "Start with Reduce Motion on (M toggles it): transitions cross-fade instead of zooming and sliding.")
    var reduceMotion = false

    @Flag(
        name: .customLong("keep-frames"),
        help: "Keep a recording's numbered PNG frames beside its GIF and MP4.")
    var keepFrames = false

    /// Unconditional, so `--record-scale -2` is judged as a number, not taken for a missing value.
    @Option(
        name: .customLong("record-scale"), parsing: .unconditional,
        help: ArgumentHelp(
            "Draw R's recordings at N pixels per point (1–4; 3 is a phone's own density). Default: the window's.",
            valueName: "N"),
        transform: { try DecimalArgument.parse($0, flag: "--record-scale", rule: "a number from 1 to 4") })
    var recordScale: Double?

    @Option(
        name: .customLong("export-code"),
        help: ArgumentHelp(
            "Write the effect of --scene (every scene's without it) as code into DIR, with the values of "
                + "--tune: teardowns-<scene>-code.swift (UIKit, SwiftUI) and .kt (Compose); then exit.",
            valueName: "DIR"))
    var exportCode: String?

    @Option(
        help: ArgumentHelp(
            "Show the screen recording FILE (MP4, MOV, WebM, GIF or a folder of PNGs) of the real app beside the "
                + "scene, at the moment of its transitions (U: over the scene too).", valueName: "FILE"))
    var reference: String?

    @Option(
        help: ArgumentHelp(
            "Follow --track through the screen recording FILE, fit its motion with a spring and a Bézier curve, "
                + "print the JSON and exit.", valueName: "FILE"))
    var fit: String?

    /// Unconditional, as the others of --fit: a value that starts with a dash ("-5,0,10,10") is
    /// judged as a box (and said wrong in one line), not taken for a missing value.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --fit: the element's box at --at, in the video's own pixels (its top-left corner and size).",
            valueName: "X,Y,W,H"))
    var track: String?

    @Option(
        name: .customLong("at"), parsing: .unconditional,
        help: ArgumentHelp(
            "With --fit: the moment (seconds into the video) the box is drawn at. Default: 0.",
            valueName: "SECONDS"))
    var fitAt: Double?

    @Option(
        name: .customLong("until"), parsing: .unconditional,
        help: ArgumentHelp(
            "With --fit: follow the element until this moment (seconds). Default: the video's end.",
            valueName: "SECONDS"))
    var fitUntil: Double?

    @Option(
        name: .customLong("start"), parsing: .unconditional,
        help: ArgumentHelp(
            "With --fit: when the motion began (seconds into the video), if known — the fits start there, and "
                + "the box may be drawn once the element shows, later. Default: found from the track.",
            valueName: "SECONDS"))
    var fitStart: Double?

    @Option(
        help: ArgumentHelp(
            "How frames are drawn: pipeline (every optimisation) or reference (none: the plainest correct "
                + "drawing). Default: $TEARDOWNS_RENDER, else pipeline.", valueName: "pipeline|reference"))
    var render: RenderMode?

    @Option(
        help: ArgumentHelp(
            "Which renderer draws the window: auto (the GPU; SDL's software renderer, large frames in bands on "
                + "every core, where OpenGL is itself a software rasterizer), gpu or software. Default: $TEARDOWNS_RENDERER, "
                + "else auto.", valueName: "auto|gpu|software"))
    var renderer: RendererChoice?

    @Flag(
        name: .customLong("render-check"),
        help:
            "Draw every frame both ways and compare; on a frame that differs, say where and which optimisation, exit 1."
    )
    var renderCheck = false

    mutating func validate() throws {
        if renderCheck && !headless {
            throw ValidationError("--render-check draws every frame twice and reads it back: run it with --headless.")
        }
        if let recordScale, !(recordScale.isFinite && InputLimits.recordingScale.contains(recordScale)) {
            throw ValidationError(
                "--record-scale must be a number from 1 to 4, not \(DecimalArgument.text(recordScale)).")
        }
        guard scale.isFinite, (1...4).contains(scale) else {
            throw ValidationError("--scale must be a number from 1 to 4, not \(DecimalArgument.text(scale)).")
        }
        guard slow.isFinite, InputLimits.slowdown.contains(slow) else {
            throw ValidationError("--slow must be \(InputLimits.slowdownRule), not \(DecimalArgument.text(slow)).")
        }
    }
}

extension SceneID: ExpressibleByArgument {}

extension RendererChoice: ExpressibleByArgument {}

/// `--render`: the renderer's optimisations on (the pipeline) or all off (the reference).
enum RenderMode: String, ExpressibleByArgument, CaseIterable {
    case pipeline, reference

    var options: RenderOptions { self == .pipeline ? .all : .reference }
}

/// A number typed on the command line, read as people write numbers: decimal digits with an
/// optional sign, point and exponent. Swift's `Double("0x10")` is 16 and `Double("nan")` is NaN;
/// neither is what someone typing `--slow 0x10` meant, so both are refused with the rule.
enum DecimalArgument {
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    /// `value` as it was most likely typed: -1, not -1.0.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func parse(_ text: String, flag: String, rule: String) throws -> Double {
        let pattern = /[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?/
        guard (try? pattern.wholeMatch(in: text)) != nil, let value = Double(text), value.isFinite else {
            throw Invalid(description: "\(flag) must be \(rule), not '\(MessageText.quoted(text, limit: 40))'.")
        }
        return value
    }
}
