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
    let modalRunner = TransitionRunner()

    struct Presentation {
        let controller: ViewController
        let presenter: ViewController
        let layer: View
        let presentation: PresentationController
    }
    var presentations: [Presentation] = []

    /// Offered every key before the controllers (the app's captures, motion lab and tuning):
    /// true when it took the key.
    public var keyFilter: ((Key) -> Bool)?

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
        // The one place the window's keys are handled: whoever sits above the controllers (the
        // app's tools) gets them first through `keyFilter`, then the controllers.
        window.keyHandler = { [weak self] key in
            guard let self else { return false }
            return keyFilter?(key) == true || handleKey(key)
        }
        updateStatusBar()
    }

    /// Follows the window's size (call after a resize).
    public func windowDidResize() {
        stage.frame = window.bounds
    }

    /// Every screen follows the window, also mid-transition: the root and each layer take the new
    /// size, and each presentation places its view (see `PresentationController`).
    private func layout(in bounds: Rect) {
        let root = rootViewController.view
        if root.superview === stage, root.bounds.size != bounds.size || root.center != bounds.center {
            // Centred in the window at its size, whatever transform a presentation gives it; any
            // animation on it carries on from there.
            View.retarget {
                root.bounds = Rect(origin: root.bounds.origin, size: bounds.size)
                root.center = bounds.center
            }
        }
        for layer in stage.subviews where layer.accessibilityIdentifier == Self.layerIdentifier {
            layer.frame = bounds
        }
        for controller in presentedControllers {
            controller.presentationController?.containerViewDidLayout(isTransitioning: modalRunner.isRunning)
        }
        if modalRunner.isRunning, let old = laidOutBounds, bounds.size != old.size {
            root.layoutIfNeeded()
            modalRunner.containerDidResize(from: old)
        }
        laidOutBounds = bounds
        statusBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: StatusBarView.height)
        stage.bringSubviewToFront(statusBar)
    }

    static let layerIdentifier = "presentation.layer"
    /// The bounds the last layout was for: a running transition is retargeted only when it changes.
    private var laidOutBounds: Rect?

    /// Presented controllers, settled or arriving, bottom to top.
    private var presentedControllers: [ViewController] {
        presentations.map(\.controller) + (arrivingController.map { [$0] } ?? [])
    }

    /// True while a present or dismiss is animating.
    public var isTransitioning: Bool { modalRunner.isRunning }
    /// The present or dismiss under way, if any.
    public var activeTransition: TransitionContext? { modalRunner.active }

    /// The controller whose screen is on top: one being presented right now, else the last
    /// presented one, else the root. Keys go here first.
    public var topController: ViewController {
        if let arriving = arrivingController { return arriving }
        return presentations.last?.controller ?? rootViewController
    }

    /// A controller in the middle of being presented (not yet in the stack).
    var arrivingController: ViewController? {
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

    /// Only the settled top controller (and its children, through its own `handleKey`) sees keys;
    /// an unused Escape dismisses the top presented controller. While a present or dismiss runs,
    /// keys wait for nobody: Escape reverses a presentation that may be interrupted, anything
    /// else is dropped (so a key can never reach a screen that is arriving or leaving).
    public func handleKey(_ key: Key) -> Bool {
        if let active = modalRunner.active {
            if key == .escape, let arriving = arrivingController, arriving === active.toViewController,
                !active.isInteractive, arriving.transitioningDelegate?.allowsDismissalDuringPresentation == true
            {
                dismiss(arriving, animated: true, completion: nil)
            }
            return true
        }
        if topController.handleKey(key) { return true }
        if key == .escape, let top = presentations.last?.controller {
            dismiss(top, animated: true, completion: nil)
            return true
        }
        return false
    }

    lazy var statusBarFollower = StatusBarFollower(host: self)
    /// The push or pop whose screens the status bar follows while it runs (`followNavigation`).
    weak var followedNavigation: NavigationController?

    // MARK: Present and dismiss

    func present(
        _ controller: ViewController, from presenter: ViewController, animated: Bool, completion: (() -> Void)?
    ) {
        guard controller.presentingViewController == nil, controller !== presenter else { return }
        // As UIKit refuses to present from a view that is not in the window hierarchy: a
        // controller on its way out, or not on screen at all, presents nothing.
        guard isSettledOnScreen(presenter) else { return }
        modalRunner.enqueue { [weak self] in
            self?.startPresenting(controller, from: presenter, animated: animated, completion: completion)
        }
    }

    /// Whether `controller` is on screen and not on its way out: the only kind that may present.
    private func isSettledOnScreen(_ controller: ViewController) -> Bool {
        !controller.isLeaving && visibleControllers.contains { $0 === controller }
    }

    private func startPresenting(
        _ controller: ViewController, from requested: ViewController, animated: Bool, completion: (() -> Void)?
    ) {
        // A controller that already presents something passes the request to the top of its chain.
        var presenter = requested
        while let next = presenter.presentedViewController { presenter = next }
        guard isSettledOnScreen(presenter) else {
            completion?()
            return
        }
        let layer = View(frame: stage.bounds)
        layer.accessibilityIdentifier = Self.layerIdentifier
        stage.insertSubview(layer, belowSubview: statusBar)
        controller.ownHost = self
        controller.presentingViewController = presenter
        presenter.presentedViewController = controller
        let delegate = controller.transitioningDelegate
        let presentation =
            delegate?.presentationController(forPresented: controller, presenting: presenter)
            ?? PresentationController(presented: controller, presenting: presenter)
        presentation.containerView = layer
        controller.presentationController = presentation
        presentation.presentedView.frame = presentation.frameOfPresentedView(in: layer.bounds)
        presentation.presentationTransitionWillBegin()
        let animator =
            animated
            ? (delegate?.animationController(forPresented: controller, presenting: presenter)
                ?? defaultModalAnimator(presenting: true)) : nil
        let interaction = animator.flatMap { delegate?.interactionControllerForPresentation(using: $0) }
        let covers = presentation.shouldRemovePresentersView
        let participants = TransitionRunner.Participants(
            container: layer, from: presenter, to: controller, disappearing: covers ? presenter : nil,
            appearing: controller, arrivingMayInterrupt: delegate?.allowsDismissalDuringPresentation ?? false,
            presentation: presentation)
        followStatusBarDuringTransition()
        modalRunner.run(participants, animator: animator, interaction: interaction) { [weak self] completed in
            guard let self else { return }
            presentation.presentationTransitionDidEnd(completed)
            if completed {
                self.presentations.append(
                    Presentation(controller: controller, presenter: presenter, layer: layer, presentation: presentation)
                )
                if covers { self.home(of: presenter)?.isHidden = true }
            } else {
                presentation.presentedView.removeFromSuperview()
                controller.view.removeFromSuperview()
                layer.removeFromSuperview()
                presenter.presentedViewController = nil
                controller.presentingViewController = nil
                controller.presentationController = nil
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
        let covers = presentation.presentation.shouldRemovePresentersView
        home(of: presenter)?.isHidden = false
        presentation.presentation.dismissalTransitionWillBegin()
        let delegate = controller.transitioningDelegate
        let animator =
            animated
            ? (delegate?.animationController(forDismissed: controller) ?? defaultModalAnimator(presenting: false)) : nil
        let interaction = animator.flatMap { delegate?.interactionControllerForDismissal(using: $0) }
        let participants = TransitionRunner.Participants(
            container: presentation.layer, from: controller, to: presenter, disappearing: controller,
            appearing: covers ? presenter : nil, leaving: controller, presentation: presentation.presentation)
        followStatusBarDuringTransition()
        modalRunner.run(participants, animator: animator, interaction: interaction) { [weak self] completed in
            guard let self else { return }
            presentation.presentation.dismissalTransitionDidEnd(completed)
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
        presentation.presentation.presentedView.removeFromSuperview()
        presentation.controller.view.removeFromSuperview()
        presentation.controller.presentationController = nil
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
        for presentation in presentations {
            let view = presentation.presentation.presentedView
            if !view.isDescendant(of: presentation.layer) { presentation.layer.addSubview(view) }
            if view !== presentation.controller.view, !presentation.controller.view.isDescendant(of: view) {
                view.addSubview(presentation.controller.view)
            }
            presentation.presentation.containerViewDidLayout(isTransitioning: false)
        }
    }

    /// The modal transition a controller without its own gets: the slide up, or under Reduce
    /// Motion a cross-fade (read as it starts, so a change applies from the next one).
    private func defaultModalAnimator(presenting: Bool) -> any AnimatedTransitioning {
        window.accessibility.reducesMotion
            ? CrossFadeAnimator(showing: presenting) : ModalSlideAnimator(presenting: presenting)
    }
}
