import Controllers
import Graphics
import Motion
import Platform
import Views

/// The card: a full-window coloured screen that a vertical drag anywhere pulls down. The drag
/// drives the dismissal 1:1 (progress = drag ÷ window height); let go past 30 %, or flick down
/// faster than 1,000 pt/s, and it closes from where it is at the finger's speed; otherwise it
/// springs back. Close and Escape play the same dismissal. A coach mark shows the gesture each
/// time the card appears.
@MainActor
public final class ModalCardViewController: ViewController {
    static let colour = Color(hex: 0x1E7A50)
    /// The white ball showing the gesture: it slides down 200 pt and fades, a quarter second in.
    static let coachMark = MotionSpec(
        name: "coachMark", summary: "the hint dot slides down and fades",
        timing: .curve(duration: .fixed(0.5), delay: .fixed(0.25), curve: .easeInOut))

    weak var dismissal: CardDismissal?
    private let grabber = View()
    private let headline = Label(text: "Pull me down", font: .bold(30), color: .white)
    private let body = Label(
        text: "Drag anywhere on this card. Past 30 % of the window, or with a quick flick, it closes; "
            + "stop short and it springs back.",
        font: .system(17), color: .white)
    let closeButton = Button(title: "Close", font: .bold(17), color: ModalCardViewController.colour, background: .white)
    private let pan = PanGestureRecognizer()

    public init() {
        super.init(title: "Card")
    }

    public override var preferredStatusBarStyle: StatusBarStyle { .lightContent }

    public override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = Self.colour
        root.accessibilityIdentifier = "modal.sheet"
        root.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
        return root
    }

    public override func viewDidLoad() {
        grabber.backgroundColor = Color(white: 1, alpha: 0.6)
        grabber.cornerRadius = 2.5
        grabber.isUserInteractionEnabled = false
        headline.numberOfLines = 0
        body.numberOfLines = 0
        closeButton.accessibilityIdentifier = "modal.close"
        closeButton.cornerRadius = 12
        closeButton.onTap = { [weak self] in self?.close() }
        pan.direction = .vertical
        pan.addAction { [weak self] recognizer in self?.handlePan(recognizer as? PanGestureRecognizer) }
        view.addGestureRecognizer(pan)
        for child in [grabber, headline, body, closeButton] { view.addSubview(child) }
    }

    private func layout(in bounds: Rect) {
        grabber.frame = Rect(x: (bounds.width - 36) / 2, y: 28, width: 36, height: 5)
        let width = min(bounds.width - 48, 560)
        let x = (bounds.width - width) / 2
        let fitting = Size(width: width, height: .greatestFiniteMagnitude)
        let headlineHeight = headline.sizeThatFits(fitting).height
        let bodyHeight = body.sizeThatFits(fitting).height
        closeButton.frame = Rect(x: x, y: bounds.height - 34 - 50, width: width, height: 50)
        // Below the coach mark's path (y 100 → 330) where the window allows, above Close always.
        let top = min(max(bounds.height * 0.42, 350), closeButton.frame.minY - 24 - headlineHeight - 12 - bodyHeight)
        headline.frame = Rect(x: x, y: max(top, 44), width: width, height: headlineHeight)
        body.frame = Rect(x: x, y: headline.frame.maxY + 12, width: width, height: bodyHeight)
    }

    public override func viewDidAppear() {
        showCoachMark()
    }

    /// A white ball near the top that drifts 200 pt down and fades: "drag down here". Under
    /// Reduce Motion it only fades where it is (the words say which way to drag).
    private func showCoachMark() {
        let side = 30.0
        let mark = View(frame: Rect(x: (view.bounds.width - side) / 2, y: 100, width: side, height: side))
        mark.accessibilityIdentifier = "modal.coach"
        mark.backgroundColor = .white
        mark.cornerRadius = side / 2
        mark.shadow = Shadow(opacity: 0.8, radius: 3)
        mark.isUserInteractionEnabled = false
        view.addSubview(mark)
        let drifts = !view.reducesMotion
        View.animate(
            Self.coachMark, in: view.tuning,
            changes: {
                if drifts { mark.center = Point(x: mark.center.x, y: mark.center.y + 200) }
                mark.alpha = 0
            },
            completion: { _ in mark.removeFromSuperview() })
    }

    public func close() {
        dismiss(animated: true)
    }

    public override func handleKey(_ key: Key) -> Bool {
        guard key == .escape || key == .enter else { return false }
        close()
        return true
    }

    // MARK: Dragging down

    /// Under Reduce Motion, whether the finger moves the card itself (the dismissal only fades).
    private var dragsInPlace = false

    /// A card dragged in place and let go short of closing eases back to rest (no bounce).
    private func returnDraggedCard() {
        guard dragsInPlace else { return }
        dragsInPlace = false
        View.animate(duration: CrossFadeAnimator.duration, curve: .easeOut) { self.view.transform = .identity }
    }

    private func handlePan(_ pan: PanGestureRecognizer?) {
        guard let pan, let dismissal else { return }
        let height = max(view.bounds.height, 1)
        switch pan.state {
        case .began:
            let interactor = PercentDrivenInteractiveTransition()
            dismissal.interactor = interactor
            // Reduce Motion: the dismissal only fades; the finger moves the card itself.
            dragsInPlace = view.reducesMotion
            dismiss(animated: true)
        case .changed:
            let down = max(pan.translation(in: nil).y, 0)
            if dragsInPlace { view.transform = AffineTransform(translationX: 0, y: down) }
            dismissal.interactor?.update(min(down / height, 1))
        case .ended:
            guard let interactor = dismissal.interactor else { return }
            let speed = pan.velocity(in: nil).y
            let tuning = view.tuning
            let flick = tuning[SceneTuning.Modal.flickVelocity]
            let finishes =
                interactor.percentComplete > tuning[SceneTuning.Modal.finishThreshold] && speed > -flick
                || speed > flick
            // In windows per second, signed: the rest of the motion starts at the finger's speed,
            // even when that first carries it the other way.
            if finishes, dragsInPlace {
                // Reduce Motion: the rest of the fade in the cross-fade's own time and curve, not a
                // spring timed by the way left (its faint tail lay over the home screen's button).
                let left = 1 - interactor.percentComplete
                interactor.completionSpeed = max(CardDismissal.duration * left / CrossFadeAnimator.duration, 0.01)
                interactor.finish()
            } else if finishes {
                interactor.finish(velocity: speed / height)
            } else {
                interactor.cancel(velocity: -speed / height)
                returnDraggedCard()
            }
        case .cancelled:
            dismissal.interactor?.cancel()
            returnDraggedCard()
        default:
            break
        }
    }
}
