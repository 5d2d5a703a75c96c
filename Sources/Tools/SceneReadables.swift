import Controllers
import Graphics
import Views

/// What a scene shows to read or to press, as frames in the window's points where each lands
/// once its animations end: text, and controls (buttons, switches, sliders, and a bar's back
/// button and title) — what a toast or the keys' hint must not cover
/// (`CardPlacement`), controls above all.
@MainActor
package struct SceneReadables {
    /// Where a bar ends: the status bar and a 44 pt bar under it (UIKit's 64 pt).
    static let barBottom = 64.0

    var text: [Rect] = []
    var controls: [Rect] = []

    package init(in root: View) {
        visit(root, clip: root.bounds, inBar: false)
    }

    private mutating func visit(_ view: View, clip: Rect, inBar: Bool) {
        guard !view.isHidden, view.alpha > 0.01 else { return }
        let shown = view.toRootWhenLanded.apply(to: view.bounds).intersection(clip)
        let isControl = view is Button || view is Switch || view is Slider
        if isControl || (view as? Label)?.text.contains(where: { !$0.isWhitespace }) == true {
            // A button's own label is inside its frame already.
            if !shown.isEmpty {
                // A bar's title is as much the screen's chrome as its buttons, whether the bar
                // is a navigation controller's or a screen's own (a room's).
                let isBarText = inBar || shown.maxY <= Self.barBottom
                if isControl || isBarText { controls.append(shown) } else { text.append(shown) }
            }
            return
        }
        if view.clipsToBounds && shown.isEmpty { return }
        for child in view.subviews {
            visit(child, clip: view.clipsToBounds ? shown : clip, inBar: inBar || view is NavigationBar)
        }
    }
}
