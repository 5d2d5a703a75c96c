import Controllers
import Graphics
import Views

/// Where the settings panel rests: as wide as the window with its right edge 200 pt from the left
/// edge (the seed's reveal), over a black dimming view at 0.8 that closes the panel when tapped.
@MainActor
final class SettingsPresentationController: PresentationController {
    static let reveal = 200.0
    static let dimmingAlpha = 0.8

    init(presented: ViewController, presenting: ViewController) {
        super.init(presented: presented, presenting: presenting, dimmingAlpha: Self.dimmingAlpha)
        dimmingView?.accessibilityIdentifier = "settings.overlay"
        dismissesOnDimmingTap = true
    }

    override func frameOfPresentedView(in bounds: Rect) -> Rect {
        Rect(x: Self.reveal - bounds.width, y: 0, width: bounds.width, height: bounds.height)
    }
}
