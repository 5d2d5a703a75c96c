import Controllers
import Graphics
import Motion
import Platform
import Views

/// A window with a controller host on a manual 60 Hz clock.
@MainActor
final class Stage {
    let clock = ManualClock()
    let window = Window(size: Size(width: 390, height: 844))
    let host: WindowHost
    private(set) var frame = 0

    init(root: ViewController) {
        Animator.shared = Animator(clock: clock)
        host = WindowHost(window: window, rootViewController: root)
        window.layoutIfNeeded()
    }

    var time: Double { Double(frame) / 60 }

    func step(_ events: [PointerEvent] = []) {
        frame += 1
        clock.set(to: time)
        for event in events { window.send(event) }
        Animator.shared.tick()
        window.layoutIfNeeded()
    }

    func run(seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) { step() }
    }
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
