import Graphics
import Views

/// The dock (id `lab.dock`): the column of tools beside the scene — tuning, the timeline, the
/// curves, the HUD, the keys — stacked in that order, each at its own height, never over one
/// another. When they do not fit the window's height the column scrolls (`lab.dock.scroll`); the
/// tuning panel gives up height first, down to a few rows, since it scrolls its own rows.
@MainActor
package final class DockView: View {
    /// The dock's width beside the scene: a tuning panel's width and a margin either side.
    package static let width = 364.0
    /// Narrower when it has to lie over the scene (no room beside it on the screen).
    static func overlayWidth(sceneWidth: Double) -> Double {
        min(width, max(300, (sceneWidth * 0.55).rounded()), sceneWidth - 16)
    }
    static let margin = 12.0
    static let gap = 10.0
    /// The least height the tuning panel keeps when the other panels want the room.
    static let smallestTuningHeight = 240.0

    package let scroll = ScrollView()
    /// The panels in the order they stack; hidden ones take no room.
    private(set) var panels: [View] = []
    /// The panel that takes what height is left (the tuning panel).
    private weak var flexiblePanel: View?

    init() {
        super.init(frame: .zero)
        accessibilityIdentifier = "lab.dock"
        scroll.accessibilityIdentifier = "lab.dock.scroll"
        scroll.alwaysBounceVertical = false
        addSubview(scroll)
        isHidden = true
        setBeside(true)
    }

    /// Beside the scene the dock is opaque, a column of the window of its own; over the scene
    /// (no room on the screen) it is translucent, so the scene shows through.
    func setBeside(_ beside: Bool) {
        backgroundColor = beside ? Color(white: 0.11) : Color(white: 0.11, alpha: 0.72)
        cornerRadius = beside ? 0 : 14
    }

    /// Adds `panel` at the end of the column; `flexible` marks the one that gives up height.
    func add(_ panel: View, flexible: Bool = false) {
        panels.append(panel)
        scroll.addSubview(panel)
        if flexible { flexiblePanel = panel }
        setNeedsLayout()
    }

    /// Puts `panel` back in the column at its place (the timeline leaves it while the dock is closed).
    func reclaim(_ panel: View) {
        guard panel.superview !== scroll else { return }
        panel.removeFromSuperview()
        scroll.addSubview(panel)
        setNeedsLayout()
    }

    /// Points the column keeps free at its bottom for the lab's badge sitting there (0 when none):
    /// scrolled to its end, the last panel (a video's strip, its fit) shows above the badge.
    package var bottomReserve = 0.0 {
        didSet { if bottomReserve != oldValue { setNeedsLayout() } }
    }

    /// True while any panel that opens the dock is shown.
    var hasShownPanels: Bool { panels.contains { !$0.isHidden && $0.superview === scroll } }

    /// The height a panel wants at the column's width.
    private func wantedHeight(of panel: View, width: Double) -> Double {
        if let tuning = panel as? TuningPanelView {
            return tuning.preferredHeight(in: Size(width: width, height: .greatestFiniteMagnitude))
        }
        if panel is ScrubberView { return ScrubberView.height }
        if panel is CurveGraphView { return CurveGraphView.dockHeight }
        return panel.sizeThatFits(Size(width: width, height: .greatestFiniteMagnitude)).height
    }

    /// The column's height with every shown panel at the height it wants (the tuning panel at
    /// its full list), for a dock of `width`: a dock lying over the scene is no taller, so the
    /// scene below it stays in reach.
    func contentHeight(width: Double) -> Double {
        let shown = panels.filter { !$0.isHidden && $0.superview === scroll }
        let heights = shown.map { wantedHeight(of: $0, width: width - Self.margin * 2) }
        return Self.margin * 2 + heights.reduce(0, +) + Self.gap * Double(max(shown.count - 1, 0))
    }

    package override func layoutSubviews() {
        scroll.frame = bounds
        let width = bounds.width - Self.margin * 2
        let shown = panels.filter { !$0.isHidden && $0.superview === scroll }
        var heights = shown.map { wantedHeight(of: $0, width: width) }
        let room = bounds.height - Self.margin * 2 - Self.gap * Double(max(shown.count - 1, 0))
        if let flexible = flexiblePanel, let index = shown.firstIndex(where: { $0 === flexible }) {
            let others = heights.enumerated().filter { $0.offset != index }.map(\.element).reduce(0, +)
            heights[index] = min(heights[index], max(Self.smallestTuningHeight, room - others))
        }
        var y = Self.margin
        for (panel, height) in zip(shown, heights) {
            let frame = Rect(x: Self.margin, y: y, width: width, height: height)
            if panel.frame != frame { panel.frame = frame }
            y += height + Self.gap
        }
        let contentHeight = max(y - Self.gap + Self.margin + bottomReserve, bounds.height)
        scroll.contentSize = Size(width: bounds.width, height: contentHeight)
    }
}
