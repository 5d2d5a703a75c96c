import Motion

/// One of a scene's animations as code exports it: named, with what it does and its timing in
/// the tuned values — the spring of a transition, or a timed curve.
public struct SceneMotion: Sendable {
    public enum Timing: Sendable, Equatable {
        /// UIKit's duration-based spring (`usingSpringWithDamping`), the velocity in distances/s.
        case spring(duration: Double, dampingRatio: Double, initialVelocity: Double)
        /// A timed curve: `curve` is UIKit's name without its prefix ("linear", "easeInOut").
        case curve(duration: Double, delay: Double, curve: String)
    }

    /// An identifier-like name ("present", "zoom").
    public var name: String
    public var summary: String
    public var timing: Timing
    /// Which tuning parameter gives each of the timing's numbers ("dampingRatio" →
    /// "rooms.present.damping"): code refers to that constant instead of repeating the value.
    public var tunedBy: [String: String] = [:]
}

extension SceneTuning {
    /// The animations of `scene` with the values tuned now (none for the gallery).
    @MainActor
    public static func motions(scene: String, tuning: Tuning) -> [SceneMotion] {
        switch scene {
        case "rooms":
            return [
                SceneMotion(
                    name: "present", summary: "the panel grows into its room (and shrinks back)",
                    timing: .spring(
                        duration: tuning[Rooms.presentDuration], dampingRatio: tuning[Rooms.presentDamping],
                        initialVelocity: 0),
                    tunedBy: ["duration": Rooms.presentDuration.name, "dampingRatio": Rooms.presentDamping.name])
            ]
        case "settings":
            return [
                SceneMotion(
                    name: "present", summary: "the panel slides in from the edge",
                    timing: .spring(
                        duration: SettingsTransition.presentDuration, dampingRatio: tuning[Settings.presentDamping],
                        initialVelocity: tuning[Settings.presentVelocity]),
                    tunedBy: [
                        "dampingRatio": Settings.presentDamping.name, "initialVelocity": Settings.presentVelocity.name,
                    ])
            ]
        case "inbox":
            return [
                SceneMotion(
                    name: "expand", summary: "the row grows into the message, the list parts around it",
                    timing: .spring(duration: tuning[Inbox.expandDuration], dampingRatio: 1, initialVelocity: 0),
                    tunedBy: ["duration": Inbox.expandDuration.name]),
                SceneMotion(
                    name: "chromeFade", summary: "the row's chrome fades as it opens",
                    timing: .curve(duration: 0.2, delay: 0, curve: "easeOut")),
            ]
        case "icons":
            return [
                SceneMotion(
                    name: "zoom", summary: "the circle zooms into the detail (and back)",
                    timing: .spring(duration: ZoomingIconTransition.duration, dampingRatio: 1, initialVelocity: 0))
            ]
        case "modal":
            return [
                SceneMotion(
                    name: "dismiss", summary: "the card slides away when let go past the threshold",
                    timing: .curve(duration: CardDismissal.duration, delay: 0, curve: "easeInOut")),
                SceneMotion(
                    name: "coachMark", summary: "the hint dot slides down and fades",
                    timing: .curve(duration: 0.5, delay: 0.25, curve: "easeInOut")),
            ]
        default:
            return []
        }
    }
}
