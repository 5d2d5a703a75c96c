import Graphics
import Motion
import Platform
import Views

/// Chooses custom push/pop animators (UINavigationControllerDelegate); nil means the default slide.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    func navigationController(
        _ navigationController: NavigationController, animatorFor operation: NavigationSlideAnimator.Operation,
        from: ViewController, to: ViewController
    ) -> (any AnimatedTransitioning)?
    func navigationController(
        _ navigationController: NavigationController, interactionControllerFor animator: any AnimatedTransitioning
    ) -> (any InteractiveTransitioning)?
}

extension NavigationControllerDelegate {
    public func navigationController(
        _ navigationController: NavigationController, interactionControllerFor animator: any AnimatedTransitioning
    ) -> (any InteractiveTransitioning)? { nil }
}

/// A stack of screens: push slides one in, pop slides it away, and a drag from the left edge pops
/// interactively (follow the finger, then finish or cancel with the release velocity).
@MainActor
open class NavigationController: ViewController {
    public private(set) var viewControllers: [ViewController] = []
    public weak var delegate: (any NavigationControllerDelegate)?
    public let navigationBar = NavigationBar()
    public let interactivePopGestureRecognizer = ScreenEdgePanGestureRecognizer()
    public var isNavigationBarHidden = false { didSet { view.setNeedsLayout() } }
    private let runner = TransitionRunner()
    private let content = View()
    private var edgePop: PercentDrivenInteractiveTransition?
    /// An Escape pressed during a push, waiting to pop once the push lands.
    private var popQueued = false

    public init(rootViewController: ViewController) {
        super.init(title: rootViewController.title)
        viewControllers = [rootViewController]
        addChild(rootViewController)
    }

    public var topViewController: ViewController? { viewControllers.last }
    public var isTransitioning: Bool { runner.isRunning }
    /// The push or pop under way, if any.
    public var activeTransition: TransitionContext? { runner.active }

    open override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = .white
        root.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
        return root
    }

    open override func viewDidLoad() {
        content.accessibilityIdentifier = "navigation.content"
        view.addSubview(content)
        view.addSubview(navigationBar)
        navigationBar.onBack = { [weak self] in _ = self?.popViewController(animated: true) }
        if let top = topViewController { content.addSubview(top.view) }
        // Decided as the swipe would begin: a stack at its root (or busy) lets the swipe go to
        // the navigation controller around it instead of swallowing it.
        interactivePopGestureRecognizer.shouldBegin = { [weak self] _ in
            guard let self else { return false }
            return self.viewControllers.count > 1 && !self.runner.isRunning && !self.isLeaving
        }
        interactivePopGestureRecognizer.addAction { [weak self] recognizer in
            self?.handleEdgePan(recognizer as? ScreenEdgePanGestureRecognizer)
        }
        view.addGestureRecognizer(interactivePopGestureRecognizer)
        updateBar()
    }

    /// The bounds the last layout was for: a running push or pop is retargeted only when it changes.
    private var laidOutBounds: Rect?

    private func layout(in bounds: Rect) {
        content.frame = bounds
        navigationBar.isHidden = isNavigationBarHidden
        navigationBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: NavigationBar.height)
        if let active = runner.active {
            // Mid push or pop both screens take the new size, then the animator moves what it
            // animates to the new layout.
            for screen in [active.fromView, active.toView] where screen.bounds.size != bounds.size {
                View.retarget { screen.bounds = Rect(origin: screen.bounds.origin, size: bounds.size) }
            }
            if let old = laidOutBounds, bounds.size != old.size { runner.containerDidResize(from: old) }
        } else if let top = topViewController {
            top.view.frame = content.bounds
        }
        laidOutBounds = bounds
    }

    open override func viewWillAppear() { topViewController?.viewWillAppear() }
    open override func viewDidAppear() { topViewController?.viewDidAppear() }
    open override func viewWillDisappear() { topViewController?.viewWillDisappear() }
    open override func viewDidDisappear() { topViewController?.viewDidDisappear() }

    open override var visibleControllers: [ViewController] {
        var result: [ViewController] = [self]
        if let active = runner.active {
            result +=
                active.toViewController === topViewController
                ? active.fromViewController.visibleControllers + active.toViewController.visibleControllers
                : active.toViewController.visibleControllers + active.fromViewController.visibleControllers
        } else if let top = topViewController {
            result += top.visibleControllers
        }
        return result
    }

    open override var preferredStatusBarStyle: StatusBarStyle {
        topViewController?.preferredStatusBarStyle ?? .darkContent
    }

    /// Keys go to the top screen once it has settled; an unused Escape pops. During a push or
    /// pop no screen gets keys: Escape during a push goes back once it has landed, anything else
    /// is dropped.
    open override func handleKey(_ key: Key) -> Bool {
        if let active = runner.active {
            if key == .escape, active.toViewController === topViewController, !popQueued {
                popQueued = true
                runner.enqueue { [weak self] in
                    self?.popQueued = false
                    self?.startPop(animated: true, interaction: nil)
                }
            }
            return true
        }
        if let top = topViewController, top.handleKey(key) { return true }
        if key == .escape, viewControllers.count > 1 {
            _ = popViewController(animated: true)
            return true
        }
        return false
    }

    // MARK: Push and pop

    /// Pushes `controller`; while another push or pop animates, it waits its turn.
    public func pushViewController(_ controller: ViewController, animated: Bool = true) {
        runner.enqueue { [weak self] in
            guard let self else { return }
            guard animated, let window = view.window else { return startPush(controller, animated: animated) }
            // Laid out at its size first, so its cells are there to name their pictures.
            controller.view.frame = content.bounds
            controller.view.layoutIfNeeded()
            runner.runWhenReady(
                controller.view.shownPictures, metrics: window.metrics, animator: window.animator
            ) { [weak self] in self?.startPush(controller, animated: animated) }
        }
    }

    /// Pops the top screen (queued behind a running transition). Returns the controller that
    /// will be popped, if any.
    @discardableResult
    public func popViewController(animated: Bool = true) -> ViewController? {
        guard viewControllers.count > 1 || runner.isRunning else { return nil }
        let target = runner.isRunning ? nil : topViewController
        runner.enqueue { [weak self] in self?.startPop(animated: animated, interaction: nil) }
        return target
    }

    private func startPush(_ controller: ViewController, animated: Bool) {
        guard let from = topViewController, !viewControllers.contains(where: { $0 === controller }) else { return }
        addChild(controller)
        viewControllers.append(controller)
        controller.view.frame = content.bounds
        let animator = animated ? animator(for: .push, from: from, to: controller) : nil
        let interaction = animator.flatMap { delegate?.navigationController(self, interactionControllerFor: $0) }
        let participants = TransitionRunner.Participants(
            container: content, from: from, to: controller, disappearing: from, appearing: controller,
            leaving: from)
        updateBar()
        if animator != nil { host?.navigation(self, willShow: controller) }
        runner.run(participants, animator: animator, interaction: interaction) { [weak self] completed in
            guard let self else { return }
            if completed {
                from.view.removeFromSuperview()
            } else {
                controller.view.removeFromSuperview()
                controller.removeFromParent()
                self.viewControllers.removeLast()
            }
            self.settle()
        }
    }

    private func startPop(animated: Bool, interaction explicit: (any InteractiveTransitioning)?) {
        guard viewControllers.count > 1, let from = topViewController else { return }
        let to = viewControllers[viewControllers.count - 2]
        to.view.frame = content.bounds
        let animator = animated ? animator(for: .pop, from: from, to: to) : nil
        let interaction =
            explicit ?? animator.flatMap { delegate?.navigationController(self, interactionControllerFor: $0) }
        let participants = TransitionRunner.Participants(
            container: content, from: from, to: to, disappearing: from, appearing: to, leaving: from)
        if animator == nil { content.insertSubview(to.view, belowSubview: from.view) }
        // The status bar follows what lies under it while the pop runs, a finger's too: it keeps
        // the top screen's style while that screen is under the clock, however the swipe ends.
        if animator != nil { host?.navigation(self, willShow: to) }
        runner.run(participants, animator: animator, interaction: interaction) { [weak self] completed in
            guard let self else { return }
            if completed {
                from.view.removeFromSuperview()
                from.removeFromParent()
                self.viewControllers.removeLast()
            } else {
                to.view.removeFromSuperview()
            }
            self.settle()
        }
    }

    private func animator(
        for operation: NavigationSlideAnimator.Operation, from: ViewController, to: ViewController
    ) -> any AnimatedTransitioning {
        // Under Reduce Motion the default slide becomes a dissolve, as UIKit's push does.
        delegate?.navigationController(self, animatorFor: operation, from: from, to: to)
            ?? (view.reducesMotion
                ? CrossFadeAnimator(showing: operation == .push) : NavigationSlideAnimator(operation: operation))
    }

    /// After a transition: the top view fills the content, the bar shows the top's title.
    private func settle() {
        if let top = topViewController {
            if top.view.superview !== content { content.addSubview(top.view) }
            top.view.frame = content.bounds
        }
        updateBar()
        host?.updateStatusBar()
    }

    private func updateBar() {
        navigationBar.title = topViewController?.title ?? ""
        navigationBar.backTitle =
            viewControllers.count > 1 ? viewControllers[viewControllers.count - 2].title : nil
    }

    // MARK: Interactive pop

    /// The back swipe completes past this share of the width…
    public static let edgePopThreshold = 0.5
    /// …or on a rightward flick of this many widths a second.
    public static let edgePopFlickWidthsPerSecond = 1.0

    /// The edge swipe: progress is the drag across the width; release finishes past half way or
    /// on a rightward fling, and the spring inherits the finger's speed either way.
    private func handleEdgePan(_ pan: ScreenEdgePanGestureRecognizer?) {
        guard let pan else { return }
        let width = max(view.bounds.width, 1)
        switch pan.state {
        case .began:
            let interaction = PercentDrivenInteractiveTransition()
            edgePop = interaction
            startPop(animated: true, interaction: interaction)
        case .changed:
            edgePop?.update(pan.translation(in: view).x / width)
        case .ended, .cancelled:
            guard let interaction = edgePop else { return }
            edgePop = nil
            let velocity = pan.velocity(in: view).x / width
            let finishes =
                pan.state == .ended
                && (interaction.percentComplete > Self.edgePopThreshold || velocity > Self.edgePopFlickWidthsPerSecond)
                && velocity > -Self.edgePopFlickWidthsPerSecond / 2
            if finishes {
                interaction.finish(velocity: velocity)
            } else {
                interaction.cancel(velocity: -velocity)
            }
        default:
            break
        }
    }
}
