import Graphics
import Views

/// A panel in the row: the room's detail view at window size, scaled to the panel's width and
/// centred in it, with a soft shadow.
@MainActor
final class RoomCell: ReusableCell {
    private(set) var detailView = RoomDetailView(room: Room.all[0])
    /// The window size the detail view is drawn at before scaling.
    var screenSize = Size(width: 390, height: 844) { didSet { setNeedsLayout() } }

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = nil
        shadow = Shadow(opacity: 0.3, radius: 2)
        contentView.addSubview(detailView)
        detailView.transitionProgress.value = 1
        detailView.isUserInteractionEnabled = false
        // A panel only moves while the row scrolls: draw it once and reuse the picture.
        detailView.shouldRasterize = true
    }

    func show(_ room: Room, index: Int) {
        detailView.show(room)
        accessibilityIdentifier = "rooms.panel.\(index)"
        detailView.titleLabel.accessibilityIdentifier = "rooms.panel.\(index).title"
        detailView.subtitleLabel.accessibilityIdentifier = "rooms.panel.\(index).subtitle"
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        detailView.transform = .identity
        detailView.frame = Rect(origin: .zero, size: screenSize)
        detailView.transform = PanelTransition.scale(from: screenSize, to: bounds.size)
        detailView.center = Point(x: bounds.width / 2, y: bounds.height / 2)
    }
}
