import Controllers
import Graphics
import Platform
import Views

/// The first screen: the five effects as an inset grouped list, opened by click or arrows + Enter.
@MainActor
public final class GalleryViewController: ViewController {
    /// Called with the scene the user chose.
    public var onOpen: (SceneID) -> Void = { _ in }
    /// The row the keyboard has selected, or nil before any arrow key.
    public private(set) var selectedIndex: Int?

    private let titleLabel = Label(text: SceneID.gallery.title, font: .bold(34), color: .black)
    private let subtitleLabel = Label(text: SceneID.gallery.summary, font: .system(15), color: Color(hex: 0x6C6C70))
    private let card = View()
    private let footer = Label(
        text: "Click a row, or use ↑ ↓ and Enter. Esc goes back; F12 saves a capture.\n"
            + "? keys · S slow · Space pause · T tune · G curves", font: .system(13),
        color: Color(hex: 0x8E8E93))
    private var rows: [GalleryRowView] = []
    /// Everything scrolls (and bounces, as an iOS list does) so small windows still reach every row.
    private let scroller = ScrollView()

    public init() {
        super.init(title: SceneID.gallery.title)
    }

    public override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = .systemGroupedBackground
        root.accessibilityIdentifier = "gallery"
        return root
    }

    public override func viewDidLoad() {
        guard let root = view as? ControllerRootView else { return }
        titleLabel.accessibilityIdentifier = "gallery.title"
        subtitleLabel.numberOfLines = 0
        footer.numberOfLines = 0
        footer.textAlignment = .center
        card.backgroundColor = .white
        card.cornerRadius = 12
        card.clipsToBounds = true
        card.accessibilityIdentifier = "gallery.list"
        rows = SceneID.effects.map(GalleryRowView.init(scene:))
        for (index, row) in rows.enumerated() {
            card.addSubview(row)
            row.separator.isHidden = index == rows.count - 1
            let scene = row.scene
            // A row opened with the mouse is where the arrows go on from, but nothing stays lit
            // (as a table on iOS clears its selection on the way back): an old keyboard
            // selection is not left highlighted on another row.
            let tap = TapGestureRecognizer { [weak self] _ in
                self?.select(index, highlighted: false)
                self?.onOpen(scene)
            }
            // Held down, the row shows it (dropped as soon as the touch becomes a scroll).
            tap.onPressChange = { [weak row, weak tap] pressed in
                if pressed { row?.isPressed = true } else { row?.release(tapped: tap?.endedInTap == true) }
            }
            row.addGestureRecognizer(tap)
        }
        scroller.alwaysBounceVertical = true
        scroller.accessibilityIdentifier = "gallery.scroll"
        root.addSubview(scroller)
        for child in [titleLabel, subtitleLabel, card, footer] { scroller.addSubview(child) }
        root.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
    }

    private func layout(in bounds: Rect) {
        scroller.frame = bounds
        // A readable column: at most 700 pt, centred on wide windows.
        let width = min(bounds.width - 32, 700)
        let margin = ((bounds.width - width) / 2).rounded()
        titleLabel.frame = Rect(x: margin + 4, y: 52, width: width, height: 41)
        let subtitleHeight = subtitleLabel.sizeThatFits(Size(width: width, height: .greatestFiniteMagnitude)).height
        subtitleLabel.frame = Rect(x: margin + 4, y: 95, width: width - 4, height: subtitleHeight)
        let top = subtitleLabel.frame.maxY + 20
        card.frame = Rect(x: margin, y: top, width: width, height: GalleryRowView.height * Double(rows.count))
        for (index, row) in rows.enumerated() {
            row.frame = Rect(
                x: 0, y: GalleryRowView.height * Double(index), width: width, height: GalleryRowView.height)
        }
        let footerHeight = footer.sizeThatFits(Size(width: width, height: .greatestFiniteMagnitude)).height
        footer.frame = Rect(x: margin, y: card.frame.maxY + 14, width: width, height: footerHeight)
        scroller.contentSize = Size(width: bounds.width, height: footer.frame.maxY + 24)
    }

    public override func handleKey(_ key: Key) -> Bool {
        switch key {
        // A list's selection stops at its ends, as a table's does on iOS and the Mac.
        case .down, .right:
            select(min(selectedIndex.map { $0 + 1 } ?? 0, rows.count - 1))
        case .up, .left:
            select(max((selectedIndex ?? 0) - 1, 0))
        case .enter:
            onOpen(rows[selectedIndex ?? 0].scene)
        default:
            return false
        }
        return true
    }

    private func select(_ index: Int, highlighted: Bool = true) {
        selectedIndex = index
        for (rowIndex, row) in rows.enumerated() { row.isHighlighted = highlighted && rowIndex == index }
    }
}
