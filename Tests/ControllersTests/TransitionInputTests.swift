import Controllers
import Graphics
import Motion
import Platform
import Testing
import Views

/// A presented card whose own vertical pan drives its interactive dismissal, as the drag-down
/// modal does: begin → dismiss interactively, change → update, end → finish or cancel.
@MainActor
final class DraggableCard: ViewController, TransitioningDelegate {
    let animator = SlideDownAnimator()
    private(set) var interactor: PercentDrivenInteractiveTransition?
    let pan = PanGestureRecognizer()

    override func viewDidLoad() {
        pan.direction = .vertical
        pan.addAction { [weak self] recognizer in self?.handlePan(recognizer as? PanGestureRecognizer) }
        view.addGestureRecognizer(pan)
    }

    private func handlePan(_ pan: PanGestureRecognizer?) {
        guard let pan else { return }
        let height = max(view.bounds.height, 1)
        switch pan.state {
        case .began:
            interactor = PercentDrivenInteractiveTransition()
            dismiss(animated: true)
        case .changed:
            interactor?.update(pan.translation(in: nil).y / height)
        case .ended:
            if (interactor?.percentComplete ?? 0) > 0.3 { interactor?.finish() } else { interactor?.cancel() }
            interactor = nil
        case .cancelled:
            interactor?.cancel()
            interactor = nil
        default:
            break
        }
    }

    func animationController(forDismissed dismissed: ViewController) -> (any AnimatedTransitioning)? { animator }

    func interactionControllerForDismissal(using animator: any AnimatedTransitioning) -> (any InteractiveTransitioning)?
    {
        interactor
    }
}

@MainActor
@Suite(.serialized) struct TransitionInputTests {
    func down(_ x: Double, _ y: Double, _ stage: Stage) -> PointerEvent {
        PointerEvent(phase: .down, location: Point(x: x, y: y), time: stage.time + 1.0 / 60)
    }

    func move(_ x: Double, _ y: Double, _ stage: Stage) -> PointerEvent {
        PointerEvent(phase: .move, location: Point(x: x, y: y), time: stage.time + 1.0 / 60)
    }

    /// A root screen presenting, without animation, a card its own pan can drag down; the pointer
    /// then goes down at (200, 300) and moves in 20 pt steps down to y = `toY`.
    func dragPresentedCard(down toY: Double) -> (root: Screen, stage: Stage, card: DraggableCard) {
        let root = Screen("root", log: Log())
        let stage = Stage(root: root)
        let card = DraggableCard(title: "card")
        card.transitioningDelegate = card
        root.present(card, animated: false)
        stage.step()
        stage.step([down(200, 300, stage)])
        for y in stride(from: 320.0, through: toY, by: 20) { stage.step([move(200, y, stage)]) }
        return (root, stage, card)
    }

    /// A navigation controller with a second screen pushed without animation.
    func stackOfTwo() -> (navigation: NavigationController, stage: Stage, second: Screen, log: Log) {
        let log = Log()
        let navigation = NavigationController(rootViewController: Screen("first", log: log))
        let stage = Stage(root: navigation)
        let second = Screen("second", log: log)
        navigation.pushViewController(second, animated: false)
        stage.step()
        return (navigation, stage, second, log)
    }

    /// Kit rule: input is gated as a gesture would begin, not while it tracks — a pan that starts
    /// its screen's dismissal keeps driving it (issue 8, item 5).
    @Test func aPanOnAPresentedScreenDrivesItsOwnDismissal() {
        let (root, stage, card) = dragPresentedCard(down: 640)
        // Followed the finger 1:1 from where it crossed the 10 pt slop (310): 330 pt of 844, linear.
        #expect(stage.host.isTransitioning)
        #expect(abs(card.view.frameInRoot.minY - 330) < 1)
        stage.step([PointerEvent(phase: .up, location: Point(x: 200, y: 640), time: stage.time + 1.0 / 60)])
        stage.run(seconds: 1)
        #expect(root.presentedViewController == nil)
        #expect(card.view.superview == nil)
        #expect(!stage.host.isTransitioning)
    }

    /// Kit rule: a drag already under way on a screen that starts moving for another reason (a
    /// key closes it while the finger is down) is cancelled as the transition starts, so it
    /// cannot fight the transition's animations; the dismissal ends (found by the monkey).
    @Test func aDragUnderWayWhenItsScreenIsDismissedIsCancelledAndTheDismissalEnds() {
        let root = Screen("root", log: Log())
        let stage = Stage(root: root)
        let card = Screen("card", log: Log())
        root.present(card, animated: false)
        stage.step()
        var states: [GestureState] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        card.view.addGestureRecognizer(pan)
        stage.step([down(200, 300, stage)])
        for y in stride(from: 320.0, through: 400, by: 20) { stage.step([move(200, y, stage)]) }
        #expect(states.last == .changed)
        card.dismiss(animated: true)
        stage.step()
        #expect(states.last == .cancelled)
        let seen = states.count
        for y in stride(from: 420.0, through: 500, by: 20) { stage.step([move(200, y, stage)]) }
        #expect(states.count == seen, "the cancelled drag still follows the pointer")
        stage.run(seconds: 1)
        #expect(root.presentedViewController == nil)
        #expect(!stage.host.isTransitioning)
    }

    /// A second pointer down while a pan drives a transition ends that pan where it is; the
    /// transition then finishes or cancels by position instead of freezing (item 4).
    @Test func aSecondDownDuringAnInteractiveDismissalEndsItByPosition() {
        let (root, stage, card) = dragPresentedCard(down: 400)
        stage.run(seconds: 0.2)
        stage.step([down(100, 100, stage)])
        stage.run(seconds: 1)
        // 90 pt of 844 is under 30 %: it went back up, and nothing is left running.
        #expect(!stage.host.isTransitioning)
        #expect(root.presentedViewController === card)
        #expect(card.view.frameInRoot.minY == 0)
    }

    /// A navigation controller at its root lets an edge swipe through to the one around it (item 6).
    @Test func aNestedStackAtItsRootLeavesTheEdgeSwipeToItsParent() {
        let log = Log()
        let first = Screen("first", log: log)
        let outer = NavigationController(rootViewController: first)
        let stage = Stage(root: outer)
        let inner = NavigationController(rootViewController: Screen("inner root", log: log))
        outer.pushViewController(inner, animated: false)
        stage.step()
        stage.step([down(5, 400, stage)])
        for x in stride(from: 25.0, through: 305, by: 40) { stage.step([move(x, 400, stage)]) }
        stage.step([PointerEvent(phase: .up, location: Point(x: 305, y: 400), time: stage.time + 1.0 / 60)])
        stage.run(seconds: 1)
        #expect(outer.viewControllers.count == 1)
        #expect(outer.topViewController === first)
    }

    /// Keys reach only the settled top screen: during a push nothing gets them; Escape during a
    /// push goes back once it has landed (item 2).
    @Test func keysDuringAPushReachNoScreenAndEscapeGoesBack() {
        let log = Log()
        let first = Screen("first", log: log)
        let navigation = NavigationController(rootViewController: first)
        let stage = Stage(root: navigation)
        let second = KeyCountingScreen(title: "second")
        navigation.pushViewController(second)
        stage.step()
        #expect(stage.host.handleKey(.enter))
        #expect(second.keys.isEmpty)
        #expect(stage.host.handleKey(.escape))
        #expect(stage.host.handleKey(.escape))
        stage.run(seconds: 1.5)
        #expect(navigation.viewControllers.count == 1)
        #expect(!navigation.isTransitioning)
    }

    /// A controller on its way out presents nothing, as UIKit refuses a presenter that is not in
    /// the window hierarchy (item 2).
    @Test func aControllerBeingPoppedCannotPresent() {
        let (navigation, stage, second, log) = stackOfTwo()
        navigation.popViewController()
        stage.step()
        second.present(Screen("late", log: log))
        stage.run(seconds: 1.5)
        #expect(stage.host.visibleControllers.map(\.title) == [navigation.title, "first"])
        #expect(second.presentedViewController == nil)
    }
}

@MainActor
final class KeyCountingScreen: ViewController {
    var keys: [Key] = []

    override func handleKey(_ key: Key) -> Bool {
        keys.append(key)
        return true
    }
}

/// A side panel: the presented view rests 190 pt left of the window's edge (issue 8, item 7).
@MainActor
final class SidePanelPresentation: PresentationController {
    override func frameOfPresentedView(in bounds: Rect) -> Rect {
        Rect(x: -190, y: 0, width: bounds.width, height: bounds.height)
    }
}

@MainActor
final class SidePanelDelegate: TransitioningDelegate {
    func presentationController(forPresented presented: ViewController, presenting: ViewController)
        -> PresentationController?
    {
        let presentation = SidePanelPresentation(presented: presented, presenting: presenting, dimmingAlpha: 0.8)
        presentation.dismissesOnDimmingTap = true
        return presentation
    }
}

@MainActor
@Suite(.serialized) struct PresentationControllerTests {
    @Test func aPresentationKeepsItsFrameAcrossResizesAndOwnsItsDimmingView() {
        let root = Screen("root", log: Log())
        let stage = Stage(root: root)
        let panel = Screen("panel", log: Log())
        let delegate = SidePanelDelegate()
        panel.modalPresentationStyle = .custom
        panel.transitioningDelegate = delegate
        root.present(panel)
        stage.run(seconds: 0.3)
        let dimming = stage.window.descendant(withIdentifier: "presentation.dimming")
        let midAlpha = dimming?.effectiveAlpha ?? 0
        #expect(midAlpha > 0.1 && midAlpha < 0.8)
        stage.run(seconds: 0.5)
        #expect(panel.view.frameInRoot == Rect(x: -190, y: 0, width: 390, height: 844))
        stage.window.resize(to: Size(width: 500, height: 700))
        stage.host.windowDidResize()
        stage.step()
        #expect(panel.view.frameInRoot == Rect(x: -190, y: 0, width: 500, height: 700))
        #expect(dimming?.frameInRoot == Rect(x: 0, y: 0, width: 500, height: 700))
        #expect(abs((dimming?.effectiveAlpha ?? 0) - 0.8) < 1e-9)
        // A tap on the dimmed area right of the panel dismisses it, and the dimming leaves with it.
        stage.step([PointerEvent(phase: .down, location: Point(x: 450, y: 300), time: stage.time + 1.0 / 60)])
        stage.step([PointerEvent(phase: .up, location: Point(x: 450, y: 300), time: stage.time + 1.0 / 60)])
        stage.run(seconds: 0.8)
        #expect(root.presentedViewController == nil)
        #expect(stage.window.descendant(withIdentifier: "presentation.dimming") == nil)
    }
}
