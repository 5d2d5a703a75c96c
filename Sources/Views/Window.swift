import Graphics
import Motion
import Platform

/// The root of the tree: fills the drawable area and routes input to the views under the pointer.
@MainActor
public final class Window: View {
    /// Keys go here first; a controller layer installs its responder chain.
    public var keyHandler: ((Key) -> Bool)?
    /// Referees each pointer sequence; transitions install their gates on it.
    public let arbiter = GestureArbiter()
    /// Recognizers following the current pointer sequence (from down to up).
    private var trackingRecognizers: [GestureRecognizer] { arbiter.participants }
    public private(set) var isPointerDown = false
    /// The last pointer position seen, in window points.
    public private(set) var pointerLocation = Point.zero

    /// Runs every animation and simulation of the views in this window, on the host's clock.
    public let animator: Animator
    /// How text and images measure in this window (the backend's; an estimate without one).
    public var metrics: any ContentMetrics
    /// The app's tunable constants; the kit's own are registered from the start.
    public let tunables = Tuning(parameters: KitTuning.all)
    /// The window's accessibility settings: Reduce Motion.
    public let accessibility = AccessibilitySettings()

    /// A window whose animations run on `animator` (by default its own, on a manual clock that
    /// stays at 0 until someone advances it) and whose text measures with `metrics`.
    public init(size: Size, animator: Animator? = nil, metrics: any ContentMetrics = EstimatedContentMetrics()) {
        self.animator = animator ?? Animator(clock: ManualClock())
        self.metrics = metrics
        super.init(frame: Rect(origin: .zero, size: size))
        backgroundColor = .white
    }

    public func resize(to size: Size) {
        frame = Rect(origin: .zero, size: size)
    }

    /// Delivers one pointer event. On down, the recognizers on the hit view and its ancestors start
    /// tracking (deepest first, as UIKit); they see the whole sequence even if the pointer leaves the view.
    public func send(_ event: PointerEvent) {
        switch event.phase {
        case .down:
            // A down without an up (a second pointer, a lost release): the sequence in progress
            // ends as if lifted where it was, so whatever it drove finishes or cancels by position
            // and velocity instead of being stranded.
            if isPointerDown {
                send(PointerEvent(phase: .up, location: pointerLocation, time: event.time))
            }
            isPointerDown = true
            pointerLocation = event.location
            arbiter.startSequence(with: recognizers(at: event.location))
            for recognizer in trackingRecognizers where recognizer.isTracking { recognizer.pointerDown(event) }
        case .move:
            for recognizer in trackingRecognizers where recognizer.isTracking { recognizer.pointerMoved(event) }
            pointerLocation = event.location
        case .up:
            guard isPointerDown else { return }
            for recognizer in trackingRecognizers where recognizer.isTracking { recognizer.pointerUp(event) }
            finishSequence()
        case .hover:
            // No button held: nothing to track (a touch screen has no such thing).
            break
        case .cancel:
            // Taken away: no recognizer hears an up, so no tap fires; one under way is cancelled.
            guard isPointerDown else { return }
            finishSequence()
        }
    }

    public func send(_ key: Key) -> Bool {
        keyHandler?(key) ?? false
    }

    private func finishSequence() {
        let finished = trackingRecognizers
        arbiter.endSequence()
        isPointerDown = false
        for recognizer in finished {
            // A gesture still under way when its sequence ends is cancelled, so its owner always
            // hears an end.
            if recognizer.state == .began || recognizer.state == .changed { recognizer.transition(to: .cancelled) }
            recognizer.reset()
        }
    }

    /// Deepest first (the innermost scroll view claims a drag before its container), except that
    /// higher-priority recognizers (edge pans) come before all others.
    private func recognizers(at location: Point) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var seen = Set<ObjectIdentifier>()
        func collect(_ recognizer: GestureRecognizer) {
            // A global recognizer on an ancestor of the hit view is met twice; it follows once.
            guard recognizer.isEnabled, seen.insert(ObjectIdentifier(recognizer)).inserted else { return }
            result.append(recognizer)
        }
        var node = hitTest(location)
        while let view = node {
            view.gestureRecognizers.forEach(collect)
            node = view.superview
        }
        globalRecognizers.forEach(collect)
        return result.enumerated().sorted { ($0.element.priority, -$0.offset) > ($1.element.priority, -$1.offset) }
            .map(\.element)
    }

    /// Recognizers that see every pointer sequence wherever it lands (screen-edge pans live here,
    /// as UIKit attaches them to a controller's view but they must win over anything beneath).
    public private(set) var globalRecognizers: [GestureRecognizer] = []

    public func addGlobalRecognizer(_ recognizer: GestureRecognizer, on view: View) {
        view.addGestureRecognizer(recognizer)
        globalRecognizers.append(recognizer)
    }

    public func removeGlobalRecognizer(_ recognizer: GestureRecognizer) {
        globalRecognizers.removeAll { $0 === recognizer }
    }

    /// Sends a wheel / trackpad scroll to the innermost view under the pointer that takes it.
    @discardableResult
    public func sendWheel(delta: Point, at location: Point, time: Double) -> Bool {
        var node = hitTest(location)
        while let view = node {
            if let scrollable = view as? WheelScrollable, scrollable.scrollWheel(delta: delta, time: time) {
                return true
            }
            node = view.superview
        }
        return false
    }
}

extension View {
    /// The window this view is shown in, if it is attached to one (UIView.window).
    public var window: Window? { root as? Window }

    /// How text and images measure where this view is shown: its window's metrics, or an
    /// estimate while it is not in a window.
    public var contentMetrics: any ContentMetrics { window?.metrics ?? EstimatedContentMetrics() }
}

/// A view that scrolls for the mouse wheel (scroll views); returns false to let an ancestor try.
@MainActor
public protocol WheelScrollable: AnyObject {
    func scrollWheel(delta: Point, time: Double) -> Bool
}
