import Graphics

/// An on/off switch (UISwitch): a 51 × 31 pt rounded track, green when on, with a white thumb
/// that slides across in 0.25 s. A tap anywhere on it toggles it and calls `onChange`.
@MainActor
open class Switch: View {
    public static let size = Size(width: 51, height: 31)
    public static let onColor = Color(hex: 0x34C759)
    public static let offColor = Color(hex: 0xE9E9EA)

    public private(set) var isOn: Bool
    public var onChange: (Bool) -> Void = { _ in }
    private let thumb = View()
    public let tap = TapGestureRecognizer()

    public init(isOn: Bool = false) {
        self.isOn = isOn
        super.init(frame: Rect(origin: .zero, size: Self.size))
        cornerRadius = Self.size.height / 2
        backgroundColor = isOn ? Self.onColor : Self.offColor
        thumb.backgroundColor = .white
        thumb.shadow = Shadow(opacity: 0.25, radius: 2, offset: Point(x: 0, y: 2))
        thumb.isUserInteractionEnabled = false
        addSubview(thumb)
        tap.addAction { [weak self] _ in
            guard let self else { return }
            self.setOn(!self.isOn, animated: true)
            self.onChange(self.isOn)
        }
        tap.onPressChange = { [weak self] pressed in self?.thumb.alpha = pressed ? 0.85 : 1 }
        addGestureRecognizer(tap)
    }

    /// Sets the state without calling `onChange` (the model changed elsewhere).
    public func setOn(_ on: Bool, animated: Bool) {
        isOn = on
        guard animated else {
            applyState()
            return
        }
        View.animate(duration: 0.25, curve: .easeInOut, changes: { self.applyState() })
    }

    private func applyState() {
        backgroundColor = isOn ? Self.onColor : Self.offColor
        layoutThumb()
    }

    private func layoutThumb() {
        let side = bounds.height - 4
        thumb.cornerRadius = side / 2
        thumb.frame = Rect(x: isOn ? bounds.width - side - 2 : 2, y: 2, width: side, height: side)
    }

    open override func layoutSubviews() {
        layoutThumb()
    }

    open override func sizeThatFits(_ size: Size) -> Size { Self.size }
}
