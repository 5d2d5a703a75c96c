import Graphics
import Views

/// A translucent dark panel of lines of text, the look the lab's HUD, key list and badge share.
/// It never takes the pointer: the scene underneath keeps its input.
@MainActor
class LabPanelView: View {
    private var labels: [Label] = []
    let padding = 10.0
    let font: Font

    init(font: Font = .system(13)) {
        self.font = font
        super.init(frame: .zero)
        styleAsOverlayPanel()
    }

    /// Shows `lines`, one label each (bold where asked).
    func setLines(_ lines: [(text: String, bold: Bool)]) {
        while labels.count < lines.count {
            let label = Label(font: font, color: .white)
            labels.append(label)
            addSubview(label)
        }
        for (index, label) in labels.enumerated() {
            label.isHidden = index >= lines.count
            guard index < lines.count else { continue }
            label.text = lines[index].text
            label.font = lines[index].bold ? .bold(font.size) : font
        }
        setNeedsLayout()
    }

    private var lineHeight: Double { contentMetrics.lineHeight(of: font) + 2 }

    override func sizeThatFits(_ size: Size) -> Size {
        let visible = labels.filter { !$0.isHidden }
        let width = visible.map { $0.sizeThatFits(size).width }.max() ?? 0
        return Size(
            width: min(width + padding * 2, size.width), height: Double(visible.count) * lineHeight + padding * 2)
    }

    override func layoutSubviews() {
        var y = padding
        for label in labels where !label.isHidden {
            label.frame = Rect(x: padding, y: y, width: bounds.width - padding * 2, height: lineHeight)
            y += lineHeight
        }
    }
}

/// Fps, frame times over the last second, live textures and the running transition (H).
@MainActor
final class HUDView: LabPanelView {
    init() {
        super.init(font: .system(13))
        accessibilityIdentifier = "lab.hud"
    }

    func show(
        frameTimes: [Double], textures: Int, transition: (name: String, progress: Double?)?,
        rendering: RenderOptions = .all, inForce: RenderOptions = .all, renderer: String = ""
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

/// Every key of the app, lab included (?): keys in a bold column, what they do beside them.
@MainActor
final class KeyHelpView: View {
    static let keys: [(String, String)] = [
        ("Enter", "open the chosen item"), ("Esc", "back, close"), ("← → ↑ ↓", "choose, page"),
        (",", "settings (Slide-in Settings)"), ("F12", "capture a PNG"), ("⇧F12", "capture the window, tools too"),
        ("F11", "dump the view tree"),
        ("S", "slow motion on/off (10× slower)"), ("Space", "pause / resume all motion"),
        (".", "one frame on, while paused"), ("G", "graph the transition's curves"),
        ("H", "HUD: fps, frame times, textures"), ("R", "record the next transition as PNGs"),
        ("T", "tune this scene's constants live"), ("?", "show or hide this list"), ("Ctrl+Q", "quit"),
    ]
    private let title = Label(text: "Keys", font: .bold(15), color: .white)
    private var rows: [(key: Label, meaning: Label)] = []
    private let padding = 14.0
    private let keyColumn = 70.0

    init() {
        super.init(frame: .zero)
        accessibilityIdentifier = "lab.help"
        styleAsOverlayPanel(opacity: 0.85, cornerRadius: 12)
        addSubview(title)
        for (key, meaning) in Self.keys {
            let row = (
                Label(text: key, font: .bold(14), color: .white), Label(text: meaning, font: .system(14), color: .white)
            )
            addSubview(row.0)
            addSubview(row.1)
            rows.append((row.0, row.1))
        }
    }

    private var lineHeight: Double { contentMetrics.lineHeight(of: .system(14)) + 3 }

    override func sizeThatFits(_ size: Size) -> Size {
        let widest = rows.map { $0.meaning.sizeThatFits(size).width }.max() ?? 0
        return Size(
            width: min(padding * 2 + keyColumn + widest, size.width),
            height: padding * 2 + 24 + Double(rows.count) * lineHeight)
    }

    override func layoutSubviews() {
        title.frame = Rect(x: padding, y: padding, width: bounds.width - padding * 2, height: 20)
        var y = padding + 24
        for row in rows {
            row.key.frame = Rect(x: padding, y: y, width: keyColumn, height: lineHeight)
            row.meaning.frame = Rect(
                x: padding + keyColumn, y: y, width: bounds.width - padding * 2 - keyColumn, height: lineHeight)
            y += lineHeight
        }
    }
}

/// "Paused", "10× slower", "Recording": always on screen while any of them holds.
@MainActor
final class LabBadgeView: LabPanelView {
    init() {
        super.init(font: .bold(13))
        accessibilityIdentifier = "lab.badge"
    }

    func show(slowdown: Double, paused: Bool, recording: Bool) {
        var parts: [String] = []
        if paused { parts.append("Paused") }
        if slowdown != 1 { parts.append(String(format: "%g× slower", slowdown)) }
        if recording { parts.append("● Recording") }
        setLines([(parts.joined(separator: " · "), true)])
    }
}
