import Graphics
import Views

/// Plays a transition's animation inside a context (UIViewControllerAnimatedTransitioning).
/// Animate with `View.animate`; call `context.completeTransition(!context.transitionWasCancelled)`
/// when done. Interactive transitions scrub exactly these animations.
@MainActor
public protocol AnimatedTransitioning: AnyObject {
    func transitionDuration(_ context: TransitionContext) -> Double
    func animateTransition(_ context: TransitionContext)
    /// After the transition ended either way; clean up here.
    func animationEnded(_ completed: Bool)
    /// The container changed size while this transition runs (UIKit's
    /// `viewWillTransition(to:with:)`); both screens already have the new size, `oldBounds` was
    /// the container's. Move every view in flight to where the new layout puts it, inside
    /// `View.retarget`, so the animations carry on and end there (and a cancel returns to the new
    /// layout's start) instead of keeping the old size and snapping on the last frame.
    func containerDidResize(_ context: TransitionContext, from oldBounds: Rect)
}

extension AnimatedTransitioning {
    public func animationEnded(_ completed: Bool) {}

    /// By default each screen in the container moves, with all of its motion, as far as its
    /// resting place moved: where it is heading and where it started (a cancel's return) follow
    /// the new layout. Views an animator adds of its own are for it to move.
    public func containerDidResize(_ context: TransitionContext, from oldBounds: Rect) {
        for controller in [context.fromViewController, context.toViewController] where controller.isViewLoaded {
            let view = context.view(for: controller)
            guard view.superview === context.containerView else { continue }
            let before = context.restingFrame(for: controller, in: oldBounds).center
            let after = context.restingFrame(for: controller).center
            guard before != after else { continue }
            View.retarget {
                view.center = Point(x: view.center.x + after.x - before.x, y: view.center.y + after.y - before.y)
            }
        }
    }
}

/// Drives a transition from input (UIViewControllerInteractiveTransitioning).
@MainActor
public protocol InteractiveTransitioning: AnyObject {
    /// False lets the transition start animated and be grabbed later (UIKit's wantsInteractiveStart).
    var wantsInteractiveStart: Bool { get }
    func startInteractiveTransition(_ context: TransitionContext, animator: any AnimatedTransitioning)
}

/// Supplies custom animators for presenting and dismissing a controller (UIViewControllerTransitioningDelegate).
@MainActor
public protocol TransitioningDelegate: AnyObject {
    func animationController(forPresented presented: ViewController, presenting: ViewController)
        -> (any AnimatedTransitioning)?
    func animationController(forDismissed dismissed: ViewController) -> (any AnimatedTransitioning)?
    func interactionControllerForPresentation(using animator: any AnimatedTransitioning)
        -> (any InteractiveTransitioning)?
    func interactionControllerForDismissal(using animator: any AnimatedTransitioning)
        -> (any InteractiveTransitioning)?
    /// True lets a dismissal start while the presentation is still animating: it reverses from
    /// wherever things are on screen (Rooms' close button). Otherwise it waits its turn.
    var allowsDismissalDuringPresentation: Bool { get }
    /// Where the presented screen rests and what surrounds it; nil gives the full-window default.
    func presentationController(forPresented presented: ViewController, presenting: ViewController)
        -> PresentationController?
}

extension TransitioningDelegate {
    public func animationController(forPresented presented: ViewController, presenting: ViewController)
        -> (any AnimatedTransitioning)?
    { nil }
    public func animationController(forDismissed dismissed: ViewController) -> (any AnimatedTransitioning)? { nil }
    public func interactionControllerForPresentation(using animator: any AnimatedTransitioning)
        -> (any InteractiveTransitioning)?
    { nil }
    public func interactionControllerForDismissal(using animator: any AnimatedTransitioning)
        -> (any InteractiveTransitioning)?
    { nil }
    public var allowsDismissalDuringPresentation: Bool { false }
    public func presentationController(forPresented presented: ViewController, presenting: ViewController)
        -> PresentationController?
    { nil }
}

/// How a presented controller covers what presented it.
public enum ModalPresentationStyle: Sendable {
    /// Covers everything; the presenting view leaves the window once presented.
    case fullScreen
    /// The presenting view stays on screen underneath (for cards, overlays, zooms).
    case custom
}

/// Light or dark status bar content, chosen by the top controller.
public enum StatusBarStyle: Sendable {
    case darkContent, lightContent
}
