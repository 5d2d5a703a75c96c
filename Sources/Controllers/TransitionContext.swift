import Graphics
import Views

/// Everything an animator needs during one transition (UIViewControllerContextTransitioning).
@MainActor
public final class TransitionContext {
    /// The view the transition happens in; from/to views are (or are put) inside it.
    public let containerView: View
    public let fromViewController: ViewController
    public let toViewController: ViewController
    public let isAnimated: Bool
    public internal(set) var isInteractive: Bool
    public internal(set) var transitionWasCancelled = false
    /// True once `completeTransition` ran; later calls are ignored (an interrupted animation's
    /// completion may still call it).
    public private(set) var isCompleted = false
    var onComplete: (Bool) -> Void = { _ in }

    init(
        containerView: View, from: ViewController, to: ViewController, isAnimated: Bool, isInteractive: Bool
    ) {
        self.containerView = containerView
        fromViewController = from
        toViewController = to
        self.isAnimated = isAnimated
        self.isInteractive = isInteractive
    }

    public var fromView: View { fromViewController.view }
    public var toView: View { toViewController.view }

    /// Where a controller's view starts: its current frame in the container.
    public func initialFrame(for controller: ViewController) -> Rect {
        controller.isViewLoaded && controller.view.superview != nil
            ? controller.view.convert(controller.view.bounds, to: containerView) : .zero
    }

    /// Where a controller's view ends: the whole container for the controller arriving, nothing
    /// (off stage) for the one leaving.
    public func finalFrame(for controller: ViewController) -> Rect {
        controller === toViewController ? containerView.bounds : .zero
    }

    /// Call once the animation has ended; pass false when it was cancelled.
    public func completeTransition(_ didComplete: Bool) {
        guard !isCompleted else { return }
        isCompleted = true
        onComplete(didComplete)
    }
}
