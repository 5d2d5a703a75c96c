import Graphics
import Rendering
import Views

@MainActor
package final class HUDView: TextPanelView {
    init() {
        super.init(font: .system(13))
        accessibilityIdentifier = "lab.hud"
    }

    func show(
        frameTimes: [Double], textures: Int, transition: (name: String, progress: Double?)?,
        rendering: RenderOptions = .all, inForce: RenderOptions = .all, renderer: String = "",
        reducesMotion: Bool = false
    ) {
        let intervals = zip(frameTimes.dropFirst(), frameTimes).map { ($0 - $1) * 1000 }.sorted()
        func percentile(_ p: Double) -> Double {
            guard !intervals.isEmpty else { return 0 }
            return intervals[min(Int((Double(intervals.count - 1) * p).rounded()), intervals.count - 1)]
        }
        let fps = intervals.isEmpty ? 0 : 1000 / (intervals.reduce(0, +) / Double(intervals.count))
        var lines: [(String, Bool)] = [
            (String(format: "%.0f fps", fps), true),
            (String(format: "frame p50 %.1f ms · p99 %.1f ms", percentile(0.5), percentile(0.99)), false),
            ("\(textures) textures live", false),
            (Self.renderingLine(rendering), false),
        ]
        if rendering != .reference { lines.append(("in force: " + Self.passesLine(inForce), false)) }
        if !renderer.isEmpty { lines.append(("renderer: \(renderer)", false)) }
        if reducesMotion { lines.append(("Reduce Motion on: transitions cross-fade", false)) }
        if let transition {
            let progress = transition.progress.map { String(format: "%.0f %%", $0 * 100) } ?? "driven by the gesture"
            lines.append(("\(transition.name) · \(progress)", false))
        } else {
            lines.append(("no transition running", false))
        }
        setLines(lines)
    }

    /// The passes drawing now, short: those asked for that pay on this renderer.
    static func passesLine(_ options: RenderOptions) -> String {
        options.names.isEmpty ? "nothing" : options.names.joined(separator: ", ")
    }

    /// Which drawing is asked for: the pipeline (and any pass switched off) or the reference.
    static func renderingLine(_ options: RenderOptions) -> String {
        if options == .reference { return "render: reference (no optimisations)" }
        let off = RenderOptions.all.subtracting(options).names
        return off.isEmpty
            ? "render: pipeline, \(RenderOptions.all.names.count) optimisations"
            : "render: pipeline without \(off.joined(separator: ", "))"
    }
}

/// The keys that work here (?), grouped: this scene's own, the motion tools, files and the app.
/// Keys in a bold column, what they do beside them; each group under a heading.
@MainActor
package final class KeyHelpView: View {
    package typealias Row = (key: String, meaning: String)

    /// What each scene's own keys do (`Esc` everywhere leaves for the gallery).
    static func sceneKeys(_ scene: String) -> [Row] {
        switch scene {
        case "gallery": return [("↑ ↓", "choose a design"), ("Enter", "open it")]
        case "rooms": return [("← →", "page the rooms"), ("Enter", "open the centred room"), ("Esc", "close it, back")]
        case "icons":
            return [("← → ↑ ↓", "choose a circle"), ("Enter", "zoom into it"), ("Esc", "zoom back, back")]
        case "inbox":
            return [
                ("↑ ↓", "choose a message; scroll it"), ("Enter", "open it (again: close)"), ("Esc", "close, back"),
            ]
        case "modal": return [("Enter", "present the card (again: close)"), ("Esc", "close it, back")]
        case "settings":
            return [
                (",", "slide the settings in / out"), ("↑ ↓", "choose a setting"), ("Enter", "toggle it"),
                ("Esc", "close, back"),
            ]
        default: return [("Esc", "back, close")]
        }
    }

    static let motionKeys: [Row] = [
        ("S", "slow motion on/off (10× slower)"), ("Space", "pause / resume all motion"),
        (".", "one frame on, while paused"), ("G", "graph the transition's curves"),
        ("H", "HUD: fps, frame times, textures"), ("R", "record the next transition: MP4 and GIF"),
        ("T", "tune this scene's constants (click a slider: ↑ ↓ ← →)"), ("P", "play the last transition again"),
        ("L", "loop it (L again: stop)"), ("B", "before / after a tuned value (B again: ghost)"),
        ("M", "Reduce Motion: transitions cross-fade (M again: off)"),
    ]

    static let fileKeys: [Row] = [
        ("F12", "capture the scene as a PNG"), ("⇧F12", "capture the window, tools too"),
        ("F11", "dump the view tree"), ("I", "inspector: the tree in 3D, then 2D, then off"),
        ("C", "copy the effect as code (UIKit, SwiftUI, Compose)"),
        ("U", "reference video over the scene: 25–100 %, difference, off"),
        ("[ ]", "the reference's start a frame earlier / later"),
        ("A", "apply the reference's fitted spring"),
        ("?", "show or hide this list"), ("Ctrl+Q", "quit"),
    ]

    /// Every key listed for `scene`, by group.
    static func groups(for scene: String) -> [(title: String, rows: [Row])] {
        [("This scene", sceneKeys(scene)), ("Motion", motionKeys), ("Files and the app", fileKeys)]
    }

    private var lines: [(key: Label, meaning: Label?)] = []
    private let padding = 14.0
    private let keyColumn = 70.0
    private(set) var scene = ""

    init() {
        super.init(frame: .zero)
        accessibilityIdentifier = "lab.help"
        styleAsOverlayPanel(opacity: 0.85, cornerRadius: 12)
        show(scene: "gallery")
    }

    /// Lists the keys that work in `scene`.
    func show(scene: String) {
        guard scene != self.scene else { return }
        self.scene = scene
        for line in lines {
            line.key.removeFromSuperview()
            line.meaning?.removeFromSuperview()
        }
        lines = []
        for group in Self.groups(for: scene) {
            let heading = Label(text: group.title, font: .bold(15), color: .white)
            addSubview(heading)
            lines.append((heading, nil))
            for row in group.rows {
                let key = Label(text: row.key, font: .bold(14), color: .white)
                let meaning = Label(text: row.meaning, font: .system(14), color: Color(white: 0.92))
                // A long meaning wraps under itself rather than being cut with "…".
                meaning.numberOfLines = 0
                addSubview(key)
                addSubview(meaning)
                lines.append((key, meaning))
            }
        }
        setNeedsLayout()
    }

    private var lineHeight: Double { contentMetrics.lineHeight(of: .system(14)) + 3 }

    package override func sizeThatFits(_ size: Size) -> Size {
        let single = Size(width: .greatestFiniteMagnitude, height: size.height)
        let widest = lines.compactMap { $0.meaning?.sizeThatFits(single).width }.max() ?? 0
        let width = min(padding * 2 + keyColumn + widest, size.width)
        return Size(width: width, height: padding * 2 + rowsHeight(width: width))
    }

    /// How many lines `meaning` takes in a panel `width` wide.
    private func lineCount(of meaning: Label, width: Double) -> Int {
        let column = max(width - padding * 2 - keyColumn, 1)
        let height = meaning.sizeThatFits(Size(width: column, height: .greatestFiniteMagnitude)).height
        return max(Int((height / contentMetrics.lineHeight(of: .system(14))).rounded()), 1)
    }

    private func rowsHeight(width: Double) -> Double {
        var height = 0.0
        for (index, line) in lines.enumerated() {
            if let meaning = line.meaning {
                height += Double(lineCount(of: meaning, width: width)) * lineHeight
            } else {
                height += lineHeight + (index > 0 ? 6 : 0)
            }
        }
        return height
    }

    package override func layoutSubviews() {
        var y = padding
        for (index, line) in lines.enumerated() {
            if let meaning = line.meaning {
                let rows = Double(lineCount(of: meaning, width: bounds.width))
                line.key.frame = Rect(x: padding, y: y, width: keyColumn, height: lineHeight)
                meaning.frame = Rect(
                    x: padding + keyColumn, y: y, width: bounds.width - padding * 2 - keyColumn,
                    height: rows * lineHeight)
                y += rows * lineHeight
            } else {
                if index > 0 { y += 6 }
                line.key.frame = Rect(x: padding, y: y, width: bounds.width - padding * 2, height: lineHeight)
                y += lineHeight
            }
        }
    }
}

/// "Paused", "10× slower", "Recording": always on screen while any of them holds.
@MainActor
package final class LabBadgeView: TextPanelView {
    init() {
        super.init(font: .bold(13))
        accessibilityIdentifier = "lab.badge"
    }

    /// The widest the badge may be (points): it wraps its parts onto more lines rather than
    /// reach past the dock or over the scene (B's ghost named its change and ran 38 pt over it).
    var widest = Double.infinity

    func show(
        slowdown: Double, paused: Bool, recording: String?, playing: String? = nil, reducesMotion: Bool = false
    ) {
        var parts: [String] = []
        if let playing { parts += playing.components(separatedBy: " · ") }
        if reducesMotion { parts.append("Reduce Motion") }
        if paused { parts.append("Paused") }
        if slowdown != 1 { parts.append(String(format: "%g× slower", slowdown)) }
        if let recording { parts.append(recording) }
        // Nothing to say is one empty line (a hidden badge keeps no stale words for the dump).
        let lines = Self.lines(of: parts, within: widest - padding * 2) { contentMetrics.width(of: $0, font: font) }
        setLines((lines.isEmpty ? [""] : lines).map { ($0, true) })
    }

    /// `parts` joined by " · " into as few lines as fit `width`, each part whole (a part wider
    /// than `width` has a line of its own).
    static func lines(of parts: [String], within width: Double, measure: (String) -> Double) -> [String] {
        var lines: [String] = []
        for part in parts {
            if let last = lines.last, measure(last + " · " + part) <= width {
                lines[lines.count - 1] = last + " · " + part
            } else {
                lines.append(part)
            }
        }
        return lines
    }
}
