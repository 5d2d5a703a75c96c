import Controllers
import Graphics
import KitTestSupport
import Motion
import Platform
import Views

/// A window with a controller host, stepped at 60 Hz on a manual clock by the shared driver.
@MainActor
final class Stage {
    let driver = FrameDriver()
    let host: WindowHost

    init(root: ViewController) {
        host = WindowHost(window: driver.window, rootViewController: root)
        driver.window.layoutIfNeeded()
    }

    var window: Window { driver.window }
    var time: Double { driver.time }
    func step(_ events: [PointerEvent] = []) { driver.step(events) }
    func run(seconds: Double) { driver.run(seconds: seconds) }
}

/// Records lifecycle callbacks in order, into a shared log.
@MainActor
final class Screen: ViewController {
    let name: String
    let log: Log
    var statusStyle = StatusBarStyle.darkContent

    init(_ name: String, log: Log) {
        self.name = name
        self.log = log
        super.init(title: name)
    }

    override func loadView() -> View {
        let root = View()
        root.backgroundColor = .white
        root.accessibilityIdentifier = name
        return root
    }

    override func viewWillAppear() { log.entries.append("\(name).willAppear") }
    override func viewDidAppear() { log.entries.append("\(name).didAppear") }
    override func viewWillDisappear() { log.entries.append("\(name).willDisappear") }
    override func viewDidDisappear() { log.entries.append("\(name).didDisappear") }
    override var preferredStatusBarStyle: StatusBarStyle { statusStyle }
}

@MainActor
final class Log {
    var entries: [String] = []
}

/// A card that slides down to dismiss (the drag-down modal's shape): linear 0.6 s move of the
/// presented view to below the screen, with the presenting view inserted beneath it.
@MainActor
final class SlideDownAnimator: AnimatedTransitioning {
    var endedWith: Bool?

    func transitionDuration(_ context: TransitionContext) -> Double { 0.6 }

    func animateTransition(_ context: TransitionContext) {
        context.containerView.insertSubview(context.toView, belowSubview: context.fromView)
        let bounds = context.containerView.bounds
        View.animate(
            duration: 0.6, curve: .linear,
            changes: { context.fromView.frame = bounds.offsetBy(dx: 0, dy: bounds.height) },
            completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }

    func animationEnded(_ completed: Bool) { endedWith = completed }
}

/// Supplies the slide-down animator and, when armed, an interaction controller for dismissal.
@MainActor
final class ModalDelegate: TransitioningDelegate {
    let animator = SlideDownAnimator()
    var interactor: PercentDrivenInteractiveTransition?
    var allowsInterruption = false

    func animationController(forDismissed dismissed: ViewController) -> (any AnimatedTransitioning)? { animator }

    func interactionControllerForDismissal(using animator: any AnimatedTransitioning) -> (any InteractiveTransitioning)?
    {
        interactor
    }

    var allowsDismissalDuringPresentation: Bool { allowsInterruption }
}
