import Graphics
import Views

/// The bar along the bottom while a transition runs: its progress (time from its start over its
/// duration) as a track and thumb, its name and times. Dragging it or clicking the track scrubs.
@MainActor
package final class ScrubberView: View {
    package enum Phase { case began, changed, ended }

    static let height = 56.0
    var onScrub: (Phase, Double) -> Void = { _, _ in }
    /// Once a transition is over its film can be played again, looped and compared before and
    /// after a tuned value (the buttons for P, L and B).
    let playButton = ScrubberView.button("Play", id: "lab.scrubber.play")
    let loopButton = ScrubberView.button("Loop", id: "lab.scrubber.loop")
    let compareButton = ScrubberView.button("B/A", id: "lab.scrubber.compare")
    private var buttons: [Button] { [playButton, loopButton, compareButton] }
    private let track = View()
    private let fill = View()
    private let thumb = View()
    private let caption = Label(font: .system(12), color: .white)
    private var progress = 0.0
    private let inset = 20.0

    init() {
        super.init(frame: .zero)
        accessibilityIdentifier = "lab.scrubber"
        backgroundColor = Color(white: 0.08, alpha: 0.78)
        track.backgroundColor = Color(white: 1, alpha: 0.25)
        track.cornerRadius = 2
        fill.backgroundColor = .systemBlue
        fill.cornerRadius = 2
        thumb.backgroundColor = .white
        thumb.cornerRadius = 9
        thumb.accessibilityIdentifier = "lab.scrubber.thumb"
        caption.accessibilityIdentifier = "lab.scrubber.caption"
        for child in [track, fill, thumb, caption] {
            child.isUserInteractionEnabled = false
            addSubview(child)
        }
        let pan = PanGestureRecognizer { [weak self] recognizer in
            guard let self else { return }
            let x = self.convert(recognizer.lastLocation, from: nil).x
            switch recognizer.state {
            case .began: self.onScrub(.began, self.progress(atX: x))
            case .changed: self.onScrub(.changed, self.progress(atX: x))
            default: self.onScrub(.ended, self.progress(atX: x))
            }
        }
        pan.hysteresis = 0
        addGestureRecognizer(pan)
        let tap = TapGestureRecognizer { [weak self] recognizer in
            guard let self else { return }
            let progress = self.progress(atX: self.convert(recognizer.lastLocation, from: nil).x)
            self.onScrub(.began, progress)
            self.onScrub(.ended, progress)
        }
        addGestureRecognizer(tap)
        for button in buttons {
            button.isHidden = true
            addSubview(button)
            // A press on a button is the button's, not a scrub.
            pan.require(toFail: button.tap)
            tap.require(toFail: button.tap)
        }
    }

    private static func button(_ title: String, id: String) -> Button {
        let button = Button(title: title, font: .bold(11), color: .white, background: Color(white: 1, alpha: 0.16))
        button.accessibilityIdentifier = id
        button.cornerRadius = 6
        button.contentInsets = EdgeInsets(top: 3, left: 8, bottom: 3, right: 8)
        return button
    }

    /// Shows the Play, Loop and B/A buttons (a film to play), or hides them (a transition runs).
    func showFilmButtons(_ shown: Bool, canCompare: Bool, looping: Bool) {
        // While it loops, the Loop button stops it.
        if loopButton.title != (looping ? "Stop" : "Loop") { loopButton.title = looping ? "Stop" : "Loop" }
        playButton.isHidden = !shown
        loopButton.isHidden = !shown
        compareButton.isHidden = !shown || !canCompare
        setNeedsLayout()
    }

    private func progress(atX x: Double) -> Double {
        let width = max(bounds.width - inset * 2, 1)
        return min(max((x - inset) / width, 0), 1)
    }

    /// What the caption says now (tests read it as a user would).
    var captionText: String { caption.text }

    func show(name: String, progress: Double, elapsed: Double, duration: Double) {
        self.progress = progress
        // Beside the film's buttons the caption is shorter: the name and the times.
        caption.text =
            String(format: "%@   %.2f / %.2f s", name, elapsed, duration)
            + (playButton.isHidden ? String(format: "   %.0f %%", progress * 100) : "")
        setNeedsLayout()
    }

    package override func layoutSubviews() {
        let width = bounds.width - inset * 2
        let trackY = 36.0
        track.frame = Rect(x: inset, y: trackY, width: width, height: 4)
        fill.frame = Rect(x: inset, y: trackY, width: width * progress, height: 4)
        thumb.frame = Rect(x: inset + width * progress - 9, y: trackY - 7, width: 18, height: 18)
        var right = bounds.width - 10
        for button in buttons.reversed() where !button.isHidden {
            let size = button.sizeThatFits(bounds.size)
            right -= size.width
            button.frame = Rect(x: right, y: 6, width: size.width, height: 22)
            right -= 6
        }
        caption.frame = Rect(x: inset, y: 8, width: max(right - inset, 0), height: 18)
    }
}
