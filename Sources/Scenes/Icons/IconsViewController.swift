import Controllers
import Graphics
import Views

/// Zooming Icons: its own navigation stack with the bar hidden — the menu at the bottom, a
/// detail screen pushed with the zoom. At the menu the back swipe passes to the app's stack.
@MainActor
public final class IconsViewController: NavigationController, SceneController {
    public var sceneID: SceneID { .icons }
    private let zoom = ZoomingIconTransition()
    let menu: IconsMenuViewController

    public var onClose: () -> Void {
        get { menu.onBack }
        set { menu.onBack = newValue }
    }

    public init() {
        menu = IconsMenuViewController()
        super.init(rootViewController: menu)
        title = SceneID.icons.title
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        isNavigationBarHidden = true
        view.accessibilityIdentifier = "icons"
        delegate = zoom
    }
}
