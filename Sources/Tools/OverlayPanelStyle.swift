import Graphics
import Views

extension View {
    /// The look the lab's and the tuning panel's overlays share: a dark translucent rounded card.
    /// Overlays that only show something let the pointer through to the scene beneath.
    func styleAsOverlayPanel(opacity: Double = 0.78, cornerRadius radius: Double = 10, takesPointer: Bool = false) {
        backgroundColor = Color(white: 0.08, alpha: opacity)
        cornerRadius = radius
        isUserInteractionEnabled = takesPointer
    }
}
