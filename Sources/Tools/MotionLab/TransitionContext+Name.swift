import Controllers

extension TransitionContext {
    /// The animator's type name ("PanelTransition"): what the lab's HUD, films and recordings
    /// call the transition.
    var animatorName: String { animatorType.map { String(describing: $0) } ?? "" }
}
