import Controllers
import Graphics
import Motion
import Views

/// Grows a room's panel into its detail screen and shrinks it back: the detail screen, in a
/// shadowed wrapper, starts at the panel's scale and place and springs to full size (0.6 s,
/// damping 0.7) while its labels move to the bar and the image fades; the rooms screen darkens
/// behind it. Dismissal is the exact reverse, back to wherever that panel is now.
@MainActor
final class PanelTransition: AnimatedTransitioning, TransitioningDelegate {
    static let duration = 0.6
    /// The grow and the shrink: UIKit's duration-based spring, both numbers tuned.
    static let motion = MotionSpec(
        name: "present", summary: "the panel grows into its room (and shrinks back)",
        timing: .spring(
            duration: .tuned(SceneTuning.Rooms.presentDuration), dampingRatio: .tuned(SceneTuning.Rooms.presentDamping))
    )

    weak var source: RoomsViewController?
    private var isPresenting = true
    /// The panel hidden while its detail screen is out (the cell checks it when it is reused).
    private(set) var hiddenPanel: Int?

    var allowsDismissalDuringPresentation: Bool { true }

    func presentationController(forPresented presented: ViewController, presenting: ViewController)
        -> PresentationController?
    {
        PanelPresentationController(presented: presented, presenting: presenting)
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController)
        -> (any AnimatedTransitioning)?
    {
        isPresenting = true
        return self
    }

    func animationController(forDismissed dismissed: ViewController) -> (any AnimatedTransitioning)? {
        isPresenting = false
        return self
    }

    func transitionDuration(_ context: TransitionContext) -> Double {
        context.containerView.reducesMotion
            ? CrossFadeAnimator.duration : Self.motion.duration(in: context.containerView.tuning)
    }

    func animateTransition(_ context: TransitionContext) {
        // Reduce Motion: the room fades in over the rows where it rests (no growth, no bounce).
        if context.containerView.reducesMotion {
            fade(context)
            return
        }
        let detail = (isPresenting ? context.toViewController : context.fromViewController) as? RoomDetailViewController
        guard let detail, let source, let index = source.selectedIndex else {
            fade(context)
            return
        }
        let container = context.containerView
        let bounds = container.bounds
        let panel = source.panel(for: index)
        guard let panel, panel.root is Window else {
            fade(context)
            return
        }
        // The presentation's wrapper and dimming view stay from present to dismiss, so a close
        // during the present reverses the same views from where they are.
        let wrapper = context.view(for: detail)
        let presentation = context.presentationController
        hiddenPanel = index
        panel.isHidden = true
        // The panel's frame in the container: where the wrapper starts (present) or returns (dismiss).
        let panelFrame = panel.convert(panel.bounds, to: container)
        let scale = Self.scale(from: bounds.size, to: panelFrame.size)
        if isPresenting {
            if wrapper.superview !== container { container.addSubview(wrapper) }
            wrapper.transform = scale
            wrapper.center = panelFrame.center
            detail.detailView.transitionProgress.value = 1
            wrapper.layoutIfNeeded()
        }
        detail.animateAlongTransition(presenting: isPresenting)
        let presenting = isPresenting
        let tuning = container.tuning
        View.animate(
            Self.motion, in: tuning,
            changes: {
                if presenting {
                    wrapper.transform = .identity
                    wrapper.center = bounds.center
                    detail.detailView.transitionProgress.value = 0
                    presentation?.setDimmed(true)
                } else {
                    wrapper.transform = scale
                    wrapper.center = panelFrame.center
                    detail.detailView.transitionProgress.value = 1
                    presentation?.setDimmed(false)
                }
            },
            completion: { [weak self] finished in
                // Replaced by a close mid-flight: the dismissal owns the views now.
                guard finished else { return }
                if !presenting { self?.tearDown(showing: panel) }
                context.completeTransition(!context.transitionWasCancelled)
            })
    }

    /// Presenting heads for the middle of the resized window; dismissing for wherever the panel
    /// is in the rooms screen's new layout (or, when it cannot be found, stays as it is).
    func containerDidResize(_ context: TransitionContext, from oldBounds: Rect) {
        let controller = isPresenting ? context.toViewController : context.fromViewController
        let wrapper = context.view(for: controller)
        let container = context.containerView
        let bounds = container.bounds
        guard let source, let index = hiddenPanel else {
            // The cross-fade: the screen simply fills the window.
            View.retarget { wrapper.frame = bounds }
            return
        }
        if isPresenting {
            View.retarget { wrapper.center = bounds.center }
            return
        }
        source.view.layoutIfNeeded()
        guard let panel = source.panel(for: index), panel.root is Window else { return }
        let panelFrame = panel.convert(panel.bounds, to: container)
        let scale = Self.scale(from: wrapper.bounds.size, to: panelFrame.size)
        View.retarget {
            wrapper.transform = scale
            wrapper.center = panelFrame.center
        }
    }

    /// A screen-sized view shrunk onto a panel. The seed scales by width alone; panels are floored
    /// to whole points, so scaling each axis to the panel makes the wrapper land on it exactly
    /// (the two scales differ by under 0.1 %, invisible on the content).
    static func scale(from screen: Size, to panel: Size) -> AffineTransform {
        guard screen.width > 0, screen.height > 0 else { return .identity }
        return AffineTransform(scaleX: panel.width / screen.width, y: panel.height / screen.height)
    }

    /// Shows the panel again: the one hidden at the start and whichever cell shows that room now
    /// (a resize mid-transition lays the rooms out afresh and may hand the room to another cell).
    private func tearDown(showing panel: RoomCell?) {
        panel?.isHidden = false
        if let source, let index = hiddenPanel { source.panel(for: index)?.isHidden = false }
        hiddenPanel = nil
    }

    /// Under Reduce Motion, or when the panel cannot be found (scrolled away, resized): a plain
    /// cross-fade, the room in its resting place.
    private func fade(_ context: TransitionContext) {
        let presenting = isPresenting
        let view = presenting ? context.toView : context.fromView
        if presenting {
            view.frame = context.containerView.bounds
            view.alpha = 0
            context.containerView.addSubview(view)
        }
        View.animate(
            duration: CrossFadeAnimator.duration, curve: CrossFadeAnimator.curve,
            changes: {
                view.alpha = presenting ? 1 : 0
                context.presentationController?.setDimmed(presenting)
            },
            completion: { [weak self] _ in
                if !presenting {
                    self?.tearDown(showing: nil)
                    view.alpha = 1
                }
                context.completeTransition(!context.transitionWasCancelled)
            })
    }
}
