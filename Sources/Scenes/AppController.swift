import Controllers
import Graphics
import Platform
import Views

/// The app's root: shows the gallery or one scene, and owns the keys that move between them.
@MainActor
public final class AppController: ViewController {
    public private(set) var currentScene: SceneID = .gallery
    private let gallery = GalleryViewController()
    private var sceneController: ViewController?

    public init(initialScene: SceneID = .gallery) {
        super.init(title: "Teardowns")
        currentScene = initialScene
    }

    public override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = .white
        root.accessibilityIdentifier = "app"
        root.onLayout = { [weak self] bounds in
            guard let self else { return }
            for child in self.children { child.view.frame = bounds }
        }
        return root
    }

    public override func viewDidLoad() {
        gallery.onOpen = { [weak self] scene in self?.open(scene) }
        show(gallery)
        if currentScene != .gallery {
            let scene = currentScene
            currentScene = .gallery
            open(scene)
        }
    }

    /// Replaces what is on screen with `scene` (the gallery included).
    public func open(_ scene: SceneID) {
        guard scene != currentScene || sceneController == nil && scene != .gallery else { return }
        if scene == .gallery {
            closeScene()
            return
        }
        let controller = makeController(for: scene)
        if let old = sceneController { hide(old) } else { hide(gallery) }
        sceneController = controller
        currentScene = scene
        show(controller)
    }

    private func closeScene() {
        guard let controller = sceneController else { return }
        hide(controller)
        sceneController = nil
        currentScene = .gallery
        show(gallery)
    }

    private func makeController(for scene: SceneID) -> ViewController {
        let placeholder = PlaceholderViewController(scene: scene)
        placeholder.onClose = { [weak self] in self?.open(.gallery) }
        return placeholder
    }

    private func show(_ controller: ViewController) {
        controller.viewWillAppear()
        addChild(controller)
        controller.view.frame = view.bounds
        view.addSubview(controller.view)
        controller.viewDidAppear()
    }

    private func hide(_ controller: ViewController) {
        controller.viewWillDisappear()
        controller.view.removeFromSuperview()
        controller.removeFromParent()
        controller.viewDidDisappear()
    }

    /// The top-most controller sees the key first; Escape then falls back to "back to the gallery".
    public override func handleKey(_ key: Key) -> Bool {
        if let top = children.last, top.handleKey(key) { return true }
        if key == .escape, sceneController != nil {
            closeScene()
            return true
        }
        return false
    }
}
