import Controllers
import Graphics
import Platform
import Views

/// Stands in for an effect whose issue has not landed yet, and says so plainly.
@MainActor
public final class PlaceholderViewController: ViewController, SceneController {
    public let scene: SceneID
    /// Called when the user asks to go back (the back button; Escape is handled by the app).
    public var onClose: () -> Void = {}

    private let bar = View()
    private let backButton = Label(text: "‹ Gallery", font: .system(17), color: .systemBlue)
    private let barTitle = Label(font: .bold(17), color: .black, alignment: .center)
    private let tile = ImageView()
    private let headline = Label(font: .bold(22), color: .black, alignment: .center)
    private let message = Label(font: .system(15), color: Color(hex: 0x6C6C70), alignment: .center)

    public init(scene: SceneID) {
        self.scene = scene
        super.init(title: scene.title)
    }

    public var sceneID: SceneID { scene }

    public override var dumpName: String { "Placeholder(\(scene.rawValue))" }

    public override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = .systemGroupedBackground
        root.accessibilityIdentifier = "\(scene.rawValue).placeholder"
        return root
    }

    public override func viewDidLoad() {
        guard let root = view as? ControllerRootView else { return }
        bar.backgroundColor = Color(hex: 0xF9F9F9)
        backButton.accessibilityIdentifier = "placeholder.back"
        backButton.isUserInteractionEnabled = true
        backButton.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.onClose() })
        barTitle.text = scene.title
        tile.image = ImageRef(scene.previewImageName)
        tile.cornerRadius = 28
        tile.clipsToBounds = true
        headline.text = scene.title
        message.text = "\(scene.summary).\nThis effect arrives with its own issue; press Esc to go back."
        message.numberOfLines = 0
        let separator = View()
        separator.backgroundColor = Color(hex: 0xC6C6C8)
        for child in [bar, backButton, barTitle, tile, headline, message, separator] { root.addSubview(child) }
        root.onLayout = { [weak self] bounds in
            guard let self else { return }
            self.bar.frame = Rect(x: 0, y: 0, width: bounds.width, height: 64)
            separator.frame = Rect(x: 0, y: 64, width: bounds.width, height: 0.5)
            self.backButton.frame = Rect(x: 8, y: 24, width: 96, height: 36)
            self.barTitle.frame = Rect(x: 100, y: 24, width: bounds.width - 200, height: 36)
            let side = 120.0
            self.tile.frame = Rect(x: (bounds.width - side) / 2, y: bounds.height * 0.3, width: side, height: side)
            self.headline.frame = Rect(x: 20, y: self.tile.frame.maxY + 24, width: bounds.width - 40, height: 30)
            let fitting = Size(width: bounds.width - 64, height: .greatestFiniteMagnitude)
            self.message.frame = Rect(
                origin: Point(x: 32, y: self.headline.frame.maxY + 8),
                size: Size(
                    width: bounds.width - 64, height: self.message.sizeThatFits(fitting).height))
        }
    }
}
