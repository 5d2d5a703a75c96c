import Controllers
import Graphics
import Motion
import Platform
import Testing
import Views

/// A cross-fade push/pop, to prove the delegate's animator is used.
@MainActor
final class FadeAnimator: AnimatedTransitioning {
    func transitionDuration(_ context: TransitionContext) -> Double { 0.5 }

    func animateTransition(_ context: TransitionContext) {
        let to = context.toView
        to.frame = context.containerView.bounds
        to.alpha = 0
        context.containerView.addSubview(to)
        View.animate(
            duration: 0.5, curve: .linear, changes: { to.alpha = 1 },
            completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }
}

@MainActor
final class FadeDelegate: NavigationControllerDelegate {
    var operations: [NavigationSlideAnimator.Operation] = []
    func navigationController(
        _ navigationController: NavigationController, animatorFor operation: NavigationSlideAnimator.Operation,
        from: ViewController, to: ViewController
    ) -> (any AnimatedTransitioning)? {
        operations.append(operation)
        return FadeAnimator()
    }
}

@MainActor
@Suite(.serialized) struct NavigationTests {
    @Test func pushAndPopWithACustomAnimator() {
        let log = Log()
        let first = Screen("first", log: log)
        let navigation = NavigationController(rootViewController: first)
        let delegate = FadeDelegate()
        navigation.delegate = delegate
        let stage = Stage(root: navigation)
        let second = Screen("second", log: log)
        log.entries = []
        navigation.pushViewController(second)
        stage.run(seconds: 0.25)
        #expect(abs(second.view.effectiveAlpha - 0.5) < 0.02)
        #expect(stage.host.visibleControllers.map(\.title) == ["first", "first", "second"])
        stage.run(seconds: 0.3)
        #expect(navigation.topViewController === second)
        #expect(first.view.superview == nil)
        #expect(navigation.navigationBar.title == "second")
        #expect(log.entries == ["first.willDisappear", "second.willAppear", "second.didAppear", "first.didDisappear"])
        navigation.popViewController()
        stage.run(seconds: 0.6)
        #expect(navigation.viewControllers.count == 1)
        #expect(delegate.operations == [.push, .pop])
    }

    @Test func aPopRequestedDuringAPushIsQueued() {
        let log = Log()
        let first = Screen("first", log: log)
        let navigation = NavigationController(rootViewController: first)
        let stage = Stage(root: navigation)
        let second = Screen("second", log: log)
        navigation.pushViewController(second)
        stage.step()
        navigation.popViewController()
        stage.step()
        #expect(navigation.topViewController === second)  // the push finishes first
        stage.run(seconds: 1)
        #expect(navigation.topViewController === first)
        #expect(second.view.superview == nil)
    }

    @Test func theDefaultPushSlidesInFromTheRightWithParallax() {
        let log = Log()
        let first = Screen("first", log: log)
        let navigation = NavigationController(rootViewController: first)
        let stage = Stage(root: navigation)
        navigation.pushViewController(Screen("second", log: log))
        stage.run(seconds: 0.1)
        let incoming = navigation.topViewController!.view.frameInRoot.minX
        let outgoing = first.view.frameInRoot.minX
        #expect(incoming > 0 && incoming < 390)
        #expect(outgoing < 0 && outgoing > -117)
    }

    /// The window resized mid-push: both screens take the new size at once, the push lands on the
    /// new layout (no old size, no jump on its last frame), and the pop goes back to it too.
    @Test func aPushResizedMidwayLandsInTheNewLayout() {
        let log = Log()
        let first = Screen("first", log: log)
        let navigation = NavigationController(rootViewController: first)
        let stage = Stage(root: navigation)
        let second = Screen("second", log: log)
        navigation.pushViewController(second)
        stage.run(seconds: 0.1)
        stage.window.resize(to: Size(width: 600, height: 700))
        stage.host.windowDidResize()
        stage.step()
        #expect(second.view.frameInRoot.size == Size(width: 600, height: 700))
        #expect(first.view.frameInRoot.size == Size(width: 600, height: 700))
        // Still on its way, and already past where the old layout would have it by a third of
        // the width's growth (the parallax follows the new width).
        #expect(second.view.frameInRoot.minX > 0 && second.view.frameInRoot.minX < 600)
        var lastX = second.view.frameInRoot.minX
        for _ in 0..<60 {
            stage.step()
            let x = second.view.frameInRoot.minX
            #expect(x <= lastX + 1e-9 && lastX - x < 120, "moves on smoothly, never jumps")
            lastX = x
        }
        #expect(!navigation.isTransitioning)
        #expect(second.view.frameInRoot == Rect(x: 0, y: 0, width: 600, height: 700))
        _ = navigation.popViewController()
        stage.run(seconds: 1)
        #expect(first.view.frameInRoot == Rect(x: 0, y: 0, width: 600, height: 700))
    }

    @Test func anEdgeSwipeFollowsTheFingerAndCancelsWhenLetGoEarly() {
        let log = Log()
        let first = Screen("first", log: log)
        let navigation = NavigationController(rootViewController: first)
        let stage = Stage(root: navigation)
        let second = Screen("second", log: log)
        navigation.pushViewController(second, animated: false)
        stage.step()
        let t = { stage.time + 1.0 / 60 }
        stage.step([PointerEvent(phase: .down, location: Point(x: 5, y: 400), time: t())])
        stage.step([PointerEvent(phase: .move, location: Point(x: 25, y: 400), time: t())])
        stage.step([PointerEvent(phase: .move, location: Point(x: 100, y: 400), time: t())])
        // 85 pt past where the pan crossed its 10 pt slop (x 15): 85/390 of the way, linear.
        #expect(abs(second.view.frameInRoot.minX - 85) < 1e-6)
        #expect(navigation.isTransitioning)
        stage.run(seconds: 0.2)  // rest the finger so the release carries no fling
        stage.step([PointerEvent(phase: .up, location: Point(x: 100, y: 400), time: t())])
        stage.run(seconds: 1)
        #expect(navigation.topViewController === second)
        #expect(second.view.frameInRoot.minX == 0)
        #expect(!navigation.isTransitioning)
    }

    /// A swipe held and let go early runs back smoothly: over at least a fifth of a second, no
    /// frame moving more than a quarter of the way back (it returned 67 pt in one frame).
    /// A stack of two screens (the second pushed without animation) on a stage.
    private func pushedPair(secondStyle: StatusBarStyle = .darkContent) -> (
        navigation: NavigationController, stage: Stage, first: Screen, second: Screen
    ) {
        let log = Log()
        let first = Screen("first", log: log)
        let navigation = NavigationController(rootViewController: first)
        let stage = Stage(root: navigation)
        let second = Screen("second", log: log)
        second.statusStyle = secondStyle
        navigation.pushViewController(second, animated: false)
        stage.step()
        return (navigation, stage, first, second)
    }

    /// A swipe from the left edge to x 60 in 12 pt steps, then held half a second (no fling).
    private func swipeFromTheEdgeAndHold(_ stage: Stage) {
        let t = { stage.time + 1.0 / 60 }
        stage.step([PointerEvent(phase: .down, location: Point(x: 2, y: 400), time: t())])
        for x in stride(from: 12.0, through: 60, by: 12) {
            stage.step([PointerEvent(phase: .move, location: Point(x: x, y: 400), time: t())])
        }
        stage.run(seconds: 0.5)
    }

    @Test func aCancelledEdgeSwipeRunsBackOverSeveralFrames() {
        let (navigation, stage, _, second) = pushedPair()
        let t = { stage.time + 1.0 / 60 }
        swipeFromTheEdgeAndHold(stage)
        let held = second.view.frameInRoot.minX
        stage.step([PointerEvent(phase: .up, location: Point(x: 60, y: 400), time: t())])
        var positions = [second.view.frameInRoot.minX]
        while navigation.isTransitioning && positions.count < 120 {
            stage.step()
            positions.append(second.view.frameInRoot.minX)
        }
        let steps = zip(positions, positions.dropFirst()).map { abs($0 - $1) }
        #expect(held > 30, "the swipe moved the screen \(held) pt")
        #expect(positions.count >= 12, "the way back took \(positions.count) frames")
        #expect((steps.max() ?? 0) <= held / 4, "a frame moved \(steps.max() ?? 0) of \(held) pt")
        #expect(navigation.topViewController === second && second.view.frameInRoot.minX == 0)
    }

    /// The status bar keeps the top screen's style while a back swipe is held and let go early,
    /// and takes the screen below's once a swipe is let go to finish.
    @Test func theStatusBarTurnsOnlyWhenABackSwipeFinishes() {
        let (navigation, stage, first, _) = pushedPair(secondStyle: .lightContent)
        stage.host.updateStatusBar()
        let t = { stage.time + 1.0 / 60 }
        #expect(stage.host.statusBar.style == .lightContent)
        swipeFromTheEdgeAndHold(stage)
        #expect(stage.host.statusBar.style == .lightContent, "held early: still the top screen's")
        stage.step([PointerEvent(phase: .up, location: Point(x: 60, y: 400), time: t())])
        stage.run(seconds: 1)
        #expect(stage.host.statusBar.style == .lightContent, "cancelled: the top screen's throughout")
        stage.step([PointerEvent(phase: .down, location: Point(x: 2, y: 400), time: t())])
        for x in stride(from: 30.0, through: 300, by: 30) {
            stage.step([PointerEvent(phase: .move, location: Point(x: x, y: 400), time: t())])
        }
        stage.step([PointerEvent(phase: .up, location: Point(x: 300, y: 400), time: t())])
        stage.run(seconds: 1)
        #expect(navigation.topViewController === first)
        #expect(stage.host.statusBar.style == .darkContent, "finished: the screen below's")
    }

    @Test func anEdgeSwipePastHalfwayPops() {
        let log = Log()
        let first = Screen("first", log: log)
        let navigation = NavigationController(rootViewController: first)
        let stage = Stage(root: navigation)
        navigation.pushViewController(Screen("second", log: log), animated: false)
        stage.step()
        let t = { stage.time + 1.0 / 60 }
        stage.step([PointerEvent(phase: .down, location: Point(x: 5, y: 400), time: t())])
        for x in stride(from: 30.0, through: 300, by: 30) {
            stage.step([PointerEvent(phase: .move, location: Point(x: x, y: 400), time: t())])
        }
        stage.step([PointerEvent(phase: .up, location: Point(x: 300, y: 400), time: t())])
        stage.run(seconds: 1)
        #expect(navigation.topViewController === first)
        #expect(first.view.frameInRoot.minX == 0)
    }
}
