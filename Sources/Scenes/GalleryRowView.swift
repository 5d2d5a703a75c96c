import Graphics
import Views

/// One effect in the gallery list: preview tile, title, one-line description, chevron.
@MainActor
final class GalleryRowView: View {
    static let height = 76.0
    let scene: SceneID
    private let tile = ImageView(image: nil, contentMode: .scaleAspectFill)
    private let titleLabel = Label(font: .bold(17), color: .black)
    private let summaryLabel = Label(font: .system(14), color: Color(hex: 0x6C6C70))
    private let chevron = Label(text: "›", font: .system(24), color: Color(hex: 0xC4C4C7), alignment: .center)
    let separator = View()
    /// Keyboard selection: an inset rounded highlight, so it follows the card's rounded corners.
    private let highlight = View()

    var isHighlighted = false {
        didSet { showHighlight() }
    }
    /// Held down by the pointer: the same grey as the keyboard's selection.
    var isPressed = false {
        didSet { showHighlight(fading: releasedByTap) }
    }
    private var releasedByTap = false

    /// Shows the highlight while selected or pressed; `fading` eases it out after a tap.
    func showHighlight(fading: Bool = false) {
        let shown = isHighlighted || isPressed
        if shown || !fading {
            highlight.isHidden = !shown
            highlight.alpha = 1
            return
        }
        View.animate(
            duration: ReusableCell.pressFadeDuration, curve: .easeOut, changes: { self.highlight.alpha = 0 },
            completion: { [weak self] finished in
                guard let self, finished, !self.isHighlighted, !self.isPressed else { return }
                self.highlight.isHidden = true
                self.highlight.alpha = 1
            })
    }

    /// The press ends: after a tap it fades out, otherwise (a scroll took over) it drops at once.
    func release(tapped: Bool) {
        guard isPressed else { return }
        releasedByTap = tapped
        isPressed = false
        releasedByTap = false
    }

    init(scene: SceneID) {
        self.scene = scene
        super.init()
        accessibilityIdentifier = "gallery.item.\(scene.rawValue)"
        highlight.backgroundColor = Color(hex: 0xE5E5EA)
        highlight.cornerRadius = 9
        highlight.isHidden = true
        highlight.accessibilityIdentifier = "gallery.item.\(scene.rawValue).highlight"
        tile.image = ImageRef(scene.previewImageName)
        tile.cornerRadius = 12
        tile.clipsToBounds = true
        tile.accessibilityIdentifier = "gallery.item.\(scene.rawValue).preview"
        titleLabel.text = scene.title
        summaryLabel.text = scene.summary
        separator.backgroundColor = Color(hex: 0xC6C6C8)
        for child in [highlight, tile, titleLabel, summaryLabel, chevron, separator] { addSubview(child) }
    }

    override func layoutSubviews() {
        highlight.frame = bounds.insetBy(dx: 4, dy: 3)
        let inset = 14.0
        let tileSide = 52.0
        tile.frame = Rect(x: inset, y: (bounds.height - tileSide) / 2, width: tileSide, height: tileSide)
        let textX = tile.frame.maxX + 12
        let textWidth = bounds.width - textX - 34
        titleLabel.frame = Rect(x: textX, y: 15, width: textWidth, height: 24)
        summaryLabel.frame = Rect(x: textX, y: 39, width: textWidth, height: 20)
        chevron.frame = Rect(x: bounds.width - 30, y: (bounds.height - 30) / 2, width: 20, height: 30)
        separator.frame = Rect(x: textX, y: bounds.height - 0.5, width: bounds.width - textX, height: 0.5)
    }
}
