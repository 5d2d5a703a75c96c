import Graphics
import Views

/// A panel in the row: the room's detail view at window size, scaled to the panel's width and
/// centred in it, with a soft shadow.
@MainActor
final class RoomCell: ReusableCell {
    private(set) var detailView = RoomDetailView(room: Room.all[0])
    /// The window size the detail view is drawn at before scaling.
    var screenSize = Size(width: 390, height: 844) { didSet { setNeedsLayout() } }
    /// Darkens the panel while a finger holds it, as a pressed cell does on iOS: the panel says
    /// it will open before it opens. Above the rasterized picture, so a press redraws nothing.
    private let pressShade = View()
    /// How dark a held panel is.
    static let pressedShade = 0.18

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = nil
        shadow = Shadow(opacity: 0.3, radius: 2)
        contentView.addSubview(detailView)
        detailView.transitionProgress.value = 1
        detailView.isUserInteractionEnabled = false
        // A panel only moves while the row scrolls: draw it once and reuse the picture.
        detailView.shouldRasterize = true
        pressShade.backgroundColor = .black
        pressShade.alpha = 0
        pressShade.isUserInteractionEnabled = false
        contentView.addSubview(pressShade)
    }

    override func highlightDidChange() {
        pressShade.alpha = isHighlighted ? Self.pressedShade : 0
    }

    override func prepareForReuse() {
        isHighlighted = false
        pressShade.alpha = 0
    }

    func show(_ room: Room, index: Int) {
        detailView.show(room)
        accessibilityIdentifier = "rooms.panel.\(index)"
        detailView.titleLabel.accessibilityIdentifier = "rooms.panel.\(index).title"
        pressShade.accessibilityIdentifier = "rooms.panel.\(index).press"
        detailView.subtitleLabel.accessibilityIdentifier = "rooms.panel.\(index).subtitle"
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        detailView.transform = .identity
        detailView.frame = Rect(origin: .zero, size: screenSize)
        detailView.transform = PanelTransition.scale(from: screenSize, to: bounds.size)
        detailView.center = Point(x: bounds.width / 2, y: bounds.height / 2)
        pressShade.frame = Rect(origin: .zero, size: bounds.size)
    }
}
