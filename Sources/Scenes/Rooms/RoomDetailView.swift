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
    /// A soft dark band under the labels so white text reads on light, busy art (≥ 3:1), keeping
    /// the seed's light tint everywhere else.
    public let scrim = View()
    static let scrimAlpha = 0.38
    /// The seed's blue-grey tint (0.655, 0.737, 0.835 at 0.8) with its hue kept and every channel
    /// at 0.8: the seed's bar (#9AAFC8) held its white title and status bar at 2.25:1; this one
    /// (#8092A7) at 3.2:1, WCAG's large-text minimum and more.
    static let tint = Color(red: 0.655 * 0.8, green: 0.737 * 0.8, blue: 0.835 * 0.8, alpha: 0.8)

    /// How much of the seed's tint gives way over the picture (0.8 × (1 − 0.55) = 0.36 of tint).
    static let tintThinning = 0.55
    /// 0: labels in the bar, image hidden (detail screen); 1: labels centred, image shown (panel).
    public private(set) lazy var transitionProgress = AnimatableValue(0, owner: self) { [weak self] in
        self?.setNeedsLayout()
    }

    public init(room: Room) {
        super.init(frame: .zero)
        clipsToBounds = true
        tintView.backgroundColor = Self.tint
        subtitleLabel.numberOfLines = 0
        scrim.backgroundColor = Color(white: 0, alpha: Self.scrimAlpha)
        scrim.isUserInteractionEnabled = false
        for child in [imageView, tintView, scrim, titleLabel, subtitleLabel] { addSubview(child) }
        show(room)
    }

    public func show(_ room: Room) {
        imageView.image = ImageRef(room.imageName)
        imageView.focus = Room.artFocus
        titleLabel.text = room.title
        subtitleLabel.text = room.subtitle
    }

    /// Gives the parts stable names for the tree dump (`rooms.detail.title`, …).
    public func identify(as prefix: String) {
        accessibilityIdentifier = prefix
        imageView.accessibilityIdentifier = prefix + ".image"
        titleLabel.accessibilityIdentifier = prefix + ".title"
        subtitleLabel.accessibilityIdentifier = prefix + ".subtitle"
        scrim.accessibilityIdentifier = prefix + ".scrim"
    }

    /// Moves the title into `host`, which must share this view's coordinates (the detail screen
    /// puts it above its sheet, so the sheet never covers it; the subtitle rests at the bar's
    /// bottom edge, under the sheet, as in the seed). This view still lays it out.
    public func hostTitle(in host: View) {
        host.addSubview(titleLabel)
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
        // The seed's tint (0.8 of blue-grey) is the bar's colour once the picture has faded; over
        // the picture it thins to 0.36 so the art reads instead of washing out.
        tintView.alpha = 1 - Self.tintThinning * p
        // Around both labels, as wide as the longer one plus a margin, only where the art shows.
        let textWidth = max(
            titleLabel.sizeThatFits(bounds.size).width, subtitleLabel.sizeThatFits(bounds.size).width)
        let scrimWidth = min(textWidth + 48, bounds.width)
        scrim.frame = Rect(
            x: (bounds.width - scrimWidth) / 2, y: titleY + 4, width: scrimWidth,
            height: subtitleY + lineHeight + 12 - (titleY + 4))
        scrim.cornerRadius = min(24, scrim.frame.height / 2)
        scrim.alpha = p
    }
}
