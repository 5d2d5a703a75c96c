import Controllers
import Graphics
import Motion
import Platform
import Testing
import Views

@MainActor
@Suite(.serialized) struct ModalTransitionTests {
    @Test func defaultPresentSlidesUpInSixTenthsAndDismissSlidesDown() {
        let log = Log()
        let root = Screen("root", log: log)
        let stage = Stage(root: root)
        log.entries = []
        let card = Screen("card", log: log)
        var presented = false
        root.present(card) { presented = true }
        stage.run(seconds: 0.3)
        let midway = card.view.frameInRoot.minY
        #expect(midway > 0 && midway < 844)
        #expect(stage.host.isTransitioning)
        stage.run(seconds: 0.35)
        #expect(presented)
        #expect(card.view.frameInRoot.minY == 0)
        #expect(root.presentedViewController === card && card.presentingViewController === root)
        #expect(root.view.isEffectivelyHidden)  // full screen: the presenter leaves the stage
        #expect(log.entries == ["root.willDisappear", "card.willAppear", "card.didAppear", "root.didDisappear"])
        card.dismiss()
        stage.run(seconds: 0.7)
        #expect(root.presentedViewController == nil)
        #expect(card.view.superview == nil)
        #expect(!root.view.isEffectivelyHidden)
    }

    @Test func aSecondPresentWhileAnimatingWaitsItsTurn() {
        let log = Log()
        let root = Screen("root", log: log)
        let stage = Stage(root: root)
        let first = Screen("first", log: log)
        let second = Screen("second", log: log)
        root.present(first)
        stage.step()
        root.present(first)  // a double present is ignored
        root.present(second)
        stage.step()
        #expect(second.presentingViewController == nil)
        stage.run(seconds: 0.7)
        #expect(second.presentingViewController === first)
        stage.run(seconds: 0.7)
        #expect(stage.host.topController === second)
    }

    /// A card presented (without animation) with the slide-down animator and an interaction
    /// controller armed, so its next dismissal is interactive. The appearance log starts empty.
    func beginInteractiveDismissal() -> (
        log: Log, root: Screen, stage: Stage, card: Screen, delegate: ModalDelegate,
        interactor: PercentDrivenInteractiveTransition
    ) {
        let log = Log()
        let root = Screen("root", log: log)
        let stage = Stage(root: root)
        let card = Screen("card", log: log)
        let delegate = ModalDelegate()
        card.transitioningDelegate = delegate
        root.present(card, animated: false)
        stage.step()
        log.entries = []
        let interactor = PercentDrivenInteractiveTransition()
        delegate.interactor = interactor
        return (log, root, stage, card, delegate, interactor)
    }

    @Test func scrubbedToTwentyPercentThenCancelledRestoresEverything() {
        let (log, root, stage, card, delegate, interactor) = beginInteractiveDismissal()
        card.dismiss()
        stage.step()
        interactor.update(0.2)
        stage.step()
        // Linear while interactive: 20 % of a 844 pt slide.
        #expect(abs(card.view.frameInRoot.minY - 168.8) < 1e-6)
        #expect(!root.view.isEffectivelyHidden)
        interactor.cancel()
        stage.run(seconds: 0.5)
        #expect(card.view.frameInRoot.minY == 0)
        #expect(card.view.frame.minY == 0)  // the model too, not just what is drawn
        #expect(root.presentedViewController === card)
        #expect(root.view.isEffectivelyHidden)
        #expect(delegate.animator.endedWith == false)
        // The card never left: it heard "will disappear" and no more (no second "did appear");
        // the screen that was arriving leaves again.
        #expect(
            log.entries == [
                "card.willDisappear", "root.willAppear", "root.willDisappear", "root.didDisappear",
            ])
        #expect(!stage.host.isTransitioning)
    }

    /// A custom animator that knows nothing of resizes (the default hook): the card dragged down,
    /// the window resized under the finger, the drag let go short: the card returns to where it
    /// rests in the new window, not to the old window's place.
    @Test func resizedMidDragThenCancelledReturnsToTheNewLayout() {
        let (_, _, stage, card, delegate, interactor) = beginInteractiveDismissal()
        card.dismiss()
        stage.step()
        interactor.update(0.2)
        stage.step()
        stage.window.resize(to: Size(width: 600, height: 700))
        stage.host.windowDidResize()
        stage.step()
        #expect(card.view.frameInRoot.width == 600 && card.view.frameInRoot.minX == 0)
        interactor.cancel()
        stage.run(seconds: 0.5)
        #expect(card.view.frameInRoot == Rect(x: 0, y: 0, width: 600, height: 700))
        #expect(card.view.frame == Rect(x: 0, y: 0, width: 600, height: 700))
        #expect(!stage.host.isTransitioning)
        #expect(delegate.animator.endedWith == false)
    }

    @Test func scrubbedToSixtyPercentThenFinishedCompletesTheDismissal() {
        let (log, root, stage, card, delegate, interactor) = beginInteractiveDismissal()
        var dismissed = false
        card.dismiss { dismissed = true }
        stage.step()
        interactor.update(0.6)
        stage.step()
        #expect(abs(card.view.frameInRoot.minY - 506.4) < 1e-6)
        interactor.finish()
        stage.step()
        // Finishing runs the remaining 40 % (0.24 s) along ease-in-out from where it was: no jump.
        #expect(card.view.frameInRoot.minY >= 506.4 && card.view.frameInRoot.minY < 520)
        stage.run(seconds: 0.3)
        #expect(dismissed)
        #expect(root.presentedViewController == nil && card.view.superview == nil)
        #expect(log.entries == ["card.willDisappear", "root.willAppear", "root.didAppear", "card.didDisappear"])
        #expect(delegate.animator.endedWith == true)
    }

    @Test func closingWhileStillOpeningReversesFromWhereItIs() {
        let log = Log()
        let root = Screen("root", log: log)
        let stage = Stage(root: root)
        let card = Screen("card", log: log)
        let delegate = ModalDelegate()
        delegate.allowsInterruption = true
        card.transitioningDelegate = delegate
        root.present(card)  // default slide up
        stage.run(seconds: 0.2)
        let before = card.view.frameInRoot.minY
        card.dismiss()
        let after = card.view.frameInRoot.minY
        #expect(abs(after - before) < 1e-9)
        stage.step()
        // It keeps moving smoothly (no snap to the top or bottom) and ends off screen.
        #expect(abs(card.view.frameInRoot.minY - before) < 40)
        stage.run(seconds: 1.2)
        #expect(root.presentedViewController == nil)
        #expect(card.view.superview == nil)
    }

    @Test func escapeDismissesTheTopPresentedControllerAndTheStatusBarFollowsIt() {
        let log = Log()
        let root = Screen("root", log: log)
        let stage = Stage(root: root)
        let dark = Screen("dark", log: log)
        dark.statusStyle = .lightContent
        root.present(dark, animated: false)
        stage.step()
        #expect(stage.host.statusBar.style == .lightContent)
        #expect(stage.host.handleKey(.escape))
        stage.run(seconds: 0.7)
        #expect(root.presentedViewController == nil)
        #expect(stage.host.statusBar.style == .darkContent)
    }
}

@MainActor
@Suite(.serialized) struct PresentationDetailTests {
    @Test func aCustomPresentationKeepsThePresenterOnScreen() {
        let log = Log()
        let root = Screen("root", log: log)
        let stage = Stage(root: root)
        log.entries = []
        let overlay = Screen("overlay", log: log)
        overlay.modalPresentationStyle = .custom
        root.present(overlay)
        stage.run(seconds: 0.7)
        #expect(!root.view.isEffectivelyHidden)
        #expect(stage.host.visibleControllers.map(\.title) == ["root", "overlay"])
        #expect(log.entries == ["overlay.willAppear", "overlay.didAppear"])
    }

    @Test func theScreenBeingAnimatedAwayIgnoresTaps() {
        let log = Log()
        let root = Screen("root", log: log)
        let stage = Stage(root: root)
        var taps = 0
        root.view.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        let card = Screen("card", log: log)
        card.modalPresentationStyle = .custom
        root.present(card)
        stage.step()
        // The card is still low on screen; tap the root above it.
        stage.step([PointerEvent(phase: .down, location: Point(x: 100, y: 30), time: stage.time)])
        stage.step([PointerEvent(phase: .up, location: Point(x: 100, y: 30), time: stage.time)])
        #expect(taps == 0)
        stage.run(seconds: 0.7)
        #expect(root.view.isUserInteractionEnabled)
    }

    @Test func theStatusBarCrossFadesWhenTheChangeIsAnimated() {
        let log = Log()
        let root = Screen("root", log: log)
        let stage = Stage(root: root)
        root.statusStyle = .lightContent
        View.animate(duration: 0.4, curve: .linear, changes: { root.setNeedsStatusBarAppearanceUpdate() })
        stage.run(seconds: 0.2)
        let time: Label? = stage.host.statusBar.timeLabel
        let red = time?.textColor.red ?? 0
        #expect(red > 0.3 && red < 0.7)
        stage.run(seconds: 0.3)
        #expect(time?.textColor == .white)
    }
}
