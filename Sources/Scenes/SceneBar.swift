import Graphics
import Views

/// The bar across the top of a scene's home screen, under the status bar: "‹ Gallery" on the
/// left (the on-screen way back), the scene's title in the middle, an optional button on the right.
@MainActor
final class SceneBar: View {
    static let height = 64.0
    let backButton = Button(title: "‹ Gallery", font: .system(17), color: .systemBlue)
    let titleLabel = Label(font: .bold(17), color: .black, alignment: .center)
    private let hairline = View()
    /// A button on the right (Settings), if the scene has one.
    var trailingButton: Button? {
        didSet {
            oldValue?.removeFromSuperview()
            if let trailingButton { addSubview(trailingButton) }
            setNeedsLayout()
        }
    }

    init(title: String, identifier: String, onBack: @escaping () -> Void) {
        super.init()
        accessibilityIdentifier = identifier + ".bar"
        backgroundColor = Color(hex: 0xF9F9F9)
        titleLabel.text = title
        backButton.accessibilityIdentifier = identifier + ".back"
        backButton.onTap = onBack
        hairline.backgroundColor = Color(hex: 0xC6C6C8)
        for child in [titleLabel, backButton, hairline] { addSubview(child) }
    }

    override func layoutSubviews() {
        let top = 20.0
        let rowHeight = Self.height - top
        backButton.frame = Rect(x: 8, y: top + 4, width: 100, height: rowHeight - 8)
        if let trailingButton {
            let width = min(trailingButton.sizeThatFits(bounds.size).width, 120)
            trailingButton.frame = Rect(x: bounds.width - 8 - width, y: top + 4, width: width, height: rowHeight - 8)
        }
        titleLabel.frame = Rect(x: 116, y: top, width: max(bounds.width - 232, 0), height: rowHeight)
        hairline.frame = Rect(x: 0, y: bounds.height - 0.5, width: bounds.width, height: 0.5)
    }
}
