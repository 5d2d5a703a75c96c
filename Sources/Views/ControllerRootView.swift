import Graphics

/// A root view that hands its layout to whoever owns it (usually its view controller), so a screen's
/// layout numbers live in one place instead of in a one-off View subclass per screen.
@MainActor
public final class ControllerRootView: View {
    public var onLayout: (Rect) -> Void = { _ in }

    public override func layoutSubviews() {
        onLayout(bounds)
    }
}
