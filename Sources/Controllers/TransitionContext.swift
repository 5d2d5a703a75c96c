import Graphics
import Motion
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
    /// The transition's timed motion on the animation clock: from its start over the animator's
    /// duration, or — for an interactive one — from the release over the rest. Nil while a gesture
    /// drives it. The motion lab's scrubber and HUD read it.
    public internal(set) var timeline: MotionSpan?
    /// The animator's type (`PanelTransition`), nil for a transition without animation.
    public internal(set) var animatorType: (any AnimatedTransitioning.Type)?
    /// True once `completeTransition` ran; later calls are ignored (an interrupted animation's
    /// completion may still call it).
    public private(set) var isCompleted = false
    var onComplete: (Bool) -> Void = { _ in }
    /// Tells transitions apart without holding on to them (the motion lab remembers the last one
    /// by it: a weak reference would keep a side table alive for each).
    public let serial: Int
    private static var transitionsMade = 0

    init(
        containerView: View, from: ViewController, to: ViewController, isAnimated: Bool, isInteractive: Bool
    ) {
        self.containerView = containerView
        fromViewController = from
        toViewController = to
        self.isAnimated = isAnimated
        self.isInteractive = isInteractive
        Self.transitionsMade += 1
        serial = Self.transitionsMade
    }

    /// The presentation of a present or dismiss (nil for pushes and pops).
    public internal(set) var presentationController: PresentationController?

    /// The view to animate for a controller: for the presented one, its presentation's view (which
    /// may wrap the controller's own), as UIKit's `view(forKey:)`.
    public func view(for controller: ViewController) -> View {
        if let presentation = presentationController, presentation.presentedViewController === controller {
            return presentation.presentedView
        }
        return controller.view
    }

    public var fromView: View { view(for: fromViewController) }
    public var toView: View { view(for: toViewController) }

    /// Where a controller's view starts: its current frame in the container.
    public func initialFrame(for controller: ViewController) -> Rect {
        controller.isViewLoaded && controller.view.superview != nil
            ? controller.view.convert(controller.view.bounds, to: containerView) : .zero
    }

    /// Where a controller's view ends: for the controller arriving, its presentation's frame (the
    /// whole container by default); nothing (off stage) for the one leaving.
    public func finalFrame(for controller: ViewController) -> Rect {
        guard controller === toViewController else { return .zero }
        if let presentation = presentationController, presentation.presentedViewController === controller {
            return presentation.frameOfPresentedView(in: containerView.bounds)
        }
        return containerView.bounds
    }

    /// Where a controller's view rests in the container as it is laid out now: its presentation's
    /// frame for a presented controller, else the whole container. A dismissal retargeted after
    /// a resize measures from it (the view itself is mid-flight).
    public func restingFrame(for controller: ViewController) -> Rect {
        restingFrame(for: controller, in: containerView.bounds)
    }

    /// Where a controller's view rests in a container of `bounds`.
    public func restingFrame(for controller: ViewController, in bounds: Rect) -> Rect {
        if let presentation = presentationController, presentation.presentedViewController === controller {
            return presentation.frameOfPresentedView(in: bounds)
        }
        return bounds
    }

    /// Call once the animation has ended; pass false when it was cancelled.
    public func completeTransition(_ didComplete: Bool) {
        guard !isCompleted else { return }
        isCompleted = true
        onComplete(didComplete)
    }
}
