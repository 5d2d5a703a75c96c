import Controllers
import Graphics
import Views

/// The screen a message expands out of: the row to grow, and its navigation bar (the part of
/// the screen above `barHeight`, drawn on `barColour`).
@MainActor
protocol ExpandingCellPresenting: AnyObject {
    func expandingTargetView(for transition: ExpandingCellTransition) -> View?
    var expandingBarHeight: Double { get }
    var expandingBarColour: Color { get }
    /// What shows beside the row where the list is narrower than the window (a readable column).
    var expandingMarginColour: Color { get }
}

/// The screen a message expands into: it keeps the bar's snapshot above its content.
@MainActor
protocol ExpandingCellPresented: AnyObject {
    func expandingTransition(_ transition: ExpandingCellTransition, handsOver barSnapshot: SnapshotView)
    /// The bar snapshot back from the screen, for the dismissal to start from where it is.
    func expandingTransitionTakesBackBar(_ transition: ExpandingCellTransition) -> SnapshotView?
    /// Controls floating over the screen (its close button): as the screen collapses back they
    /// fade out above the bar instead of vanishing under it.
    func expandingChrome(for transition: ExpandingCellTransition) -> [View]
}

/// Expanding Cells: the screen is sliced into snapshots — above the row, below it, the row in a
/// white clipping container, and the navigation bar drawn bottom-aligned on its colour. Over 0.6 s
/// (spring, damping 1) the top slides up and away, the bottom down and away, the row's container
/// grows to the window while the row fades out and the message fades in inside it, and the bar
/// stays on top, collapsing as the row pushes it. The real screen is hidden meanwhile. Dismissing
/// plays it backwards, into wherever the row is, starting the bar from where the pull left it.
@MainActor
final class ExpandingCellTransition: TransitioningDelegate, AnimatedTransitioning {
    static let duration = 0.6
    /// The row growing into the message while the list parts: critically damped, its time tuned.
    static let expandMotion = MotionSpec(
        name: "expand", summary: "the row grows into the message, the list parts around it",
        timing: .spring(duration: .tuned(SceneTuning.Inbox.expandDuration), dampingRatio: .fixed(1)))
    /// The close button fading as the message collapses.
    static let chromeFade = MotionSpec(
        name: "chromeFade", summary: "the row's chrome fades as it opens",
        timing: .curve(duration: .fixed(0.2), curve: .easeOut))
    private var isPresenting = true
    private weak var presentingScreen: (any ExpandingCellPresenting & ViewController)?

    private struct Slices {
        let top: SnapshotView
        let bottom: SnapshotView
        let row: SnapshotView
        let rowContainer: View
        let bar: SnapshotView
        /// Behind the row container, as wide as the window and as tall as the container: the
        /// list's margins beside a row narrower than the window.
        let margins: View
    }

    private var slices: Slices?
    /// The message was shown by a cross-fade (Reduce Motion): it leaves by one too.
    private var crossFaded = false

    func animationController(forPresented presented: ViewController, presenting: ViewController)
        -> (any AnimatedTransitioning)?
    {
        guard let screen = presenting as? (any ExpandingCellPresenting & ViewController),
            screen.expandingTargetView(for: self) != nil
        else { return nil }
        // Reduce Motion: the message fades in over the list, which stays whole (and it fades out
        // again, whatever the setting by then: no parted list to close up).
        crossFaded = screen.view.reducesMotion
        if crossFaded { return CrossFadeAnimator(showing: true) }
        presentingScreen = screen
        isPresenting = true
        return self
    }

    func animationController(forDismissed dismissed: ViewController) -> (any AnimatedTransitioning)? {
        if crossFaded { return CrossFadeAnimator(showing: false) }
        guard presentingScreen != nil, slices != nil else { return nil }
        isPresenting = false
        return self
    }

    func transitionDuration(_ context: TransitionContext) -> Double {
        context.containerView.tuning[SceneTuning.Inbox.expandDuration]
    }

    /// What a running expansion needs to follow a resize.
    private struct Flight {
        let foreground: View
        let barHeight: Double
        let presenting: Bool
    }

    private var flight: Flight?

    func animateTransition(_ context: TransitionContext) {
        guard let screen = presentingScreen else {
            context.completeTransition(true)
            return
        }
        let container = context.containerView
        let background = screen.view
        let foregroundController = isPresenting ? context.toViewController : context.fromViewController
        let foreground = context.view(for: foregroundController)
        let bounds = container.bounds
        let targetView = screen.expandingTargetView(for: self)
        let targetFrame: Rect
        if let targetView {
            targetFrame = targetView.convert(targetView.bounds, to: container)
        } else {
            targetFrame = slices?.rowContainer.frame ?? Rect(x: 0, y: bounds.midY, width: bounds.width, height: 0)
        }
        if isPresenting || slices == nil {
            guard let targetView else {
                context.completeTransition(true)
                return
            }
            slices = makeSlices(of: background, row: targetView, at: targetFrame, screen: screen, in: container)
        }
        guard let slices else { return }
        let presented = foregroundController as? ExpandingCellPresented
        if !isPresenting {
            // The bar comes back from the message's scroll view, where the pull left it.
            if let bar = presented?.expandingTransitionTakesBackBar(self) {
                let frame = bar.convert(bar.bounds, to: container)
                bar.frame = frame
            }
        }
        foreground.frame = Rect(origin: .zero, size: bounds.size)
        slices.rowContainer.addSubview(foreground)
        for view in [slices.margins, slices.rowContainer, slices.top, slices.bottom, slices.bar] {
            container.addSubview(view)
        }
        background.isHidden = true
        let (chrome, liftedControls) = isPresenting ? ([], []) : fadeChrome(of: presented, above: container)
        let presenting = isPresenting
        let barHeight = screen.expandingBarHeight
        let flight = Flight(foreground: foreground, barHeight: barHeight, presenting: presenting)
        self.flight = flight
        if presenting {
            place(slices, flight, expanded: false, in: bounds, target: targetFrame)
            slices.bar.frame = Rect(x: 0, y: 0, width: bounds.width, height: barHeight)
        } else {
            place(slices, flight, expanded: true, in: bounds, target: targetFrame)
        }
        View.animate(
            Self.expandMotion, in: container.tuning,
            changes: { self.placeLanded(slices, flight, in: bounds, target: targetFrame) },
            completion: { _ in
                self.flight = nil
                for view in [slices.margins, slices.rowContainer, slices.top, slices.bottom, slices.bar] + chrome {
                    view.removeFromSuperview()
                }
                foreground.alpha = 1
                for control in liftedControls { control.isHidden = false }
                container.addSubview(foreground)
                background.isHidden = false
                if presenting {
                    presented?.expandingTransition(self, handsOver: slices.bar)
                } else {
                    self.slices = nil
                }
                context.completeTransition(!context.transitionWasCancelled)
            })
    }

    /// Collapsing: the close button fades above the bar rather than dropping under it. The
    /// control itself hides while its copy fades: both at once would draw it twice as dark.
    /// Returns the fading copies and the controls they stand in for.
    private func fadeChrome(of presented: ExpandingCellPresented?, above container: View) -> (
        copies: [View], controls: [View]
    ) {
        var copies: [View] = []
        var controls: [View] = []
        for control in presented?.expandingChrome(for: self) ?? [] where !control.isEffectivelyHidden {
            let copy = control.snapshot()
            copy.frame = control.convert(control.bounds, to: container)
            container.addSubview(copy)
            copies.append(copy)
            control.isHidden = true
            controls.append(control)
        }
        View.animate(Self.chromeFade, in: container.tuning, changes: { for copy in copies { copy.alpha = 0 } })
        return (copies, controls)
    }

    /// The slices around the row at `target`, apart (`expanded`) or together.
    private func place(_ slices: Slices, _ flight: Flight, expanded: Bool, in bounds: Rect, target: Rect) {
        if expanded {
            slices.top.frame = Rect(x: 0, y: -target.minY, width: bounds.width, height: target.minY)
            slices.bottom.frame = Rect(
                x: 0, y: bounds.height, width: bounds.width, height: max(bounds.height - target.maxY, 0))
            slices.rowContainer.frame = bounds
            slices.margins.frame = bounds
            slices.row.alpha = 0
            flight.foreground.alpha = 1
        } else {
            slices.top.frame = Rect(x: 0, y: 0, width: bounds.width, height: target.minY)
            slices.bottom.frame = Rect(
                x: 0, y: target.maxY, width: bounds.width, height: max(bounds.height - target.maxY, 0))
            slices.rowContainer.frame = target
            slices.margins.frame = Rect(x: 0, y: target.minY, width: bounds.width, height: target.height)
            slices.row.alpha = 1
            flight.foreground.alpha = 0
        }
    }

    /// Where everything ends: expanded with the bar collapsed (presenting), or back around the row.
    private func placeLanded(_ slices: Slices, _ flight: Flight, in bounds: Rect, target: Rect) {
        place(slices, flight, expanded: flight.presenting, in: bounds, target: target)
        slices.bar.frame = Rect(x: 0, y: 0, width: bounds.width, height: flight.presenting ? 0 : flight.barHeight)
    }

    /// The list behind is laid out at the new size: the slices are retaken from it (keeping their
    /// motion), the message takes the new size, and everything heads for the new layout.
    func containerDidResize(_ context: TransitionContext, from oldBounds: Rect) {
        guard let flight, let slices, let screen = presentingScreen, let row = screen.expandingTargetView(for: self)
        else { return }
        let container = context.containerView
        let bounds = container.bounds
        let background = screen.view
        background.layoutIfNeeded()
        let target = row.convert(row.bounds, to: container)
        let fresh = makeSlices(of: background, row: row, at: target, screen: screen, in: container)
        slices.top.replaceContent(with: fresh.top)
        slices.bottom.replaceContent(with: fresh.bottom)
        slices.row.replaceContent(with: fresh.row)
        slices.bar.replaceContent(with: fresh.bar)
        View.retarget {
            slices.row.frame = Rect(origin: .zero, size: target.size)
            flight.foreground.frame = Rect(origin: .zero, size: bounds.size)
            placeLanded(slices, flight, in: bounds, target: target)
        }
    }

    private func makeSlices(
        of background: View, row: View, at target: Rect, screen: any ExpandingCellPresenting, in container: View
    ) -> Slices {
        let width = background.bounds.width
        let height = background.bounds.height
        let top = background.snapshot(of: Rect(x: 0, y: 0, width: width, height: max(target.minY, 0)))
        top.accessibilityIdentifier = "inbox.slice.top"
        let bottom = background.snapshot(
            of: Rect(x: 0, y: target.maxY, width: width, height: max(height - target.maxY, 0)))
        bottom.accessibilityIdentifier = "inbox.slice.bottom"
        let rowSnapshot = row.snapshot()
        rowSnapshot.accessibilityIdentifier = "inbox.slice.row.snapshot"
        let rowContainer = View(frame: target)
        rowContainer.accessibilityIdentifier = "inbox.slice.row"
        rowContainer.backgroundColor = .white
        rowContainer.clipsToBounds = true
        rowContainer.isUserInteractionEnabled = false
        rowContainer.existsOnlyForTransition = true
        rowContainer.addSubview(rowSnapshot)
        let bar = background.snapshot(of: Rect(x: 0, y: 0, width: width, height: screen.expandingBarHeight))
        bar.accessibilityIdentifier = "inbox.slice.navbar"
        bar.contentAnchor = .bottom
        bar.backgroundColor = screen.expandingBarColour
        bar.clipsToBounds = true
        let margins = View()
        margins.accessibilityIdentifier = "inbox.slice.margins"
        margins.backgroundColor = screen.expandingMarginColour
        margins.isUserInteractionEnabled = false
        margins.existsOnlyForTransition = true
        return Slices(
            top: top, bottom: bottom, row: rowSnapshot, rowContainer: rowContainer, bar: bar, margins: margins)
    }
}
