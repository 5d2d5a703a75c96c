/// The exported interaction's doc: how each scene's transition starts and where UIKit asks for the
/// interaction (a review found settings' said "dismiss" for a drag that opens).
extension EffectCode {
    /// What `begin` starts and where the interaction is returned from, for the scene's transition.
    var howToBegin: [String] {
        (scene == "icons"
            ? [
                "/// (`navigationController?.popViewController(animated: true)`). Return it from the navigation",
                "/// controller's delegate, navigationController(_:interactionControllerFor:), only while",
                "/// `isInteractive` (a custom animator turns off interactivePopGestureRecognizer: add the edge",
                "/// pan yourself). On iOS 18 and later the system zoom does this with its own interactive",
                "/// back: `preferredTransition = .zoom { _ in cell }` (UIKit) or",
                "/// `.navigationTransition(.zoom(sourceID:in:))` (SwiftUI); this is the hand-built one, for",
                "/// earlier systems and for the numbers above.",
            ]
            : scene == "settings"
                ? [
                    "/// (`present(panel, animated: true)`: the drag opens the panel). Return it from the",
                    "/// transitioning delegate's interactionControllerForPresentation(using:) only while",
                    "/// `isInteractive`, so a button's open still animates on its own.",
                ]
                : [
                    "/// (`dismiss(animated: true)`). Return it from the transitioning delegate's",
                    "/// interactionControllerForDismissal(using:) only while `isInteractive`, so a button's close",
                    "/// still animates on its own.",
                ])
    }
}
