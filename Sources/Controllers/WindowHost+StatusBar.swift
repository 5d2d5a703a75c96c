import Graphics
import Motion
import Platform
import Views

extension WindowHost {
    // MARK: Status bar

    public func updateStatusBar() {
        let top = visibleControllers.last
        statusBar.style = top?.preferredStatusBarStyle ?? .darkContent
        statusBar.accessibilityIdentifier = top?.statusBarIdentifier ?? StatusBarView.identifier
        updateStatusBarSpan()
    }

    /// Where the top presented screen covers only part of the bar (a side panel), the bar keeps
    /// that screen's style over it and takes the style of what shows beside it there: light
    /// content over a dimmed page, else the page's own. Followed every frame while a present or
    /// dismiss moves the screen (`StatusBarFollower`).
    func updateStatusBarSpan() {
        followWhatIsUnderTheBar()
        let width = statusBar.bounds.width
        guard let presented = arrivingController ?? presentations.last?.controller,
            presented.modalPresentationStyle == .custom, let presentation = presented.presentationController,
            presented.isViewLoaded
        else {
            statusBar.coveredSpan = nil
            statusBar.styleBeside = nil
            return
        }
        let frame = presentation.presentedView.frameInRoot
        guard frame.minX > 0 || frame.maxX < width else {
            statusBar.coveredSpan = nil
            statusBar.styleBeside = nil
            return
        }
        statusBar.coveredSpan = max(frame.minX, 0)...max(min(frame.maxX, width), max(frame.minX, 0))
        // Beside the screen: the page under it, darkened by the dimming view as far as it is now.
        // Black or white text, whichever contrasts more; they tie at a luminance of 0.18 (4.6:1
        // each), so the switch happens where either reads well and needs no cross-fade.
        let beneath = presented.presentingViewController?.visibleControllers.last
        var page = beneath?.view.backgroundColor ?? .white
        if !page.isOpaque { page = page.composited(over: .white) }
        if let dimming = presentation.dimmingView, let colour = dimming.backgroundColor {
            page = colour.withAlpha(colour.alpha * dimming.effectiveAlpha).composited(over: page)
        }
        statusBar.styleBeside = page.relativeLuminance < 0.18 ? .lightContent : .darkContent
    }

    /// While a present or dismiss moves a screen, the bar takes the style of what lies under its
    /// middle this frame: the moving screen once it covers it (and shows: at least half opaque),
    /// else the screen beneath — so a card sliding up turns the clock light as it reaches it, not
    /// on a timer (the clock was white on the white home screen for 12 frames), and a dismissal
    /// pulled down and let go turns it back as the card returns.
    func followWhatIsUnderTheBar() {
        guard modalRunner.active != nil, let presented = arrivingController ?? presentations.last?.controller,
            presented.isViewLoaded
        else { return }
        let moving = presented.presentationController?.presentedView ?? presented.view
        let frame = moving.frameInRoot
        let middle = Point(x: statusBar.bounds.width / 2, y: statusBar.bounds.height / 2)
        let covers = frame.contains(middle) && moving.effectiveAlpha >= 0.5 && !moving.isHidden
        let beneath = presented.presentingViewController?.visibleControllers.last
        let style =
            covers
            ? (presented.visibleControllers.last?.preferredStatusBarStyle ?? presented.preferredStatusBarStyle)
            : readable(
                beneath?.preferredStatusBarStyle ?? .darkContent, at: middle,
                besides: [moving, presented.presentationController?.dimmingView].compactMap { $0 })
        if statusBar.style != style { statusBar.style = style }
    }

    /// `style`, unless what a present or dismiss draws of its own across the clock's rows at
    /// `point` (window points: the bar's middle) — a view no screen owns, a slice of the list
    /// flying away; not the moving screen nor the dimming, which `own` names (the split follows
    /// those) — has a colour its text would not read on (under 3:1): then whichever style reads
    /// best on the worst of them. The clock stayed white on the white rows of a list's slice
    /// sliding up under it for five frames of an Inbox message opening; on the slice's blue bar
    /// the list's own white text still reads (3.5:1). Read at the glyphs' top, middle and bottom:
    /// read at the middle alone, an edge crossing the digits left their lower half unreadable.
    private func readable(_ style: StatusBarStyle, at point: Point, besides own: [View]) -> StatusBarStyle {
        guard let container = modalRunner.active?.containerView else { return style }
        let rows = [-0.3, 0, 0.3].map { Point(x: point.x, y: point.y + $0 * statusBar.bounds.height) }
        let colours = rows.compactMap { row -> Double? in
            guard let shown = container.frontmostDrawing(at: row),
                !own.contains(where: { shown.view.isDescendant(of: $0) })
            else { return nil }
            return shown.colour?.relativeLuminance
        }
        func worstContrast(_ candidate: StatusBarStyle) -> Double {
            let text = candidate == .lightContent ? 1.0 : 0.0
            return colours.map { (max(text, $0) + 0.05) / (min(text, $0) + 0.05) }.min() ?? .infinity
        }
        let other: StatusBarStyle = style == .lightContent ? .darkContent : .lightContent
        guard worstContrast(style) < 3, worstContrast(other) > worstContrast(style) else { return style }
        return other
    }

    /// Follows a present or dismiss with the status bar's split, frame by frame.
    func followStatusBarDuringTransition() {
        window.animator.addFollower(statusBarFollower)
    }

    /// A push or pop in `navigation` is bringing `controller` on top: the status bar follows
    /// what lies under it frame by frame while the transition runs (a zooming circle turns the
    /// clock light as it reaches it, not on a 0.3 s timer that left it dark on orange), unless
    /// something presented covers that stack.
    func navigation(_ navigation: NavigationController, willShow controller: ViewController) {
        var owner: ViewController = navigation
        while let parent = owner.parent { owner = parent }
        guard owner === topController else { return }
        followedNavigation = navigation
        window.animator.addFollower(statusBarFollower)
    }

    /// While a followed push or pop runs, the bar takes the style of what lies under its middle
    /// this frame: the screen drawn there (its declared style), or, for a view no screen owns
    /// (a transition's flying snapshot), the text colour that reads on its colour; over a
    /// picture no screen owns it keeps its style.
    func followNavigation() {
        guard let navigation = followedNavigation else { return }
        guard navigation.isTransitioning else {
            followedNavigation = nil
            return
        }
        let middle = statusBar.convert(
            Point(x: statusBar.bounds.width / 2, y: statusBar.bounds.height / 2), to: nil)
        // The screens and what flies between them; the bar above them belongs to both.
        let screens = navigation.activeTransition?.containerView ?? navigation.view
        guard let shown = screens.frontmostDrawing(at: middle) else { return }
        let style: StatusBarStyle
        if let screen = navigation.viewControllers.last(where: { shown.view.isDescendant(of: $0.view) }) {
            style = screen.visibleControllers.last?.preferredStatusBarStyle ?? screen.preferredStatusBarStyle
        } else if let colour = shown.colour {
            style = colour.relativeLuminance < 0.18 ? .lightContent : .darkContent
        } else {
            return
        }
        if statusBar.style != style { statusBar.style = style }
    }
}

/// Re-splits the status bar every frame while a present or dismiss runs, so the clock changes
/// colour exactly where a sliding panel's edge passes under it, and follows a push or pop.
@MainActor
final class StatusBarFollower: FrameTicker {
    private weak var host: WindowHost?

    init(host: WindowHost) {
        self.host = host
    }

    func tick(at time: Double) -> Bool {
        guard let host else { return false }
        host.updateStatusBarSpan()
        host.followNavigation()
        return host.isTransitioning || host.followedNavigation != nil
    }
}
