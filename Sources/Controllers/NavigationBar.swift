import Graphics
import Views

/// The bar at the top of a navigation controller: the title in the middle and a back button
/// ("‹ Previous") when there is somewhere to go back to. 64 pt tall including the status bar.
@MainActor
public final class NavigationBar: View {
    public static let height = 64.0
    private let titleLabel = Label(font: .bold(17), color: .black, alignment: .center)
    private let backLabel = Label(font: .system(17), color: .systemBlue)
    private let hairline = View()
    var onBack: () -> Void = {}

    /// The bar's colour (UINavigationBar.barTintColor), opaque.
    public var barTintColor = Color(hex: 0xF9F9F9) { didSet { backgroundColor = barTintColor } }
    public var titleColor = Color.black { didSet { titleLabel.textColor = titleColor } }
    /// The colour of the back button.
    public var tintColor = Color.systemBlue { didSet { backLabel.textColor = tintColor } }
    public var showsHairline = true { didSet { hairline.isHidden = !showsHairline } }
    /// A button on the left while there is no back button (leftBarButtonItem): the way out of a
    /// stack's root, such as back to the gallery.
    public var leadingButton: View? {
        didSet {
            oldValue?.removeFromSuperview()
            if let leadingButton { addSubview(leadingButton) }
            setNeedsLayout()
        }
    }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityIdentifier = "navigation.bar"
        backgroundColor = Color(hex: 0xF9F9F9)
        titleLabel.accessibilityIdentifier = "navigation.title"
        backLabel.accessibilityIdentifier = "navigation.back"
        backLabel.isUserInteractionEnabled = true
        backLabel.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.onBack() })
        hairline.backgroundColor = .separator
        for child in [titleLabel, backLabel, hairline] { addSubview(child) }
    }

    public var title: String {
        get { titleLabel.text }
        set { titleLabel.text = newValue }
    }

    public var backTitle: String? {
        didSet {
            backLabel.text = backTitle.map { "‹ " + ($0.isEmpty ? "Back" : $0) } ?? ""
            backLabel.isHidden = backTitle == nil
            setNeedsLayout()
        }
    }

    public override func layoutSubviews() {
        titleLabel.frame = Rect(x: 90, y: 20, width: bounds.width - 180, height: 44)
        backLabel.frame = Rect(x: 8, y: 20, width: 120, height: 44)
        leadingButton?.isHidden = backTitle != nil
        leadingButton?.frame = Rect(x: 8, y: 24, width: 100, height: 36)
        hairline.frame = Rect(x: 0, y: bounds.height - 0.5, width: bounds.width, height: 0.5)
    }
}
