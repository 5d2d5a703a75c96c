import Graphics
import Views

/// A room drawn at window size: background image, blue-grey tint, title and subtitle. Shared by the
/// panels (scaled down, progress 1) and the detail screen. `transitionProgress` moves the labels
/// between the bar (0) and the centre (1) and fades the image in, re-laid out every frame it animates.
@MainActor
public final class RoomDetailView: View {
    public let imageView = ImageView(contentMode: .scaleAspectFill)
    public let tintView = View()
    public let titleLabel = Label(font: .bold(20), color: .white, alignment: .center)
    public let subtitleLabel = Label(font: .system(17), color: .white, alignment: .center)
    /// 0: labels in the bar, image hidden (detail screen); 1: labels centred, image shown (panel).
    public private(set) lazy var transitionProgress = AnimatableValue(0, owner: self) { [weak self] in
        self?.setNeedsLayout()
    }

    public init(room: Room) {
        super.init(frame: .zero)
        clipsToBounds = true
        tintView.backgroundColor = Color(red: 0.655, green: 0.737, blue: 0.835, alpha: 0.8)
        subtitleLabel.numberOfLines = 0
        for child in [imageView, tintView, titleLabel, subtitleLabel] { addSubview(child) }
        show(room)
    }

    public func show(_ room: Room) {
        imageView.image = ImageRef(room.imageName)
        titleLabel.text = room.title
        subtitleLabel.text = room.subtitle
    }

    /// Gives the parts stable names for the tree dump (`rooms.detail.title`, …).
    public func identify(as prefix: String) {
        accessibilityIdentifier = prefix
        imageView.accessibilityIdentifier = prefix + ".image"
        titleLabel.accessibilityIdentifier = prefix + ".title"
        subtitleLabel.accessibilityIdentifier = prefix + ".subtitle"
    }

    public override func layoutSubviews() {
        imageView.frame = bounds
        tintView.frame = bounds
        let p = min(max(transitionProgress.presented, 0), 1)
        let height = bounds.height
        let titleY = p * (height / 2 - 44) + (1 - p) * 20
        let subtitleY = p * (height / 2) + (1 - p) * 64
        titleLabel.frame = Rect(x: 0, y: titleY, width: bounds.width, height: 44)
        let lineHeight = contentMetrics.lineHeight(of: subtitleLabel.font)
        subtitleLabel.frame = Rect(x: 0, y: subtitleY, width: bounds.width, height: lineHeight)
        imageView.alpha = p
    }
}
