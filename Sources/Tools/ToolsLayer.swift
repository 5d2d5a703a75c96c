import Foundation
import Graphics
import Motion
import Views

/// What the tools show beside and over the scene without being part of it: the dock (tuning,
/// timeline, curves, HUD, keys), a toast for every file written and every problem, the one-line
/// hint of the keys when a scene opens and the lab's badge. A window of its own, the size of the
/// whole window (the scene at its top left, the dock to its right), drawn after the scene's
/// captures (F12, a script's capture, a recording) were read, so nothing of it is ever in them;
/// Shift+F12 captures the window with it. A pointer that lands on its dock or timeline is its;
/// anywhere else the scene's. Its timing is the app's own clock (a toast does not slow down with S).
@MainActor
package final class ToolsLayer {
    package let window: Window
    /// The toast: a file's name, or a problem, for a couple of seconds (id `lab.toast`).
    let toast = ToolsLayer.card(id: "lab.toast")
    /// The keys' hint (id `lab.hint`), fading a few seconds after a scene opens.
    let hint = ToolsLayer.card(id: "lab.hint")
    /// The column of tools beside the scene (id `lab.dock`).
    package let dock = DockView()
    /// Where the dock is: closed, beside the scene (the window widened for it) or over the scene
    /// at one side (the screen had no room to widen).
    package private(set) var placement = DockPlacement.closed
    /// The scene's area in the window (its top left is the window's).
    private(set) var sceneSize: Size
    /// The timeline: in the dock while it is open, along the scene's bottom while it is not.
    private weak var timeline: View?

    private var toastShownAt: Double?
    private var hintShownAt: Double?
    /// What the scene shows to read or press, in scene points (`SceneReadables`): the toast and
    /// the hint are placed where they cover none of it.
    package var sceneReadables: () -> SceneReadables? = { nil }
    /// Where each card was put when it was shown, and for which scene size: it stays there while
    /// it shows (a card that moved with the scene under it would be hard to read).
    private var placedTops: [ObjectIdentifier: (top: Double, size: Size)] = [:]

    static let toastSeconds = 2.0
    static let hintSeconds = 4.0
    static let fadeSeconds = 0.4
    /// The keys a newcomer needs first: the lab's and the panels'.
    static let hintText = "? keys · S slow · Space pause · T tune · G curves"

    /// `clock` is the app's own: the dock's scrolling and its buttons' fades keep real time
    /// whatever the lab does to the scene's animation clock.
    package init(size: Size, metrics: any ContentMetrics, clock: any Clock) {
        window = Window(size: size, animator: Animator(clock: clock), metrics: metrics)
        window.backgroundColor = .clear
        sceneSize = size
        window.addSubview(dock)
        for card in [hint, toast] {
            card.isHidden = true
            card.isUserInteractionEnabled = false
            window.addSubview(card)
        }
    }

    /// Adds a panel to the dock's column (in the order they stack: the order tools are made); the
    /// tuning panel is `flexible`, and the timeline leaves the dock for the scene's bottom while
    /// the dock is closed. A panel shown (not hidden) opens the dock, unless it only rides along
    /// (`opensDock` false: shown while the dock is open for another, as a readout). A dock lying
    /// over the scene leaves `overlayBottomRoom` free below it and scrolls what does not fit.
    package func addToDock(_ panel: View, flexible: Bool = false, isTimeline: Bool = false, opensDock: Bool = true) {
        dock.add(panel, flexible: flexible)
        if isTimeline { timeline = panel }
        if !opensDock { ridingPanels.append(panel) }
    }

    /// Panels shown only while the dock is open for another (`addToDock(opensDock: false)`).
    private var ridingPanels: [View] = []

    /// Adds a view that shows over the scene and never takes the pointer (the lab's badge).
    func addOverScene(_ view: View) {
        view.isUserInteractionEnabled = false
        window.insertSubview(view, belowSubview: hint)
    }

    /// True while the motion lab's clock is slowed or paused (S, Space): its timeline is in
    /// use, and the tools' place for it is the dock, not the bottom of the phone.
    var labClockEngaged = false

    /// True while a panel that opens the dock is shown, or the lab's clock is slowed or paused
    /// (the timeline of a replay at full speed alone does not open it).
    package var wantsDock: Bool {
        labClockEngaged
            || dock.panels.contains { panel in
                !panel.isHidden && panel !== timeline && !ridingPanels.contains { $0 === panel }
            }
    }

    /// Whether a pointer going down at `point` (window points) is the tools': it lands on the dock
    /// or the timeline.
    package func takesPointer(at point: Point) -> Bool {
        guard let hit = window.hitTest(point) else { return false }
        return hit !== window
    }

    /// Below the status and navigation bars (their back and close buttons stay in reach), at the
    /// side away from the last press, no taller than its panels: the scene beneath stays in reach.
    private func placeDockOverScene() {
        guard case .over(let atLeft) = placement else { return }
        let width = DockView.overlayWidth(sceneWidth: sceneSize.width)
        let top = min(Self.overlayTop, max(sceneSize.height * 0.1, 8))
        let height = max(min(dock.contentHeight(width: width), sceneSize.height - top - Self.overlayBottomRoom), 0)
        let frame = Rect(x: atLeft ? 8 : sceneSize.width - width - 8, y: top, width: width, height: height)
        if dock.frame != frame { dock.frame = frame }
    }

    /// Where a dock lying over the scene starts: under a status bar and a navigation bar.
    package static let overlayTop = 64.0
    /// What a dock lying over the scene leaves free below it, whatever its panels: a press near
    /// the scene's bottom (a tab bar, a sheet's handle) is the scene's.
    package static let overlayBottomRoom = 48.0

    /// Lays the tools out for a window of `windowSize` with the scene at its top left, `sceneSize`.
    package func layOut(windowSize: Size, sceneSize: Size, placement: DockPlacement) {
        self.sceneSize = sceneSize
        self.placement = placement
        if window.bounds.size != windowSize { window.resize(to: windowSize) }
        switch placement {
        case .closed:
            dock.isHidden = true
        case .beside:
            dock.isHidden = false
            dock.setBeside(true)
            dock.frame = Rect(
                x: sceneSize.width, y: 0, width: windowSize.width - sceneSize.width, height: windowSize.height)
        case .over:
            dock.isHidden = false
            dock.setBeside(false)
            placeDockOverScene()
        }
        if let timeline {
            if placement == .closed {
                if timeline.superview !== window { window.insertSubview(timeline, belowSubview: hint) }
            } else {
                dock.reclaim(timeline)
            }
        }
        dock.setNeedsLayout()
    }

    private static func card(id: String) -> Label {
        let label = Label(font: .system(14), color: .white, alignment: .center)
        label.numberOfLines = 2
        label.accessibilityIdentifier = id
        label.styleAsOverlayPanel(opacity: 0.82, cornerRadius: 14)
        return label
    }

    /// Shows `message` (a long path cut to its file name) for `toastSeconds`.
    package func showToast(_ message: String, isError: Bool, at now: Double) {
        toast.text = Self.shortened(message)
        toast.backgroundColor =
            isError ? Color(red: 0.55, green: 0.1, blue: 0.1, alpha: 0.88) : Color(white: 0.08, alpha: 0.82)
        toastShownAt = now
        placedTops[ObjectIdentifier(toast)] = nil
        update(now: now)
    }

    package func showHint(at now: Double) {
        hint.text = Self.hintText
        hintShownAt = now
        placedTops[ObjectIdentifier(hint)] = nil
        update(now: now)
    }

    /// True while nothing is shown: no overlay to draw.
    var isEmpty: Bool { window.subviews.allSatisfy(\.isHidden) }

    /// Fades and lays out what is shown at `now`.
    package func update(now: Double) {
        Self.fade(toast, shownAt: toastShownAt, for: Self.toastSeconds, now: now)
        Self.fade(hint, shownAt: hintShownAt, for: Self.hintSeconds, now: now)
        if let timeline, timeline.superview === window {
            let frame = Rect(
                x: 0, y: timelineTop(shown: !timeline.isHidden), width: sceneSize.width, height: ScrubberView.height)
            if timeline.frame != frame { timeline.frame = frame }
        }
        dock.setNeedsLayout()
        placeDockOverScene()
        // Toasts and the hint are about the scene: centred over it, not over the dock.
        let size = sceneSize
        // The toast under the status bar (above the lab's HUD and badge), the hint at the bottom
        // (above the timeline when it runs along the scene's bottom) — unless the scene shows
        // something to read or press there.
        let timelineFrame = timeline.flatMap { $0.superview === window && !$0.isHidden ? $0.frame : nil }
        if !toast.isHidden { place(toast, preferredTop: { _ in 26 }, in: size, avoiding: timelineFrame) }
        if !hint.isHidden {
            place(
                hint, preferredTop: { size.height - 44 - (timelineFrame?.height ?? 0) - $0 }, in: size,
                avoiding: timelineFrame)
        }
        window.layoutIfNeeded()
    }

    /// Where the timeline runs while the dock is closed: along the scene's bottom, unless a control
    /// lies there (the modal's Close button, 22 pt under it during a replay), then the nearest
    /// height clear of every control — worked out when it shows, kept while it does.
    private func timelineTop(shown: Bool) -> Double {
        let bottom = sceneSize.height - ScrubberView.height
        guard shown else {
            timelinePlacedTop = nil
            return bottom
        }
        if let placed = timelinePlacedTop, placed.size == sceneSize { return placed.top }
        let top =
            CardPlacement.frame(
                of: Size(width: sceneSize.width, height: ScrubberView.height), in: sceneSize, preferredTop: bottom,
                margin: 0, occupied: sceneReadables()?.controls ?? []
            ).minY
        timelinePlacedTop = (top, sceneSize)
        return top
    }

    /// Where the timeline was put when it showed, and for which scene size.
    private var timelinePlacedTop: (top: Double, size: Size)?

    /// Puts `card` at its place: worked out when it is shown (or the scene resized), kept while
    /// it shows unless a control comes to lie under it.
    private func place(_ card: Label, preferredTop: (Double) -> Double, in size: Size, avoiding timeline: Rect?) {
        let frame = cardFrame(card, top: 0, in: size)
        let key = ObjectIdentifier(card)
        let readables = sceneReadables()
        if let placed = placedTops[key], placed.size == size {
            let kept = frame.offsetBy(dx: 0, dy: placed.top)
            // Kept unless the scene put a control under it since (a card presented over the
            // screen the hint was placed on), or the timeline came: then it moves once, clear of it.
            if !((readables?.controls ?? []) + (timeline.map { [$0] } ?? [])).contains(where: { $0.intersects(kept) }) {
                card.frame = kept
                return
            }
        }
        let occupied = readables?.text ?? []
        var controls = readables?.controls ?? []
        if let timeline { controls.append(timeline) }
        // The other card, where it already is, is avoided too.
        for other in [toast, hint] where other !== card && !other.isHidden && placedTops[ObjectIdentifier(other)] != nil
        {
            controls.append(other.frame)
        }
        let placed = CardPlacement.frame(
            of: frame.size, in: size, preferredTop: preferredTop(frame.height), occupied: occupied, controls: controls)
        placedTops[key] = (placed.minY, size)
        card.frame = placed
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
    package var displayList: DisplayList { displayList(showing: { _ in true }) }

    /// What is shown but the toast: a capture of the window leaves it out, since it reports a
    /// file or a problem, not the app (an F12's "Capture saved" was baked into the Shift+F12
    /// pressed right after).
    package var displayListWithoutToast: DisplayList { displayList(showing: { $0 !== toast }) }

    /// The toast alone, drawn over `displayListWithoutToast` once the window's capture is taken.
    package var toastDisplayList: DisplayList { displayList(showing: { $0 === toast }) }

    private func displayList(showing shows: (View) -> Bool) -> DisplayList {
        let left = window.subviews.filter { !$0.isHidden && !shows($0) }
        for view in left { view.isHidden = true }
        defer { for view in left { view.isHidden = false } }
        return isEmpty
            ? DisplayList(commands: [], clearColor: .clear) : DisplayListBuilder().build(window, clearColor: .clear)
    }

    /// A message as a toast says it: every absolute path cut to its last part (the file's name).
    package static func shortened(_ message: String) -> String {
        message.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            guard word.hasPrefix("/"), word.count > 1 else { return String(word) }
            let trailing = word.last.map { ".,:;)".contains($0) } == true ? String(word.last!) : ""
            let path = trailing.isEmpty ? word : word.dropLast()
            return (path.split(separator: "/").last.map(String.init) ?? String(path)) + trailing
        }.joined(separator: " ")
    }
}
