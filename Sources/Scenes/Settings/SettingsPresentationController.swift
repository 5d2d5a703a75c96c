import Controllers
import Graphics
import Views

/// Where the settings panel rests: as wide as the window with its right edge 200 pt from the left
/// edge (the seed's reveal), over a black dimming view at 0.8 that closes the panel when tapped.
@MainActor
final class SettingsPresentationController: PresentationController {
    init(presented: ViewController, presenting: ViewController) {
        let tuning = presenting.view.tuning
        super.init(
            presented: presented, presenting: presenting, dimmingAlpha: tuning[SceneTuning.Settings.overlayAlpha])
        reveal = tuning[SceneTuning.Settings.panelReveal]
        dimmingView?.accessibilityIdentifier = "settings.overlay"
        dismissesOnDimmingTap = true
    }

    /// The tuned reveal, read when the panel is presented.
    private var reveal = SceneTuning.Settings.panelReveal.defaultValue

    override func frameOfPresentedView(in bounds: Rect) -> Rect {
        Rect(x: reveal - bounds.width, y: 0, width: bounds.width, height: bounds.height)
    }
}
