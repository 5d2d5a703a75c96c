import Controllers
import Motion

/// A scene's Reduce Motion variant as the transitions play it and code export hands it on: what
/// becomes a cross-fade, what a finger still moves, and the fade's timing — the kit's
/// `CrossFadeAnimator`, which every variant plays, so the two cannot drift.
public struct ReducedMotion: Sendable {
    /// What the variant does, for the exported code's comment.
    public var summary: String
    /// The scene's motions (`MotionSpec` names) the cross-fade stands in for.
    public var replaces: [String]
    public var duration: Double
    /// UIKit's name of the fade's curve, without its prefix ("easeInOut").
    public var curve: String

    /// `scene`'s variant (nil for the gallery).
    @MainActor
    public static func of(scene: String) -> ReducedMotion? {
        let named: [(String, TimingCurve)] = [
            ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
        ]
        let curve = named.first { $0.1 == CrossFadeAnimator.curve }?.0 ?? "easeInOut"
        let fade = (duration: CrossFadeAnimator.duration, curve: curve)
        let (summary, replaces): (String, [String])
        switch scene {
        case "rooms":
            (summary, replaces) = (
                "the room fades in over the rows where it rests (no growth from the panel, no bounce), and out; "
                    + "the sheet a finger lets go snaps without a bounce (damping 1)", ["present"]
            )
        case "icons":
            (summary, replaces) = ("the detail fades in over the menu and out (nothing zooms)", ["zoom"])
        case "modal":
            (summary, replaces) = (
                "the card fades in and out where it rests; a drag still moves it 1:1 while it fades with the drag "
                    + "(let go, the rest of the fade takes this long); the coach mark fades where it is, on its own "
                    + "timing, without its drift", ["dismiss"]
            )
        case "inbox":
            (summary, replaces) = (
                "the message fades in over the list, which stays whole, and out", ["expand", "chromeFade"]
            )
        case "settings":
            (summary, replaces) = (
                "opened or closed by a key or a tap, the panel fades in and out where it rests; a finger still drags "
                    + "it, and let go it finishes without overshoot (critically damped), as with Reduce Motion off",
                ["present", "dismiss"]
            )
        default: return nil
        }
        return ReducedMotion(summary: summary, replaces: replaces, duration: fade.duration, curve: fade.curve)
    }
}
