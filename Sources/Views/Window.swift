import Graphics
import Platform

/// The root of the tree: fills the drawable area and routes input to the views under the pointer.
@MainActor
public final class Window: View {
    /// Keys go here first; a controller layer installs its responder chain.
    public var keyHandler: ((Key) -> Bool)?
    /// Recognizers following the current pointer sequence (from down to up).
    private var trackingRecognizers: [GestureRecognizer] = []
    public private(set) var isPointerDown = false
    /// The last pointer position seen, in window points.
    public private(set) var pointerLocation = Point.zero

    public init(size: Size) {
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
            if isPointerDown { finishSequence() }
            isPointerDown = true
            pointerLocation = event.location
            trackingRecognizers = recognizers(at: event.location)
            for recognizer in trackingRecognizers { recognizer.pointerDown(event) }
        case .move:
            for recognizer in trackingRecognizers where recognizer.isTracking { recognizer.pointerMoved(event) }
            pointerLocation = event.location
        case .up:
            guard isPointerDown else { return }
            for recognizer in trackingRecognizers where recognizer.isTracking { recognizer.pointerUp(event) }
            finishSequence()
        }
    }

    public func send(_ key: Key) -> Bool {
        keyHandler?(key) ?? false
    }

    private func finishSequence() {
        for recognizer in trackingRecognizers { recognizer.reset() }
        trackingRecognizers = []
        isPointerDown = false
    }

    /// Deepest first (the innermost scroll view claims a drag before its container), except that
    /// higher-priority recognizers (edge pans) come before all others.
    private func recognizers(at location: Point) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var node = hitTest(location)
        while let view = node {
            result.append(contentsOf: view.gestureRecognizers.filter(\.isEnabled))
            node = view.superview
        }
        result.append(contentsOf: globalRecognizers.filter(\.isEnabled))
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

    /// Arbitration: a continuous gesture may begin only if no other continuous gesture in this
    /// sequence has; when it begins, the others still undecided fail.
    func mayBegin(_ recognizer: GestureRecognizer) -> Bool {
        let others = trackingRecognizers.filter { $0 !== recognizer }
        if recognizer.isContinuous,
            others.contains(where: { $0.isContinuous && ($0.state == .began || $0.state == .changed) })
        {
            return false
        }
        if recognizer.isContinuous {
            for other in others { other.failBecauseAnotherWon() }
        }
        return true
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

/// A view that scrolls for the mouse wheel (scroll views); returns false to let an ancestor try.
@MainActor
public protocol WheelScrollable: AnyObject {
    func scrollWheel(delta: Point, time: Double) -> Bool
}
