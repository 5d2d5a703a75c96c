import Graphics
import Platform
import Views

/// Owns one screen's root view and reacts to its lifecycle, as UIViewController.
/// Keys reach the top-most controller first and fall back to its parent.
@MainActor
open class ViewController {
    public var title: String
    public private(set) weak var parent: ViewController?
    public private(set) var children: [ViewController] = []
    private var loadedView: View?

    // MARK: Presentation state (see ViewController+Presentation.swift)

    public var modalPresentationStyle = ModalPresentationStyle.fullScreen
    /// Supplies custom present/dismiss animators; weak, as UIKit's (often the controller itself).
    public weak var transitioningDelegate: (any TransitioningDelegate)?
    public internal(set) weak var presentingViewController: ViewController?
    public internal(set) var presentedViewController: ViewController?
    /// How this controller is shown while presented (set when a present starts).
    public internal(set) var presentationController: PresentationController?
    /// Set on the root and on presented controllers; children reach it through their parents.
    weak var ownHost: WindowHost?
    /// True while a transition takes this controller off screen for good if it completes (a pop,
    /// the top of a push, a dismissal).
    public internal(set) var isBeingRemoved = false

    /// True while this controller or one it belongs to is being taken off screen: it may no
    /// longer present anything.
    public var isLeaving: Bool {
        var node: ViewController? = self
        while let current = node {
            if current.isBeingRemoved { return true }
            node = current.parent
        }
        return false
    }

    public init(title: String = "") {
        self.title = title
    }

    /// The root view, created on first access through `loadView` then `viewDidLoad`.
    public var view: View {
        if let loadedView { return loadedView }
        let made = loadView()
        loadedView = made
        viewDidLoad()
        return made
    }

    public var isViewLoaded: Bool { loadedView != nil }

    /// Override to build a custom root view; the default is a plain white view.
    open func loadView() -> View {
        let root = View()
        root.backgroundColor = .white
        return root
    }

    open func viewDidLoad() {}
    open func viewWillAppear() {}
    open func viewDidAppear() {}
    open func viewWillDisappear() {}
    open func viewDidDisappear() {}

    /// Return true when the key was used; unused keys go to the parent.
    open func handleKey(_ key: Key) -> Bool { false }

    /// A name for the tree dump's list of on-screen controllers.
    open var dumpName: String { String(describing: type(of: self)) }

    public func addChild(_ child: ViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    public func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    /// Controllers on screen from this one down, bottom to top (for the dump).
    open var visibleControllers: [ViewController] {
        [self] + children.flatMap(\.visibleControllers)
    }

    /// The content style this screen wants from the status bar.
    open var preferredStatusBarStyle: StatusBarStyle { .darkContent }

    /// The accessibility identifier the status bar takes while this screen is on top (a scene
    /// names it in its dumps, "inbox.statusbar"); nil keeps "statusbar".
    open var statusBarIdentifier: String? { nil }
}
