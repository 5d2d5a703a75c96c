import Foundation
import Graphics
import Views

/// What the tools show over the scene without being part of it: a toast for every file written
/// and every problem, the one-line hint of the keys when a scene opens, and the motion lab's
/// panels that only show (curves, HUD, keys, badge). A window of its own,
/// drawn after the scene's captures (F12, a script's capture, a recording) were read, so neither
/// is ever in them; Shift+F12 captures the window with it. Nothing in it takes the pointer, and
/// its timing is the app's own clock (a toast does not slow down with S).
@MainActor
final class ToolsLayer {
    let window: Window
    /// The toast: a file's name, or a problem, for a couple of seconds (id `lab.toast`).
    let toast = ToolsLayer.card(id: "lab.toast")
    /// The keys' hint (id `lab.hint`), fading a few seconds after a scene opens.
    let hint = ToolsLayer.card(id: "lab.hint")

    private var toastShownAt: Double?
    private var hintShownAt: Double?

    static let toastSeconds = 2.0
    static let hintSeconds = 4.0
    static let fadeSeconds = 0.4
    /// The keys a newcomer needs first: the lab's and the panels'.
    static let hintText = "? keys · S slow · Space pause · T tune · G curves"

    init(size: Size, metrics: any ContentMetrics) {
        window = Window(size: size, metrics: metrics)
        window.isUserInteractionEnabled = false
        window.backgroundColor = .clear
        for card in [hint, toast] {
            card.isHidden = true
            window.addSubview(card)
        }
    }

    private static func card(id: String) -> Label {
        let label = Label(font: .system(14), color: .white, alignment: .center)
        label.numberOfLines = 2
        label.accessibilityIdentifier = id
        label.styleAsOverlayPanel(opacity: 0.82, cornerRadius: 14)
        return label
    }

    func resize(to size: Size) { window.resize(to: size) }

    /// Shows `message` (a long path cut to its file name) for `toastSeconds`.
    func showToast(_ message: String, isError: Bool, at now: Double) {
        toast.text = Self.shortened(message)
        toast.backgroundColor =
            isError ? Color(red: 0.55, green: 0.1, blue: 0.1, alpha: 0.88) : Color(white: 0.08, alpha: 0.82)
        toastShownAt = now
        update(now: now)
    }

    func showHint(at now: Double) {
        hint.text = Self.hintText
        hintShownAt = now
        update(now: now)
    }

    /// True while nothing is shown: no overlay to draw.
    var isEmpty: Bool { window.subviews.allSatisfy(\.isHidden) }

    /// Fades and lays out what is shown at `now`.
    func update(now: Double) {
        Self.fade(toast, shownAt: toastShownAt, for: Self.toastSeconds, now: now)
        Self.fade(hint, shownAt: hintShownAt, for: Self.hintSeconds, now: now)
        let size = window.bounds.size
        // The toast under the status bar (above the lab's HUD and badge), the hint at the bottom.
        if !toast.isHidden { toast.frame = cardFrame(toast, top: 26, in: size) }
        if !hint.isHidden {
            let frame = cardFrame(hint, top: 0, in: size)
            hint.frame = frame.offsetBy(dx: 0, dy: size.height - 44 - frame.height)
        }
        window.layoutIfNeeded()
    }

    /// A card's frame centred across `size` at `top`; a long file name wraps to a second line
    /// rather than being cut.
    private func cardFrame(_ card: Label, top: Double, in size: Size) -> Rect {
        let margin = 16.0
        let text = card.sizeThatFits(Size(width: size.width - margin * 2 - 28, height: .greatestFiniteMagnitude))
        let width = min(text.width + 28, size.width - margin * 2)
        let height = max(30, text.height + 12)
        return Rect(x: ((size.width - width) / 2).rounded(), y: top, width: width, height: height)
    }

    private static func fade(_ card: Label, shownAt: Double?, for seconds: Double, now: Double) {
        guard let shownAt, now >= shownAt, now < shownAt + seconds + fadeSeconds else {
            card.isHidden = true
            return
        }
        card.isHidden = false
        let left = shownAt + seconds + fadeSeconds - now
        card.alpha = min(1, left / fadeSeconds)
    }

    /// The display list of what is shown (empty when nothing is).
    var displayList: DisplayList {
        isEmpty ? DisplayList(commands: [], clearColor: .clear) : DisplayListBuilder().build(window, clearColor: .clear)
    }

    /// A message as a toast says it: every absolute path cut to its last part (the file's name).
    static func shortened(_ message: String) -> String {
        message.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            guard word.hasPrefix("/"), word.count > 1 else { return String(word) }
            let trailing = word.last.map { ".,:;)".contains($0) } == true ? String(word.last!) : ""
            let path = trailing.isEmpty ? word : word.dropLast()
            return (path.split(separator: "/").last.map(String.init) ?? String(path)) + trailing
        }.joined(separator: " ")
    }
}
