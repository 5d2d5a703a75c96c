import Graphics
import Views

/// A menu item: a coloured circle (radius half the side) with its white glyph in the middle, a
/// soft ring around it while the keyboard has it selected, dimmed while pressed.
@MainActor
final class IconCell: ReusableCell {
    let circle = View()
    let icon = ImageView(image: nil, contentMode: .scaleAspectFit)
    private let ring = View()
    static let iconShare = 0.5

    var isSelectedByKeyboard = false {
        didSet { ring.isHidden = !isSelectedByKeyboard }
    }

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        ring.backgroundColor = Color(hex: 0xD1D5DB)
        ring.isHidden = true
        ring.isUserInteractionEnabled = false
        circle.isUserInteractionEnabled = false
        icon.isUserInteractionEnabled = false
        for child in [ring, circle, icon] { contentView.addSubview(child) }
    }

    func show(_ item: IconItem, index: Int) {
        accessibilityIdentifier = "icons.item.\(index)"
        circle.accessibilityIdentifier = "icons.item.\(index).circle"
        icon.accessibilityIdentifier = "icons.item.\(index).icon"
        circle.backgroundColor = item.colour
        icon.image = item.glyph
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let side = min(bounds.width, bounds.height)
        let square = Rect(x: (bounds.width - side) / 2, y: (bounds.height - side) / 2, width: side, height: side)
        circle.frame = square
        circle.cornerRadius = side / 2
        ring.frame = square.insetBy(dx: -6, dy: -6)
        ring.cornerRadius = side / 2 + 6
        let glyph = side * Self.iconShare
        icon.frame = Rect(x: square.midX - glyph / 2, y: square.midY - glyph / 2, width: glyph, height: glyph)
    }

    override func highlightDidChange() {
        circle.alpha = isHighlighted ? 0.7 : 1
    }

    override func prepareForReuse() {
        isHighlighted = false
        isSelectedByKeyboard = false
    }
}
