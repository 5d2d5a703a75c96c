import Graphics
import Views

/// The phone's status bar, simulated: time in the middle, battery on the right, in dark or light
/// content as the top controller prefers. Changes animate when made inside an animation block.
@MainActor
public final class StatusBarView: View {
    public static let height = 20.0
    public static let identifier = "statusbar"
    private let time = Label(text: "9:41", font: .bold(12), color: .black, alignment: .center)
    private let batteryBody = View()
    private let batteryLevel = View()
    private let batteryCap = View()
    /// 0 = dark content, 1 = light content; animatable so the switch can cross-fade.
    private lazy var lightness = AnimatableValue(0, owner: self) { [weak self] in self?.setNeedsLayout() }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityIdentifier = Self.identifier
        isUserInteractionEnabled = false
        time.accessibilityIdentifier = "statusbar.time"
        batteryBody.cornerRadius = 2.5
        batteryLevel.cornerRadius = 1.5
        batteryCap.cornerRadius = 0.75
        for child in [time, batteryBody, batteryLevel, batteryCap] { addSubview(child) }
    }

    public var style: StatusBarStyle = .darkContent {
        didSet { lightness.value = style == .lightContent ? 1 : 0 }
    }

    public override func layoutSubviews() {
        let content = Color.black.mixed(with: .white, fraction: lightness.presented)
        time.textColor = content
        time.frame = Rect(x: 0, y: 3, width: bounds.width, height: 15)
        let right = bounds.width - 8
        batteryCap.frame = Rect(x: right - 1.5, y: 8, width: 1.5, height: 4)
        batteryBody.frame = Rect(x: right - 25.5, y: 5, width: 24, height: 10.5)
        batteryBody.backgroundColor = content.withAlpha(0.35)
        batteryLevel.frame = batteryBody.frame.insetBy(dx: 1.5, dy: 1.5)
        batteryLevel.backgroundColor = content
        batteryCap.backgroundColor = content.withAlpha(0.4)
    }
}
