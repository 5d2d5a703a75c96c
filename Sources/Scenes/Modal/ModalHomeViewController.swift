import Controllers
import Graphics
import Platform
import Views

/// Drag to Dismiss, the screen under the card: what the effect is and an "Open Modal" button.
/// It is the card's transitioning delegate, as in the seed, and hands its dismissal an
/// interactor when the card's own pan starts it.
@MainActor
public final class ModalHomeViewController: ViewController, SceneController {
    public var sceneID: SceneID { .modal }
    /// Called for the on-screen way back to the gallery.
    public var onClose: () -> Void = {}

    private lazy var bar = SceneBar(title: SceneID.modal.title, identifier: "modal") { [weak self] in self?.onClose() }
    private let illustration = ImageView(image: ImageRef(SceneID.modal.previewImageName))
    private let headline = Label(text: "Pull the card down to close it", font: .bold(24), color: .black)
    private let body = Label(
        text: "Open the card, then drag it down from anywhere. Let go past 30 % of the way down, or "
            + "flick it, and it closes; let go sooner and it springs back up.",
        font: .system(16), color: Color(hex: 0x3C3C43))
    let openButton = Button(title: "Open Modal", font: .bold(17), color: .white, background: .systemBlue)
    private let hint = Label(
        text: "Enter opens the card · Esc closes it, or goes back to the gallery", font: .system(13),
        color: Color(hex: 0x8E8E93), alignment: .center)
    let dismissal = CardDismissal()

    public init() {
        super.init(title: SceneID.modal.title)
    }

    public override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = .systemGroupedBackground
        root.accessibilityIdentifier = "modal.home"
        root.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
        return root
    }

    public override func viewDidLoad() {
        illustration.cornerRadius = 28
        illustration.clipsToBounds = true
        headline.numberOfLines = 0
        body.numberOfLines = 0
        hint.numberOfLines = 0
        openButton.accessibilityIdentifier = "modal.open"
        openButton.cornerRadius = 12
        openButton.onTap = { [weak self] in self?.openCard() }
        for child in [illustration, headline, body, openButton, hint, bar] { view.addSubview(child) }
    }

    /// A readable column (at most 560 pt) in the middle of any window.
    private func layout(in bounds: Rect) {
        bar.frame = Rect(x: 0, y: 0, width: bounds.width, height: SceneBar.height)
        let width = min(bounds.width - 40, 560)
        let x = (bounds.width - width) / 2
        let side = 112.0
        let fitting = Size(width: width, height: .greatestFiniteMagnitude)
        let headlineHeight = headline.sizeThatFits(fitting).height
        let bodyHeight = body.sizeThatFits(fitting).height
        let hintHeight = hint.sizeThatFits(fitting).height
        let total = side + 28 + headlineHeight + 12 + bodyHeight + 32 + 50 + 16 + hintHeight
        var y = max(SceneBar.height + 24, SceneBar.height + (bounds.height - SceneBar.height - total) / 2)
        illustration.frame = Rect(x: (bounds.width - side) / 2, y: y, width: side, height: side)
        y += side + 28
        headline.frame = Rect(x: x, y: y, width: width, height: headlineHeight)
        y += headlineHeight + 12
        body.frame = Rect(x: x, y: y, width: width, height: bodyHeight)
        y += bodyHeight + 32
        openButton.frame = Rect(x: x, y: y, width: width, height: 50)
        y += 50 + 16
        hint.frame = Rect(x: x, y: y, width: width, height: hintHeight)
    }

    /// Presents the card (slides up, 0.6 s); the card dismisses itself by drag, Close or Escape.
    public func openCard() {
        guard presentedViewController == nil else { return }
        let card = ModalCardViewController()
        card.transitioningDelegate = dismissal
        card.dismissal = dismissal
        present(card)
    }

    public override func handleKey(_ key: Key) -> Bool {
        guard key == .enter else { return false }
        openCard()
        return true
    }
}
