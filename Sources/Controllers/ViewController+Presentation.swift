import Graphics
import Views

extension ViewController {
    /// The window host this controller is shown in, through its parents or presenter.
    public var host: WindowHost? {
        ownHost ?? parent?.host ?? presentingViewController?.host
    }

    /// The nearest navigation controller above this one.
    public var navigationController: NavigationController? {
        var node = parent
        while let current = node {
            if let navigation = current as? NavigationController { return navigation }
            node = current.parent
        }
        return nil
    }

    /// Presents `controller` modally over this one: its transitioning delegate's animator, or the
    /// default slide up (0.6 s). A second present while one is animating waits its turn.
    public func present(_ controller: ViewController, animated: Bool = true, completion: (() -> Void)? = nil) {
        guard let host else {
            preconditionFailure("present(_:) on a controller that is not on screen")
        }
        host.present(controller, from: self, animated: animated, completion: completion)
    }

    /// Dismisses what this controller presented (or this controller, if it was presented).
    public func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) {
        let target = presentedViewController ?? (presentingViewController != nil ? self : nil)
        guard let target, let host else { return }
        host.dismiss(target, animated: animated, completion: completion)
    }

    /// Asks the status bar to follow `preferredStatusBarStyle`; inside an animation block the
    /// change cross-fades along with it.
    public func setNeedsStatusBarAppearanceUpdate() {
        host?.updateStatusBar()
    }
}
