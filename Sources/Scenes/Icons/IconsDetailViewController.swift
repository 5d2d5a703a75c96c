import Controllers
import Graphics
import Platform
import Views

/// One item full screen: its colour, its glyph large, its name and summary, and a back button.
/// The back button slides in from the top (−64 → 0) and the labels from the bottom (−200 → 80)
/// in 0.6 s after 0.2 s when the zoom arrives; on the way back they leave at once.
@MainActor
final class IconsDetailViewController: ViewController, ZoomingIconProviding {
    static let iconSide = 120.0

    let item: IconItem
    let colouredView = View()
    let iconView = ImageView(image: nil, contentMode: .scaleAspectFit)
    let titleLabel = Label(font: .bold(34), color: .white)
    let summaryLabel = Label(font: .system(18), color: .white)
    let backButton = Button(title: "‹ Back", font: .system(17), color: .white)
    /// 0: the bar above the screen and the labels below it; 1: both in place.
    private(set) lazy var chrome = AnimatableValue(1, owner: view) { [weak self] in self?.view.setNeedsLayout() }

    init(item: IconItem) {
        self.item = item
        super.init(title: item.name)
    }

    override var preferredStatusBarStyle: StatusBarStyle { .lightContent }

    override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = .white
        root.accessibilityIdentifier = "icons.detail"
        root.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
        return root
    }

    override func viewDidLoad() {
        colouredView.backgroundColor = item.colour
        colouredView.accessibilityIdentifier = "icons.detail.background"
        colouredView.isUserInteractionEnabled = false
        iconView.image = item.glyph
        iconView.accessibilityIdentifier = "icons.detail.icon"
        titleLabel.text = item.name
        titleLabel.accessibilityIdentifier = "icons.detail.title"
        summaryLabel.text = item.summary
        summaryLabel.numberOfLines = 0
        summaryLabel.accessibilityIdentifier = "icons.detail.summary"
        backButton.accessibilityIdentifier = "icons.back"
        backButton.onTap = { [weak self] in self?.navigationController?.popViewController() }
        for child in [colouredView, iconView, titleLabel, summaryLabel, backButton] { view.addSubview(child) }
    }

    private func layout(in bounds: Rect) {
        let shown = chrome.presented
        colouredView.frame = bounds
        let side = Self.iconSide
        iconView.frame = Rect(
            x: (bounds.width - side) / 2, y: max(bounds.height * 0.28 - side / 2, 84), width: side, height: side)
        backButton.frame = Rect(x: 8, y: 20 + (shown - 1) * 64, width: 96, height: 44)
        let width = min(bounds.width - 48, 560)
        let x = (bounds.width - width) / 2
        let fitting = Size(width: width, height: .greatestFiniteMagnitude)
        let titleHeight = titleLabel.sizeThatFits(fitting).height
        let summaryHeight = summaryLabel.sizeThatFits(fitting).height
        // The labels' bottom sits 80 pt above the window's bottom when shown, 200 pt below it when not.
        let bottom = bounds.height - (-200 + 280 * shown)
        summaryLabel.frame = Rect(x: x, y: bottom - summaryHeight, width: width, height: summaryHeight)
        titleLabel.frame = Rect(
            x: x, y: summaryLabel.frame.minY - 8 - titleHeight, width: width, height: titleHeight)
    }

    func zoomingColouredView(for transition: ZoomingIconTransition) -> View? { colouredView }
    func zoomingIconView(for transition: ZoomingIconTransition) -> ImageView? { iconView }

    func animateAlongZoom(_ operation: NavigationSlideAnimator.Operation) {
        if operation == .push {
            chrome.value = 0
            view.layoutIfNeeded()
            let delay = view.tuning[SceneTuning.Icons.labelsDelay]
            View.animate(duration: 0.6, delay: delay, dampingRatio: 1, changes: { self.chrome.value = 1 })
        } else {
            View.animate(duration: 0.6, dampingRatio: 1, changes: { self.chrome.value = 0 })
        }
    }

    override func handleKey(_ key: Key) -> Bool { false }
}
