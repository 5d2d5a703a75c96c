import Graphics
import Views

/// Under the reference video in the dock: the whole video as a strip (id `lab.reference.strip`),
/// the frame shown marked in white and the transition's start in orange. A click or a drag on it
/// marks the start where the pointer is (`onStart`, in seconds into the video), as [ and ] move it
/// a frame at a time: the quickest way to line the video up when its own motion was found wrong.
@MainActor
final class VideoStripView: View {
    static let height = 22.0
    var onStart: (Double) -> Void = { _ in }
    /// The video's length, where its motion starts and the moment shown, in seconds.
    private var duration = 1.0
    private var start = 0.0
    private var shown = 0.0
    private let inset = 6.0

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityIdentifier = "lab.reference.strip"
        let pan = PanGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state != .cancelled, recognizer.state != .failed else { return }
            self.onStart(self.seconds(atX: self.convert(recognizer.lastLocation, from: nil).x))
        }
        pan.hysteresis = 0
        addGestureRecognizer(pan)
        // A click with no drag marks it too.
        let tap = TapGestureRecognizer { [weak self] recognizer in
            guard let self else { return }
            self.onStart(self.seconds(atX: self.convert(recognizer.lastLocation, from: nil).x))
        }
        addGestureRecognizer(tap)
    }

    func show(duration: Double, start: Double, shown: Double) {
        (self.duration, self.start, self.shown) = (max(duration, 0.001), start, shown)
    }

    /// The moment (seconds into the video) at `x` in this view's points.
    func seconds(atX x: Double) -> Double {
        let width = max(bounds.width - inset * 2, 1)
        return min(max((x - inset) / width, 0), 1) * duration
    }

    /// Where a moment sits across the strip.
    func x(atSeconds seconds: Double) -> Double {
        inset + min(max(seconds / duration, 0), 1) * max(bounds.width - inset * 2, 1)
    }

    override func drawContent(in context: inout DrawingContext) {
        let middle = bounds.height / 2
        context.fill(
            Rect(x: inset, y: middle - 2, width: max(bounds.width - inset * 2, 0), height: 4),
            color: Color(white: 1, alpha: 0.25))
        // Before the start: the still part of the video, dimmer.
        context.fill(
            Rect(x: inset, y: middle - 2, width: x(atSeconds: start) - inset, height: 4),
            color: Color(white: 1, alpha: 0.1))
        context.fill(
            Rect(x: x(atSeconds: shown) - 1, y: middle - 7, width: 2, height: 14), color: Color(white: 1, alpha: 0.9))
        context.fill(
            Rect(x: x(atSeconds: start) - 1.5, y: 2, width: 3, height: bounds.height - 4), color: Color(hex: 0xFF9500))
    }
}
