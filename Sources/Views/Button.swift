import Graphics

/// A tappable control with a title (UIButton): it dims while pressed, as iOS's buttons do, and
/// runs `onTap` when tapped. Filled (a background colour and corner radius) or plain (text only).
@MainActor
open class Button: View {
    public let titleLabel: Label
    public let tap = TapGestureRecognizer()
    /// What a tap does.
    public var onTap: () -> Void
    /// Space around the title when sized to fit.
    public var contentInsets = EdgeInsets(top: 10, left: 16, bottom: 10, right: 16)
    /// How far the button fades while pressed.
    public var pressedAlpha = 0.4

    public var isPressed: Bool { tap.isPressed }

    public init(
        title: String, font: Font = .system(17), color: Color = .systemBlue, background: Color? = nil,
        onTap: @escaping () -> Void = {}
    ) {
        titleLabel = Label(text: title, font: font, color: color, alignment: .center)
        self.onTap = onTap
        super.init()
        backgroundColor = background
        addSubview(titleLabel)
        tap.addAction { [weak self] _ in self?.onTap() }
        tap.onPressChange = { [weak self, weak tap] pressed in
            guard let self else { return }
            let show = {
                self.titleLabel.alpha = pressed ? self.pressedAlpha : 1
                if self.backgroundColor != nil { self.alpha = pressed ? 0.7 : 1 }
            }
            if !pressed, tap?.endedInTap == true {
                View.animate(duration: ReusableCell.pressFadeDuration, curve: .easeOut, changes: show)
            } else {
                show()
            }
        }
        addGestureRecognizer(tap)
    }

    public var title: String {
        get { titleLabel.text }
        set { titleLabel.text = newValue }
    }

    open override func layoutSubviews() {
        titleLabel.frame = bounds
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let text = titleLabel.sizeThatFits(size)
        return Size(
            width: text.width + contentInsets.left + contentInsets.right,
            height: text.height + contentInsets.top + contentInsets.bottom)
    }
}
