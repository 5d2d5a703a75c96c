import Controllers
import Graphics
import Motion
import Platform
import Views

/// A room's detail screen: the room at full size with its labels in the bar, and a white content
/// sheet that can be dragged down (the labels follow back to the centre and the image fades in)
/// and snaps to the top or the bottom. A close button (or Escape) shrinks it back into its panel.
@MainActor
public final class RoomDetailViewController: ViewController {
    static let sheetTop = 64.0
    static let sheetBottomGap = 64.0
    /// Seconds for a full-height snap; shorter snaps take their share of it (as the seed).
    static let snapDurationPerHeight = 1.4
    /// Faster than this (pt/s) a release decides by its direction, not by where the sheet is.
    static let flickSpeed = 500.0

    public let room: Room
    public let detailView: RoomDetailView
    public let sheet = View()
    public let closeButton = Label(text: "×", font: .system(30), color: .white, alignment: .center)
    private let sheetTitle = Label(font: .bold(20), color: .black)
    private let sheetText = Label(font: .system(16), color: Color(hex: 0x3C3C43))
    private let joinButton = Label(text: "Join room", font: .bold(17), color: .white, alignment: .center)
    private let pan = PanGestureRecognizer()

    public init(room: Room) {
        self.room = room
        detailView = RoomDetailView(room: room)
        super.init(title: room.title)
    }

    public override var preferredStatusBarStyle: StatusBarStyle { .lightContent }

    public override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = Color(hex: 0x6C7F99)
        root.clipsToBounds = true
        root.accessibilityIdentifier = "rooms.detail.screen"
        root.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
        return root
    }

    public override func viewDidLoad() {
        detailView.identify(as: "rooms.detail")
        sheet.accessibilityIdentifier = "rooms.detail.content"
        sheet.backgroundColor = .white
        sheet.shadow = Shadow(opacity: 0.3, radius: 5)
        sheetTitle.text = "About this room"
        sheetText.text = room.about
        sheetText.numberOfLines = 0
        joinButton.backgroundColor = .systemBlue
        joinButton.cornerRadius = 22
        for child in [sheetTitle, sheetText, joinButton] { sheet.addSubview(child) }
        closeButton.accessibilityIdentifier = "rooms.close"
        closeButton.isUserInteractionEnabled = true
        closeButton.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.close() })
        pan.direction = .vertical
        pan.addAction { [weak self] recognizer in self?.handlePan(recognizer as? PanGestureRecognizer) }
        view.addGestureRecognizer(pan)
        for child in [detailView, sheet, closeButton] { view.addSubview(child) }
    }

    private var laidOutSize = Size.zero

    private func layout(in bounds: Rect) {
        guard bounds.size != laidOutSize else { return }
        laidOutSize = bounds.size
        detailView.frame = bounds
        sheet.frame = Rect(x: 0, y: Self.sheetTop, width: bounds.width, height: sheetHeight)
        closeButton.frame = Rect(x: 4, y: 20, width: 44, height: 44)
        sheetTitle.frame = Rect(x: 20, y: 24, width: bounds.width - 40, height: 26)
        let textHeight = sheetText.sizeThatFits(Size(width: bounds.width - 40, height: .greatestFiniteMagnitude)).height
        sheetText.frame = Rect(x: 20, y: 60, width: bounds.width - 40, height: textHeight)
        joinButton.frame = Rect(x: 20, y: sheetText.frame.maxY + 24, width: bounds.width - 40, height: 44)
    }

    /// Taller than the space below the bar by the bar's height, so a spring overshooting upwards
    /// never uncovers the screen's bottom edge.
    private var sheetHeight: Double { view.bounds.height }

    /// How far the sheet is from the top (0) to the bottom (1).
    public var sheetProgress: Double {
        let travel = view.bounds.height - Self.sheetTop - Self.sheetBottomGap
        return travel > 0 ? (sheet.frame.minY - Self.sheetTop) / travel : 0
    }

    public func close() {
        dismiss(animated: true)
    }

    public override func handleKey(_ key: Key) -> Bool {
        guard key == .escape else { return false }
        close()
        return true
    }

    // MARK: Sheet

    private func handlePan(_ pan: PanGestureRecognizer?) {
        guard let pan else { return }
        switch pan.state {
        case .began, .changed:
            // Grab the sheet where it is on screen (it may be mid-snap), then follow 1:1.
            if pan.state == .began {
                sheet.stopAnimations()
                detailView.transitionProgress.value = detailView.transitionProgress.presented
                detailView.transitionProgress.stopAnimations()
            }
            var frame = sheet.frame
            frame.origin.y += pan.translation(in: view).y
            pan.setTranslation(.zero, in: view)
            sheet.frame = frame
            detailView.transitionProgress.value = sheetProgress
        case .ended, .cancelled:
            let progress = sheetProgress
            let speed = pan.velocity(in: view).y
            let toBottom = abs(speed) > Self.flickSpeed ? speed > 0 : progress > 0.5
            let remaining = toBottom ? 1 - progress : progress
            let duration = max(abs(remaining) * Self.snapDurationPerHeight, 0.2)
            let height = view.bounds.height
            View.animate(duration: duration, dampingRatio: 0.7) {
                self.detailView.transitionProgress.value = toBottom ? 1 : 0
                var frame = self.sheet.frame
                frame.origin.y = toBottom ? height - Self.sheetBottomGap : Self.sheetTop
                self.sheet.frame = frame
            }
        default:
            break
        }
    }

    // MARK: Transition

    /// The sheet and close button's part of the panel transition.
    func animateAlongTransition(presenting: Bool) {
        let height = view.bounds.height
        if presenting {
            sheet.frame = Rect(x: 0, y: height, width: view.bounds.width, height: height - Self.sheetTop)
            closeButton.alpha = 0
            View.animate(duration: 0.6, dampingRatio: 0.7) {
                self.sheet.frame = Rect(
                    x: 0, y: Self.sheetTop, width: self.view.bounds.width, height: height - Self.sheetTop)
                self.closeButton.alpha = 1
            }
        } else {
            View.animate(duration: 0.3, dampingRatio: 1) {
                var frame = self.sheet.frame
                frame.origin.y = height
                self.sheet.frame = frame
                self.closeButton.alpha = 0
            }
        }
    }
}
