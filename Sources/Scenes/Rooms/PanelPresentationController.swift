import Controllers
import Graphics
import Views

/// How a room's detail screen sits while it is up: inside a shadowed wrapper (the view the panel
/// transition scales) that fills the window, over the presentation's black dimming view at 0.5.
@MainActor
final class PanelPresentationController: PresentationController {
    static let dimmingAlpha = 0.5
    private let wrapper = ControllerRootView()

    init(presented: ViewController, presenting: ViewController) {
        super.init(presented: presented, presenting: presenting, dimmingAlpha: Self.dimmingAlpha)
        dimmingView?.accessibilityIdentifier = "rooms.overlay"
        wrapper.accessibilityIdentifier = "rooms.wrapper"
        wrapper.existsOnlyForTransition = true
        wrapper.shadow = Shadow(opacity: 0.3, radius: 5)
        let screen = presented.view
        screen.clipsToBounds = true
        wrapper.addSubview(screen)
        // The screen always fills the wrapper; the wrapper's transform shrinks both onto a panel.
        wrapper.onLayout = { bounds in screen.frame = bounds }
    }

    override var presentedView: View { wrapper }
}
