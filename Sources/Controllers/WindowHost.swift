import Graphics
import Motion
import Platform
import Views

/// Puts controllers in a window: the root controller, modal presentations stacked above it (each
/// in its own full-window layer), the simulated status bar on top of everything, and the keys,
/// which go to the top-most controller first.
@MainActor
public final class WindowHost {
    public let window: Window
    public let rootViewController: ViewController
    public let statusBar = StatusBarView()
    private let stage = ControllerRootView()
    private let modalRunner = TransitionRunner()

    private struct Presentation {
        let controller: ViewController
        let presenter: ViewController
        let layer: View
    }
    private var presentations: [Presentation] = []

    public init(window: Window, rootViewController: ViewController) {
        self.window = window
        self.rootViewController = rootViewController
        rootViewController.ownHost = self
        stage.accessibilityIdentifier = "stage"
        stage.backgroundColor = .black
        window.addSubview(stage)
        stage.frame = window.bounds
        stage.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
        rootViewController.viewWillAppear()
        stage.addSubview(rootViewController.view)
        stage.addSubview(statusBar)
        rootViewController.viewDidAppear()
        window.keyHandler = { [weak self] key in self?.handleKey(key) ?? false }
        updateStatusBar()
    }

    /// Follows the window's size (call after a resize).
    public func windowDidResize() {
        stage.frame = window.bounds
    }

    private func layout(in bounds: Rect) {
        for presentation in presentations { presentation.layer.frame = bounds }
        // While a transition runs its animator owns the views' frames.
        if !modalRunner.isRunning {
            rootViewController.view.frame = bounds
            for presentation in presentations where presentation.controller.view.superview === presentation.layer {
                presentation.controller.view.frame = bounds
            }
        }
        statusBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: StatusBarView.height)
        stage.bringSubviewToFront(statusBar)
    }

    /// True while a present or dismiss is animating.
    public var isTransitioning: Bool { modalRunner.isRunning }

    /// The controller whose screen is on top: one being presented right now, else the last
    /// presented one, else the root. Keys go here first.
    public var topController: ViewController {
        if let arriving = arrivingController { return arriving }
        return presentations.last?.controller ?? rootViewController
    }

    /// A controller in the middle of being presented (not yet in the stack).
    private var arrivingController: ViewController? {
        guard let active = modalRunner.active,
            !presentations.contains(where: { $0.controller === active.toViewController }),
            active.toViewController.presentingViewController != nil
        else { return nil }
        return active.toViewController
    }

    /// Every controller on screen, bottom to top (for the dump and the status bar).
    public var visibleControllers: [ViewController] {
        var result = rootViewController.visibleControllers
        for presentation in presentations { result += presentation.controller.visibleControllers }
        if let arriving = arrivingController { result += arriving.visibleControllers }
        return result
    }

    // MARK: Keys

    /// The top controller (and its children, through its own `handleKey`) sees the key first;
    /// an unused Escape dismisses the top presented controller.
    public func handleKey(_ key: Key) -> Bool {
        if topController.handleKey(key) { return true }
        if key == .escape, let top = presentations.last?.controller {
            dismiss(top, animated: true, completion: nil)
            return true
        }
        return false
    }

    // MARK: Status bar

    public func updateStatusBar() {
        statusBar.style = visibleControllers.last?.preferredStatusBarStyle ?? .darkContent
    }

    /// Cross-fades the status bar to `controller`'s style while a transition brings it on top.
    private func fadeStatusBar(towards controller: ViewController) {
        let style = controller.visibleControllers.last?.preferredStatusBarStyle ?? controller.preferredStatusBarStyle
        guard style != statusBar.style else { return }
        View.animate(duration: 0.3, curve: .easeInOut, changes: { self.statusBar.style = style })
    }

    // MARK: Present and dismiss

    func present(
        _ controller: ViewController, from presenter: ViewController, animated: Bool, completion: (() -> Void)?
    ) {
        guard controller.presentingViewController == nil, controller !== presenter else { return }
        modalRunner.enqueue { [weak self] in
            self?.startPresenting(controller, from: presenter, animated: animated, completion: completion)
        }
    }

    private func startPresenting(
        _ controller: ViewController, from requested: ViewController, animated: Bool, completion: (() -> Void)?
    ) {
        // A controller that already presents something passes the request to the top of its chain.
        var presenter = requested
        while let next = presenter.presentedViewController { presenter = next }
        let layer = View(frame: stage.bounds)
        layer.accessibilityIdentifier = "presentation.layer"
        stage.insertSubview(layer, belowSubview: statusBar)
        controller.ownHost = self
        controller.presentingViewController = presenter
        presenter.presentedViewController = controller
        controller.view.frame = layer.bounds
        let delegate = controller.transitioningDelegate
        let animator =
            animated
            ? (delegate?.animationController(forPresented: controller, presenting: presenter)
                ?? ModalSlideAnimator(presenting: true)) : nil
        let interaction = animator.flatMap { delegate?.interactionControllerForPresentation(using: $0) }
        let covers = controller.modalPresentationStyle == .fullScreen
        let participants = TransitionRunner.Participants(
            container: layer, from: presenter, to: controller, disappearing: covers ? presenter : nil,
            appearing: controller)
        if animator != nil { fadeStatusBar(towards: controller) }
        modalRunner.run(participants, animator: animator, interaction: interaction) { [weak self] completed in
            guard let self else { return }
            if completed {
                self.presentations.append(Presentation(controller: controller, presenter: presenter, layer: layer))
                if covers { self.home(of: presenter)?.isHidden = true }
            } else {
                controller.view.removeFromSuperview()
                layer.removeFromSuperview()
                presenter.presentedViewController = nil
                controller.presentingViewController = nil
            }
            self.restoreHomes()
            self.updateStatusBar()
            completion?()
        }
    }

    func dismiss(_ controller: ViewController, animated: Bool, completion: (() -> Void)?) {
        if let active = modalRunner.active, active.toViewController === controller, !active.isInteractive,
            controller.transitioningDelegate?.allowsDismissalDuringPresentation == true
        {
            // Close while still opening: settle the present now; the dismissal reverses from
            // wherever its animations have got to.
            modalRunner.completeActiveNow()
        }
        modalRunner.enqueue { [weak self] in
            self?.startDismissing(controller, animated: animated, completion: completion)
        }
    }

    private func startDismissing(_ controller: ViewController, animated: Bool, completion: (() -> Void)?) {
        guard let index = presentations.firstIndex(where: { $0.controller === controller }) else {
            completion?()
            return
        }
        // Anything presented above goes first, without animation, as UIKit does.
        while presentations.count - 1 > index, let top = presentations.last {
            finishDismissal(of: top)
        }
        let presentation = presentations[index]
        let presenter = presentation.presenter
        let covers = controller.modalPresentationStyle == .fullScreen
        home(of: presenter)?.isHidden = false
        let delegate = controller.transitioningDelegate
        let animator =
            animated
            ? (delegate?.animationController(forDismissed: controller) ?? ModalSlideAnimator(presenting: false)) : nil
        let interaction = animator.flatMap { delegate?.interactionControllerForDismissal(using: $0) }
        let participants = TransitionRunner.Participants(
            container: presentation.layer, from: controller, to: presenter, disappearing: controller,
            appearing: covers ? presenter : nil)
        if animator != nil { fadeStatusBar(towards: presenter) }
        modalRunner.run(participants, animator: animator, interaction: interaction) { [weak self] completed in
            guard let self else { return }
            if completed {
                self.finishDismissal(of: presentation)
            } else if covers {
                self.home(of: presenter)?.isHidden = true
            }
            self.restoreHomes()
            self.updateStatusBar()
            completion?()
        }
    }

    private func finishDismissal(of presentation: Presentation) {
        presentation.controller.view.removeFromSuperview()
        presentation.layer.removeFromSuperview()
        presentation.presenter.presentedViewController = nil
        presentation.controller.presentingViewController = nil
        presentations.removeAll { $0.controller === presentation.controller }
        home(of: presentation.presenter)?.isHidden = false
    }

    /// The view that holds a controller's view when no transition borrows it: the stage for the
    /// root, its layer for a presented controller.
    private func home(of controller: ViewController) -> View? {
        if controller === rootViewController { return rootViewController.view }
        return presentations.first { $0.controller === controller }?.layer
    }

    /// Animators may move views into a transition's container (the seeds insert the presenting
    /// view below the presented one); afterwards every view that left its home goes back. A view
    /// an animator wrapped inside its own layer (a shadowed wrapper) stays where it was put.
    private func restoreHomes() {
        if rootViewController.view.superview !== stage {
            stage.insertSubview(rootViewController.view, at: 0)
            rootViewController.view.frame = stage.bounds
        }
        for presentation in presentations where !presentation.controller.view.isDescendant(of: presentation.layer) {
            presentation.layer.addSubview(presentation.controller.view)
            presentation.controller.view.frame = presentation.layer.bounds
        }
    }
}
