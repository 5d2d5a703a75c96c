import Controllers
import Graphics
import Views

/// A screen the zoom can fly from or to: it names its coloured view and its icon.
@MainActor
protocol ZoomingIconProviding: AnyObject {
    /// The coloured circle (menu) or background (detail); nil when there is none right now.
    func zoomingColouredView(for transition: ZoomingIconTransition) -> View?
    func zoomingIconView(for transition: ZoomingIconTransition) -> ImageView?
    /// The screen's own part of the transition (the detail's bar and labels), animated here so an
    /// interactive pop scrubs it too.
    func animateAlongZoom(_ operation: NavigationSlideAnimator.Operation)
}

extension ZoomingIconProviding {
    func animateAlongZoom(_ operation: NavigationSlideAnimator.Operation) {}
}

/// The zoom between the menu and a detail screen, chosen by the navigation controller's
/// delegate only when both screens can name their coloured view and icon (otherwise the default
/// slide). A snapshot of the tapped circle scales ×15 while its centre moves to the detail icon's
/// centre, a fresh copy of the icon flies from the cell to the detail icon's frame, and the menu
/// shrinks to 0.8 and fades out, over a white container (0.6 s, damping 1). Pop is the exact
/// reverse into wherever the cell is now; the edge swipe scrubs it.
@MainActor
final class ZoomingIconTransition: NavigationControllerDelegate, AnimatedTransitioning {
    static let duration = 0.6
    /// The zoom both ways: critically damped (linear instead while a finger scrubs it).
    static let motion = MotionSpec(
        name: "zoom", summary: "the circle zooms into the detail (and back)",
        timing: .spring(duration: .fixed(duration), dampingRatio: .fixed(1)))

    private var operation = NavigationSlideAnimator.Operation.push

    func navigationController(
        _ navigationController: NavigationController, animatorFor operation: NavigationSlideAnimator.Operation,
        from: ViewController, to: ViewController
    ) -> (any AnimatedTransitioning)? {
        guard let from = from as? ZoomingIconProviding, let to = to as? ZoomingIconProviding,
            from.zoomingColouredView(for: self) != nil, to.zoomingColouredView(for: self) != nil,
            from.zoomingIconView(for: self) != nil, to.zoomingIconView(for: self) != nil
        else { return nil }
        // Reduce Motion: the detail fades in over the menu (and out), nothing zooms.
        if navigationController.view.reducesMotion { return CrossFadeAnimator(showing: operation == .push) }
        self.operation = operation
        return self
    }

    func transitionDuration(_ context: TransitionContext) -> Double { Self.duration }

    /// Where the flying views are before (`zoomed` false) and after (true) the zoom.
    @MainActor
    private struct Flight {
        let container: View
        let background: View
        let foreground: View
        var coloured: (background: View, foreground: View)
        var icon: (background: View, foreground: View)
        let snapshot: View
        let flyingIcon: View
        /// The views the flying copies stand in for, hidden while they fly.
        var stoodIn: [View] { [coloured.background, coloured.foreground, icon.background, icon.foreground] }

        /// The tuned scales, read as the transition starts.
        let zoomScale: Double
        let backgroundScale: Double

        /// The seed's scale, or more where it does not reach the window's farthest corner from
        /// `centre` (a wide window: 15 × a 96 pt circle leaves a landscape window's corners
        /// uncovered until they snap to the colour on the last frame).
        func coveringScale(around centre: Point) -> Double {
            let radius = snapshot.bounds.width / 2
            guard radius > 0 else { return zoomScale }
            let area = container.bounds
            var reach = 0.0
            for x in [area.minX, area.maxX] {
                for y in [area.minY, area.maxY] {
                    reach = max(reach, ((x - centre.x) * (x - centre.x) + (y - centre.y) * (y - centre.y)).squareRoot())
                }
            }
            // A point beyond the corner, so its antialiased rim stays outside the window.
            return max(zoomScale, (reach + 2) / radius)
        }

        func apply(zoomed: Bool) {
            if zoomed {
                background.transform = AffineTransform(scale: backgroundScale)
                background.alpha = 0
                let landed = icon.foreground.convertWhenLanded(icon.foreground.bounds, to: container)
                let centre = landed.center
                snapshot.transform = AffineTransform(scale: coveringScale(around: centre))
                snapshot.center = centre
                flyingIcon.frame = landed
            } else {
                background.transform = .identity
                background.alpha = 1
                snapshot.transform = .identity
                snapshot.frame = coloured.background.convertWhenLanded(coloured.background.bounds, to: container)
                flyingIcon.frame = icon.background.convertWhenLanded(icon.background.bounds, to: container)
            }
        }
    }

    /// The zoom in flight, for following a resize.
    private var flight: Flight?

    /// Both screens are laid out at the new size; the circle, the icon and the menu head for
    /// where that layout puts them (a wider window may need a larger disc to cover it).
    func containerDidResize(_ context: TransitionContext, from oldBounds: Rect) {
        guard var flight else { return }
        let bounds = context.containerView.bounds
        View.retarget {
            for screen in [flight.background, flight.foreground] {
                screen.bounds = Rect(origin: screen.bounds.origin, size: bounds.size)
                screen.center = bounds.center
            }
        }
        flight.background.layoutIfNeeded()
        flight.foreground.layoutIfNeeded()
        let pushing = operation == .push
        // The new layout may show the tapped item in another cell: fly to (and hide) that one.
        let backgroundController = pushing ? context.fromViewController : context.toViewController
        let foregroundController = pushing ? context.toViewController : context.fromViewController
        if let backgroundScreen = backgroundController as? ZoomingIconProviding,
            let foregroundScreen = foregroundController as? ZoomingIconProviding,
            let backgroundColoured = backgroundScreen.zoomingColouredView(for: self),
            let foregroundColoured = foregroundScreen.zoomingColouredView(for: self),
            let backgroundIcon = backgroundScreen.zoomingIconView(for: self),
            let foregroundIcon = foregroundScreen.zoomingIconView(for: self)
        {
            for view in flight.stoodIn { view.isHidden = false }
            flight.coloured = (backgroundColoured, foregroundColoured)
            flight.icon = (backgroundIcon, foregroundIcon)
            for view in flight.stoodIn { view.isHidden = true }
            self.flight = flight
        }
        let landing = flight
        View.retarget { landing.apply(zoomed: pushing) }
    }

    func animateTransition(_ context: TransitionContext) {
        let pushing = operation == .push
        let backgroundController = pushing ? context.fromViewController : context.toViewController
        let foregroundController = pushing ? context.toViewController : context.fromViewController
        guard let backgroundScreen = backgroundController as? ZoomingIconProviding,
            let foregroundScreen = foregroundController as? ZoomingIconProviding,
            let backgroundColoured = backgroundScreen.zoomingColouredView(for: self),
            let foregroundColoured = foregroundScreen.zoomingColouredView(for: self),
            let backgroundIcon = backgroundScreen.zoomingIconView(for: self),
            let foregroundIcon = foregroundScreen.zoomingIconView(for: self)
        else {
            context.completeTransition(true)
            return
        }
        let container = context.containerView
        let background = backgroundController.view
        let foreground = foregroundController.view
        let containerColour = container.backgroundColor
        let foregroundColour = foreground.backgroundColor
        // The foreground lays out first, so its icon's frame is where it will be.
        foreground.frame = container.bounds
        foreground.layoutIfNeeded()
        let snapshot = backgroundColoured.snapshot()
        snapshot.accessibilityIdentifier = "icons.zoom"
        let flyingIcon = ImageView(image: backgroundIcon.image, contentMode: .scaleAspectFit)
        flyingIcon.accessibilityIdentifier = "icons.zoom.icon"
        flyingIcon.isUserInteractionEnabled = false
        flyingIcon.existsOnlyForTransition = true
        for view in [backgroundColoured, foregroundColoured, backgroundIcon, foregroundIcon] { view.isHidden = true }
        container.backgroundColor = .white
        for view in [background, snapshot, foreground, flyingIcon] { container.addSubview(view) }
        foreground.backgroundColor = .clear
        let flight = Flight(
            container: container, background: background, foreground: foreground,
            coloured: (backgroundColoured, foregroundColoured), icon: (backgroundIcon, foregroundIcon),
            snapshot: snapshot, flyingIcon: flyingIcon, zoomScale: container.tuning[SceneTuning.Icons.zoomScale],
            backgroundScale: container.tuning[SceneTuning.Icons.backgroundScale])
        flight.apply(zoomed: !pushing)
        self.flight = flight
        foregroundScreen.animateAlongZoom(operation)
        // The menu only shrinks and fades while the circle grows over it: drawn once into a
        // texture and scaled, not redrawn (and blended as a group) every frame.
        let wasRasterized = background.shouldRasterize
        background.shouldRasterize = true
        let finish: (Bool) -> Void = { _ in
            for view in (self.flight ?? flight).stoodIn { view.isHidden = false }
            self.flight = nil
            background.shouldRasterize = wasRasterized
            background.transform = .identity
            background.alpha = 1
            snapshot.removeFromSuperview()
            flyingIcon.removeFromSuperview()
            foreground.backgroundColor = foregroundColour
            container.backgroundColor = containerColour
            context.completeTransition(!context.transitionWasCancelled)
        }
        // Scrubbed by a finger: linear, so the zoom is where the drag says.
        View.animate(
            Self.motion, in: container.tuning, followsFinger: context.isInteractive,
            changes: { flight.apply(zoomed: pushing) }, completion: finish)
    }
}
