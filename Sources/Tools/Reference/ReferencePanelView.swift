import Graphics
import Views

/// The reference video in the dock: its frame at the moment of the transition the scene shows,
/// beneath a line that says what the video is and which frame shows (id `lab.reference`).
@MainActor
final class ReferencePanelView: View {
    let picture = ImageView(contentMode: .scaleAspectFit)
    private let title = Label(font: .bold(13), color: .white)
    private let caption = Label(font: .system(12), color: Color(white: 0.8))
    private let padding = 10.0
    /// The tallest the picture is drawn in the dock (the phone beside it is the full-size view).
    static let largestPictureHeight = 420.0
    /// The picture's aspect (height over width), once a video is loaded.
    var aspect = 844.0 / 390

    init() {
        super.init(frame: .zero)
        styleAsOverlayPanel()
        accessibilityIdentifier = "lab.reference"
        picture.accessibilityIdentifier = "lab.reference.picture"
        title.text = "Reference"
        caption.isLiveReadout = true
        caption.numberOfLines = 2
        for view in [title, caption, picture] { addSubview(view) }
    }

    func show(summary: String, frameLine: String) {
        caption.text = summary + "\n" + frameLine
        setNeedsLayout()
    }

    private var pictureSize: Size {
        let width = max(bounds.width - padding * 2, 0)
        let height = min(width * aspect, Self.largestPictureHeight)
        return Size(width: height / aspect, height: height)
    }

    override func sizeThatFits(_ size: Size) -> Size {
        let width = max(size.width - padding * 2, 0)
        let height = min(width * aspect, Self.largestPictureHeight)
        return Size(width: size.width, height: padding * 2 + 18 + 34 + 6 + height)
    }

    override func layoutSubviews() {
        title.frame = Rect(x: padding, y: padding, width: bounds.width - padding * 2, height: 18)
        caption.frame = Rect(x: padding, y: padding + 18, width: bounds.width - padding * 2, height: 34)
        let shown = pictureSize
        picture.frame = Rect(
            x: (bounds.width - shown.width) / 2, y: padding + 18 + 34 + 6, width: shown.width, height: shown.height)
    }
}
