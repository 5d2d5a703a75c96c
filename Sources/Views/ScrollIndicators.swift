import Graphics

/// The two thin bars that show where a scroll view is in its content: shown while it moves,
/// faded out half a second after it rests, shrinking instead of moving on past an edge (as iOS).
@MainActor
final class ScrollIndicators {
    /// Horizontal (index 0) and vertical (index 1) bars, subviews of the scroll view.
    let views: [View] = [View(), View()]
    private var hideScheduled = false
    static let inset = 3.0
    static let thickness = 3.0

    init() {
        for (axis, indicator) in views.enumerated() {
            indicator.backgroundColor = Color(white: 0, alpha: 0.35)
            indicator.cornerRadius = 1.5
            indicator.alpha = 0
            indicator.isUserInteractionEnabled = false
            indicator.accessibilityIdentifier = axis == 0 ? "scroll.indicator.horizontal" : "scroll.indicator.vertical"
        }
    }

    /// Places the bars for `scrollView`'s offset, content size and range.
    func update(for scrollView: ScrollView) {
        let offset = scrollView.contentOffset
        let bounds = scrollView.bounds
        for axis in [0, 1] {
            let indicator = views[axis]
            let visible = axis == 0 ? bounds.width : bounds.height
            let content = axis == 0 ? scrollView.contentSize.width : scrollView.contentSize.height
            guard content > visible, visible > 0 else {
                indicator.isHidden = true
                continue
            }
            indicator.isHidden = false
            let track = visible - 2 * Self.inset - (axis == 0 ? Self.thickness + Self.inset : 0)
            let limits = scrollView.range(axis)
            let position = axis == 0 ? offset.x : offset.y
            let fraction =
                limits.upperBound > limits.lowerBound
                ? (position - limits.lowerBound) / (limits.upperBound - limits.lowerBound) : 0
            // Past an edge the indicator shrinks instead of moving on, as iOS does.
            let overshoot = max(-fraction, fraction - 1, 0) * (limits.upperBound - limits.lowerBound)
            let length = max(36, track * visible / content - overshoot)
            let along = Self.inset + min(max(fraction, 0), 1) * (track - length)
            if axis == 0 {
                indicator.frame = Rect(
                    x: offset.x + along, y: offset.y + bounds.height - Self.thickness - Self.inset, width: length,
                    height: Self.thickness)
            } else {
                indicator.frame = Rect(
                    x: offset.x + bounds.width - Self.thickness - Self.inset, y: offset.y + along,
                    width: Self.thickness, height: length)
            }
        }
    }

    func show() {
        hideScheduled = false
        for indicator in views where !indicator.isHidden {
            indicator.stopAnimations()
            indicator.alpha = 1
        }
    }

    func hideSoon() {
        guard !hideScheduled else { return }
        hideScheduled = true
        for indicator in views {
            View.animate(duration: 0.25, delay: 0.5, curve: .easeOut, changes: { indicator.alpha = 0 })
        }
    }
}
