import Graphics
import Views

/// Decides where a presented screen rests and what surrounds it while it is up
/// (UIPresentationController): its frame in the container (kept across resizes), an optional
/// wrapper around it (`presentedView`), and an optional dimming view behind it. The window host
/// creates one per presentation, from the transitioning delegate or this default (full window).
@MainActor
open class PresentationController {
    /// Unowned: the presented controller holds its presentation controller for as long as it
    /// is presented, and a strong reference back would keep both alive when the app closes
    /// with a screen still up.
    public unowned let presentedViewController: ViewController
    public private(set) weak var presentingViewController: ViewController?
    /// The full-window layer the presentation lives in (set by the window host).
    public internal(set) weak var containerView: View?
    /// Alpha of the dimming view while presented; 0 means no dimming view.
    public let dimmingAlpha: Double
    /// Black, behind the presented view; animators fade it with `setDimmed` inside their animation
    /// so it follows the transition's timing (also when scrubbed interactively).
    public let dimmingView: View?
    /// A tap on the dimming view dismisses (a side panel's "tap outside to close").
    public var dismissesOnDimmingTap = false {
        didSet { dimmingView?.isUserInteractionEnabled = dismissesOnDimmingTap }
    }

    public init(presented: ViewController, presenting: ViewController?, dimmingAlpha: Double = 0) {
        presentedViewController = presented
        presentingViewController = presenting
        self.dimmingAlpha = dimmingAlpha
        if dimmingAlpha > 0 {
            let dimming = View()
            dimming.backgroundColor = .black
            dimming.alpha = 0
            dimming.isUserInteractionEnabled = false
            dimming.accessibilityIdentifier = "presentation.dimming"
            dimming.existsOnlyForTransition = true
            dimmingView = dimming
            dimming.addGestureRecognizer(
                TapGestureRecognizer { [weak self] _ in
                    guard let self, self.dismissesOnDimmingTap else { return }
                    self.presentedViewController.dismiss(animated: true)
                })
        } else {
            dimmingView = nil
        }
    }

    /// The view the transition moves and the layer holds: the presented controller's view, or a
    /// wrapper around it (a shadow, a clip) that a subclass returns.
    open var presentedView: View { presentedViewController.view }

    /// Where the presented view rests in a container of `bounds`; the default fills it.
    open func frameOfPresentedView(in bounds: Rect) -> Rect { bounds }

    /// Whether the presenting screen leaves the window once covered.
    open var shouldRemovePresentersView: Bool { presentedViewController.modalPresentationStyle == .fullScreen }

    /// Sets the dimming view's alpha to presented (true) or gone (false); call inside an animation.
    public func setDimmed(_ dimmed: Bool) {
        dimmingView?.alpha = dimmed ? dimmingAlpha : 0
    }

    /// Before the present's animation: the dimming view goes in behind, transparent.
    open func presentationTransitionWillBegin() {
        guard let dimmingView, let containerView else { return }
        if dimmingView.superview !== containerView {
            dimmingView.frame = containerView.bounds
            containerView.insertSubview(dimmingView, at: 0)
        }
    }

    /// After the present: dimmed if it completed, gone if it was cancelled.
    open func presentationTransitionDidEnd(_ completed: Bool) {
        if completed { setDimmed(true) } else { dimmingView?.removeFromSuperview() }
    }

    open func dismissalTransitionWillBegin() {}

    /// After the dismissal: the dimming view leaves with it, or stays dimmed if it was cancelled.
    open func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dimmingView?.removeFromSuperview() } else { setDimmed(true) }
    }

    /// The container was laid out (a resize): the dimming view fills it; the presented view takes
    /// its frame — while a transition moves it, only its size: the transition's animator then
    /// moves it (`AnimatedTransitioning.containerDidResize`).
    open func containerViewDidLayout(isTransitioning: Bool) {
        guard let containerView else { return }
        dimmingView?.frame = containerView.bounds
        let view = presentedView
        guard view.superview === containerView else { return }
        let frame = frameOfPresentedView(in: containerView.bounds)
        if isTransitioning {
            if view.bounds.size != frame.size {
                View.retarget { view.bounds = Rect(origin: view.bounds.origin, size: frame.size) }
            }
        } else if view.transform == .identity, view.frame != frame {
            view.frame = frame
        }
    }
}
