import Controllers
import Graphics
import Platform
import Views

/// The app's root: a navigation stack with the gallery at the bottom; opening a scene pushes it
/// (default slide), Escape or a swipe from the left edge goes back.
@MainActor
public final class AppController: NavigationController {
    private let initialScene: SceneID
    private let gallery: GalleryViewController
    /// The settings the Slide-in Settings panel edits, kept while the app runs.
    public let settings = SettingsModel()
    /// The rooms joined in Sliding Panels, kept while the app runs.
    public let joinedRooms = JoinedRooms()

    public init(initialScene: SceneID = .gallery) {
        self.initialScene = initialScene
        gallery = GalleryViewController()
        super.init(rootViewController: gallery)
        title = "Teardowns"
    }

    /// The scene on screen: the top-most scene controller on the stack, so a screen a scene pushes
    /// of its own still counts as that scene (the gallery when nothing is open).
    public var currentScene: SceneID {
        viewControllers.reversed().lazy.compactMap { ($0 as? SceneController)?.sceneID }.first ?? .gallery
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        isNavigationBarHidden = true
        view.accessibilityIdentifier = "app"
        gallery.onOpen = { [weak self] scene in self?.open(scene) }
        if initialScene != .gallery { open(initialScene, animated: false) }
    }

    /// Shows `scene` on top of the gallery (the gallery itself pops back to it).
    public func open(_ scene: SceneID, animated: Bool = true) {
        guard scene != .gallery else {
            if viewControllers.count > 1 { popViewController(animated: animated) }
            return
        }
        guard !isTransitioning, viewControllers.count == 1, let controller = makeController(for: scene) else { return }
        pushViewController(controller, animated: animated)
    }

    /// The screen of an effect, each with an on-screen way back to the gallery.
    private func makeController(for scene: SceneID) -> ViewController? {
        let back: () -> Void = { [weak self] in self?.open(.gallery) }
        switch scene {
        case .gallery:
            return nil
        case .rooms:
            let rooms = RoomsViewController(joinedRooms: joinedRooms)
            rooms.onClose = back
            return rooms
        case .modal:
            let home = ModalHomeViewController()
            home.onClose = back
            return home
        case .inbox:
            let inbox = InboxViewController()
            inbox.onClose = back
            return inbox
        case .icons:
            let icons = IconsViewController()
            icons.onClose = back
            return icons
        case .settings:
            let home = SettingsHomeViewController(model: settings)
            home.onClose = back
            return home
        }
    }
}

/// A controller that is one of the app's scenes, so the app knows which one is showing.
@MainActor
public protocol SceneController: AnyObject {
    var sceneID: SceneID { get }
}
