import Graphics
import Views

/// The phone's status bar, simulated: time in the middle, battery on the right, in dark or light
/// content as the top controller prefers. Changes animate when made inside an animation block.
///
/// A top screen that covers only part of the window (a side panel over a dimmed page) gives the
/// bar two backgrounds: over the screen its own style, beside it the style of what shows there.
/// The bar then draws its content twice, each copy clipped to its part, so every glyph reads
/// against what is under it — the clock straddling the panel's edge is dark over the white panel
/// and light over the dimmed page, split at the edge's pixel.
@MainActor
public final class StatusBarView: View {
    public static let height = 20.0
    public static let identifier = "statusbar"

    /// The style over the top screen.
    public var style: StatusBarStyle = .darkContent {
        didSet {
            inside.lightness.value = style == .lightContent ? 1 : 0
            if styleBeside == nil { beside.lightness.value = inside.lightness.value }
        }
    }

    /// The style beside the top screen where it leaves the bar uncovered; nil: the same as `style`.
    public var styleBeside: StatusBarStyle? {
        didSet { beside.lightness.value = (styleBeside ?? style) == .lightContent ? 1 : 0 }
    }

    /// The part of the bar (its x range, in the bar's points) the top screen covers; nil: all of it.
    public var coveredSpan: ClosedRange<Double>? {
        didSet { if coveredSpan != oldValue { setNeedsLayout() } }
    }

    /// The clock as drawn over the top screen (its text and colour; the tree dump's
    /// `statusbar.time`).
    public var timeLabel: Label { inside.content.time }

    /// The copy over the top screen, and the copies left and right of it.
    private let inside = Part(identifier: "statusbar.time")
    private let beside = Part(identifier: "statusbar.beside.time")
    private lazy var besideRight = Part(identifier: "statusbar.beside.time", sharing: beside)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityIdentifier = Self.identifier
        isUserInteractionEnabled = false
        for part in [beside, besideRight, inside] { addSubview(part.clip) }
    }

    public override func layoutSubviews() {
        let width = bounds.width
        let span =
            coveredSpan.map { min(max($0.lowerBound, 0), width)...min(max($0.upperBound, 0), width) } ?? 0...width
        place(beside, from: 0, to: span.lowerBound)
        place(inside, from: span.lowerBound, to: span.upperBound)
        place(besideRight, from: span.upperBound, to: width)
        let besideShows = span.lowerBound > 0 || span.upperBound < width
        for part in [beside, besideRight] { part.clip.isHidden = !besideShows }
    }

    /// Clips `part` to the bar's x range `minX…maxX`, its content drawn where the whole bar's is.
    private func place(_ part: Part, from minX: Double, to maxX: Double) {
        let width = max(maxX - minX, 0)
        part.clip.frame = Rect(x: minX, y: 0, width: width, height: bounds.height)
        part.clip.bounds = Rect(x: minX, y: 0, width: width, height: bounds.height)
        part.content.frame = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        part.content.setNeedsLayout()
    }

    /// One copy of the bar's content, in a view that clips it to its part of the bar.
    @MainActor
    private final class Part {
        let clip = View()
        let content: Content
        /// 0 = dark content, 1 = light content; animatable so a change can cross-fade.
        let lightness: AnimatableValue

        init(identifier: String, sharing shared: Part? = nil) {
            content = Content(identifier: identifier)
            clip.clipsToBounds = true
            clip.isUserInteractionEnabled = false
            clip.addSubview(content)
            let content = self.content
            if let shared {
                lightness = shared.lightness
                let previous = lightness.onChange
                lightness.onChange = {
                    previous()
                    content.setNeedsLayout()
                }
            } else {
                lightness = AnimatableValue(0, owner: content) { content.setNeedsLayout() }
            }
            content.lightness = { [unowned self] in self.lightness.presented }
        }
    }

    /// The clock and the battery, coloured by `lightness`.
    @MainActor
    private final class Content: View {
        let time = Label(text: "9:41", font: .bold(12), color: .black, alignment: .center)
        private let batteryBody = View()
        private let batteryLevel = View()
        private let batteryCap = View()
        var lightness: () -> Double = { 0 }

        init(identifier: String) {
            super.init(frame: .zero)
            isUserInteractionEnabled = false
            time.accessibilityIdentifier = identifier
            batteryBody.cornerRadius = 2.5
            batteryLevel.cornerRadius = 1.5
            batteryCap.cornerRadius = 0.75
            for child in [time, batteryBody, batteryLevel, batteryCap] { addSubview(child) }
        }

        override func layoutSubviews() {
            let content = Color.black.mixed(with: .white, fraction: lightness())
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
}
