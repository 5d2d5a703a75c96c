import Graphics
import Views

/// Over the reference video in the dock: a drag draws a box around an element (outlined in
/// orange), and letting go hands the box (in this view's points) to `onBox` — the element to
/// follow and fit. Once it is followed, the box outlines the element in whichever frame shows.
@MainActor
final class TrackBoxView: View {
    var onBox: (Rect) -> Void = { _ in }
    private let edges = (0..<4).map { _ in View() }
    /// The box drawn, in this view's points.
    private(set) var box: Rect?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityIdentifier = "lab.reference.track"
        for edge in edges {
            edge.backgroundColor = Color(hex: 0xFF9500)
            edge.isUserInteractionEnabled = false
            addSubview(edge)
        }
        let pan = PanGestureRecognizer { [weak self] recognizer in
            guard let self, let pan = recognizer as? PanGestureRecognizer, let start = pan.startLocation else { return }
            let from = self.convert(start, from: nil)
            let to = self.convert(recognizer.lastLocation, from: nil)
            let drawn = Rect(
                x: min(from.x, to.x), y: min(from.y, to.y), width: abs(to.x - from.x), height: abs(to.y - from.y)
            ).intersection(self.bounds)
            self.box = drawn
            self.setNeedsLayout()
            if recognizer.state == .ended, drawn.width >= 2, drawn.height >= 2 { self.onBox(drawn) }
        }
        pan.hysteresis = 0
        addGestureRecognizer(pan)
    }

    /// Outlines `followed` (this view's points): where the element followed is in the frame shown.
    func show(_ followed: Rect?) {
        guard followed != box else { return }
        box = followed
        // Laid out now: the frame that shows the new picture is drawn after the tools' layout
        // pass (a box laid out at the next pass ran a frame behind its picture).
        setNeedsLayout()
        layoutIfNeeded()
    }

    /// Takes the box away (its element could not be followed).
    func clear() {
        box = nil
        setNeedsLayout()
    }

    override func layoutSubviews() {
        for edge in edges { edge.isHidden = box == nil }
        guard let box else { return }
        let line = 1.5
        edges[0].frame = Rect(x: box.minX, y: box.minY, width: box.width, height: line)
        edges[1].frame = Rect(x: box.minX, y: box.maxY - line, width: box.width, height: line)
        edges[2].frame = Rect(x: box.minX, y: box.minY, width: line, height: box.height)
        edges[3].frame = Rect(x: box.maxX - line, y: box.minY, width: line, height: box.height)
    }
}
