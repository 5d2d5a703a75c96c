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
            trackingRecognizers = recognizers(at: event.location)
            for recognizer in trackingRecognizers { recognizer.pointerDown(event) }
        case .move:
            for recognizer in trackingRecognizers where recognizer.isTracking { recognizer.pointerMoved(event) }
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

    private func recognizers(at location: Point) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var node = hitTest(location)
        while let view = node {
            result.append(contentsOf: view.gestureRecognizers.filter(\.isEnabled))
            node = view.superview
        }
        return result
    }
}
