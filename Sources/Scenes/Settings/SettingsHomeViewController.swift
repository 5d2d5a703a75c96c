import Controllers
import Graphics
import Platform
import Views

/// Slide-in Settings, the page under the panel (Stray's diary page, in our words). The left edge
/// belongs to the settings panel here: a transparent strip there takes the edge drag, which
/// pulls the panel in under the finger; the navigation's back swipe yields to it. A Settings
/// button, `,` and Enter open it too.
@MainActor
public final class SettingsHomeViewController: ViewController, SceneController {
    public var sceneID: SceneID { .settings }
    public var onClose: () -> Void = {}
    static let edgeWidth = 20.0

    let model: SettingsModel
    let transition = SettingsTransition()
    private lazy var bar = SceneBar(title: SceneID.settings.title, identifier: "settings") { [weak self] in
        self?.onClose()
    }
    let settingsButton = Button(title: "Settings", font: .system(17), color: .systemBlue)
    private let date = Label(text: "SUNDAY 22 NOVEMBER", font: .bold(13), color: Color(hex: 0x8E8E93))
    private let headline = Label(text: "A slow morning", font: .bold(30), color: .black)
    private let entry = Label(
        text: "Coffee on the balcony, the street still wet from the night. Wrote three pages before "
            + "anyone else was up and promised myself a long walk after lunch.",
        font: .system(17), color: Color(hex: 0x3C3C43))
    private let hint = Label(
        text:
            "Settings live at the left edge: swipe in from it, press the Settings button, or press the comma key (,).",
        font: .system(13), color: Color(hex: 0x8E8E93))
    /// A small tab at the left edge that shows where the panel comes from.
    private let handle = View()
    /// The transparent strip along the left edge that receives the edge drag (the seed's way).
    let edge = View()
    private let edgePan = PanGestureRecognizer()

    init(model: SettingsModel) {
        self.model = model
        super.init(title: SceneID.settings.title)
    }

    public override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = Color(hex: 0xFBF8F3)
        root.accessibilityIdentifier = "settings.home"
        root.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
        return root
    }

    public override func viewDidLoad() {
        settingsButton.accessibilityIdentifier = "settings.open"
        settingsButton.onTap = { [weak self] in self?.openSettings() }
        bar.trailingButton = settingsButton
        for label in [headline, entry, hint] { label.numberOfLines = 0 }
        handle.backgroundColor = Color(hex: 0xC7C2B8)
        handle.cornerRadius = 2
        handle.isUserInteractionEnabled = false
        edge.accessibilityIdentifier = "settings.edge"
        edgePan.direction = .horizontal
        edgePan.shouldBegin = { [weak self] recognizer in
            guard let self, let pan = recognizer as? PanGestureRecognizer, let start = pan.startLocation else {
                return false
            }
            return pan.location(in: nil).x > start.x && self.presentedViewController == nil
        }
        edgePan.addAction { [weak self] recognizer in self?.handleEdgePan(recognizer as? PanGestureRecognizer) }
        edge.addGestureRecognizer(edgePan)
        // The left edge is ours in this scene: the back swipe waits for the edge drag to fail.
        navigationController?.interactivePopGestureRecognizer.require(toFail: edgePan)
        for child in [date, headline, entry, hint, handle, bar, edge] { view.addSubview(child) }
    }

    private func layout(in bounds: Rect) {
        bar.frame = Rect(x: 0, y: 0, width: bounds.width, height: SceneBar.height)
        edge.frame = Rect(x: 0, y: SceneBar.height, width: Self.edgeWidth, height: bounds.height - SceneBar.height)
        handle.frame = Rect(x: 0, y: bounds.height / 2 - 28, width: 4, height: 56)
        let width = min(bounds.width - 56, 600)
        let x = max((bounds.width - width) / 2, 32)
        let fitting = Size(width: width, height: .greatestFiniteMagnitude)
        var y = SceneBar.height + 40
        date.frame = Rect(x: x, y: y, width: width, height: 18)
        y += 26
        for label in [headline, entry] {
            let height = label.sizeThatFits(fitting).height
            label.frame = Rect(x: x, y: y, width: width, height: height)
            y += height + 14
        }
        let hintHeight = hint.sizeThatFits(fitting).height
        hint.frame = Rect(x: x, y: max(y + 24, bounds.height - 40 - hintHeight), width: width, height: hintHeight)
    }

    /// Slides the panel in with the seed's spring (not driven by a finger).
    public func openSettings() {
        guard presentedViewController == nil else { return }
        transition.interactor = nil
        present(makePanel())
    }

    private func makePanel() -> SettingsPanelViewController {
        let panel = SettingsPanelViewController(model: model)
        panel.modalPresentationStyle = .custom
        panel.transitioningDelegate = transition
        panel.transition = transition
        return panel
    }

    public override func handleKey(_ key: Key) -> Bool {
        guard key == .comma || key == .enter else { return false }
        openSettings()
        return true
    }

    /// The edge drag: the panel follows the finger across its 200 pt reveal.
    private func handleEdgePan(_ pan: PanGestureRecognizer?) {
        guard let pan else { return }
        let reveal = view.tuning[SceneTuning.Settings.panelReveal]
        switch pan.state {
        case .began:
            transition.interactor = PercentDrivenInteractiveTransition()
            present(makePanel())
        case .changed:
            transition.interactor?.update(min(max(pan.translation(in: nil).x / reveal, 0), 1))
        case .ended, .cancelled:
            guard let interactor = transition.interactor else { return }
            SettingsTransition.release(
                interactor, speed: pan.velocity(in: nil).x, cancelled: pan.state == .cancelled, reveal: reveal)
        default:
            break
        }
    }
}
