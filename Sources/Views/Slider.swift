import Graphics
import Motion

/// A horizontal slider (UISlider): drag the thumb and the value follows continuously; click the
/// track and it jumps there; a focused slider draws a ring and takes nudges from the arrow keys.
@MainActor
open class Slider: View {
    public var range: ClosedRange<Double> {
        didSet { value = clamped(value) }
    }
    public private(set) var value: Double
    /// Told of every change a user makes (drag, click, nudge), with the new value.
    public var onChange: (Double) -> Void = { _ in }
    /// Told when a drag or click on the slider starts (the owner focuses it).
    public var onTouch: () -> Void = {}
    public var isFocused = false {
        didSet { focusRing.isHidden = !isFocused }
    }
    public static let height = 28.0
    private let track = View()
    private let fill = View()
    private let thumb = View()
    private let focusRing = View()
    private let thumbSize = 22.0

    public init(value: Double, range: ClosedRange<Double>) {
        self.range = range
        self.value = min(max(value, range.lowerBound), range.upperBound)
        super.init(frame: .zero)
        track.backgroundColor = Color(white: 1, alpha: 0.3)
        track.cornerRadius = 2
        fill.backgroundColor = .systemBlue
        fill.cornerRadius = 2
        focusRing.backgroundColor = Color(hex: 0x0A84FF, alpha: 0.45)
        focusRing.cornerRadius = (thumbSize + 8) / 2
        focusRing.isHidden = true
        thumb.backgroundColor = .white
        thumb.cornerRadius = thumbSize / 2
        thumb.shadow = Shadow(opacity: 0.3, radius: 2)
        for child in [track, fill, focusRing, thumb] {
            child.isUserInteractionEnabled = false
            addSubview(child)
        }
        let pan = PanGestureRecognizer { [weak self] recognizer in
            guard let self else { return }
            if recognizer.state == .began { self.onTouch() }
            self.userSet(self.value(atX: self.convert(recognizer.lastLocation, from: nil).x))
        }
        pan.hysteresis = 0
        pan.direction = .horizontal
        addGestureRecognizer(pan)
        let tap = TapGestureRecognizer { [weak self] recognizer in
            guard let self else { return }
            self.onTouch()
            self.userSet(self.value(atX: self.convert(recognizer.lastLocation, from: nil).x))
        }
        addGestureRecognizer(tap)
    }

    /// Sets the value in code (no `onChange`).
    public func setValue(_ newValue: Double) {
        value = clamped(newValue)
        setNeedsLayout()
    }

    /// Moves the value by `fraction` of the range (the arrow keys: ±1 %).
    public func nudge(by fraction: Double) {
        userSet(value + fraction * (range.upperBound - range.lowerBound))
    }

    private func userSet(_ newValue: Double) {
        let next = clamped(newValue)
        guard next != value else { return }
        value = next
        setNeedsLayout()
        onChange(next)
    }

    private func clamped(_ candidate: Double) -> Double {
        guard candidate.isFinite else { return range.lowerBound }
        return min(max(candidate, range.lowerBound), range.upperBound)
    }

    private var usableWidth: Double { max(bounds.width - thumbSize, 1) }

    private func value(atX x: Double) -> Double {
        let fraction = min(max((x - thumbSize / 2) / usableWidth, 0), 1)
        return range.lowerBound + fraction * (range.upperBound - range.lowerBound)
    }

    /// Where the thumb's centre is for the current value, in the slider's coordinates.
    public var thumbCenter: Point {
        let span = range.upperBound - range.lowerBound
        let fraction = span > 0 ? (value - range.lowerBound) / span : 0
        return Point(x: thumbSize / 2 + fraction * usableWidth, y: bounds.height / 2)
    }

    open override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: Self.height) }

    open override func layoutSubviews() {
        let center = thumbCenter
        track.frame = Rect(x: thumbSize / 2, y: bounds.height / 2 - 2, width: usableWidth, height: 4)
        fill.frame = Rect(x: thumbSize / 2, y: bounds.height / 2 - 2, width: center.x - thumbSize / 2, height: 4)
        thumb.frame = Rect(
            x: center.x - thumbSize / 2, y: center.y - thumbSize / 2, width: thumbSize, height: thumbSize)
        let ring = thumbSize + 8
        focusRing.frame = Rect(x: center.x - ring / 2, y: center.y - ring / 2, width: ring, height: ring)
    }
}
