import Graphics

/// Takes part of a scroll view's vertical drag, as an iOS sheet does with its list: while the
/// content is at its top a downward drag moves the owner (the sheet) instead, and while the owner
/// is displaced an upward drag brings it back first — all within one gesture, no re-grab.
@MainActor
public protocol ScrollDragHandoff: AnyObject {
    /// The drag moved the finger `dy` points this frame (positive: down) and the scroll view may
    /// hand it over; returns how much of it the owner used (the rest scrolls the content).
    func scrollView(_ scrollView: ScrollView, handOff dy: Double, contentAtTop: Bool) -> Double
    /// Whether the owner has taken some of this drag and is away from its resting place.
    func scrollViewHandoffIsHolding(_ scrollView: ScrollView) -> Bool
    /// The drag ended while the owner held it; `velocity` is the finger's (points per second,
    /// positive: down). The owner settles itself; the content does not fling.
    func scrollView(_ scrollView: ScrollView, endHandoffWithVelocity velocity: Double)
}
