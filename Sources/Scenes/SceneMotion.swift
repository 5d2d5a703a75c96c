import Motion

/// One of a scene's animations as code exports it: named, with what it does and its timing in
/// the tuned values — the spring of a transition, or a timed curve (`MotionSpec.resolved`).
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
    /// Each scene's animations as its transitions declare them (none for the gallery).
    @MainActor
    public static func motionSpecs(scene: String) -> [MotionSpec] {
        switch scene {
        case "rooms": [PanelTransition.motion]
        case "settings": [SettingsTransition.presentMotion, SettingsTransition.dismissMotion]
        case "inbox": [ExpandingCellTransition.expandMotion, ExpandingCellTransition.chromeFade]
        case "icons": [ZoomingIconTransition.motion]
        case "modal": [CardDismissal.motion, ModalCardViewController.coachMark]
        default: []
        }
    }

    /// The animations of `scene` with the values tuned now, as code exports them.
    @MainActor
    public static func motions(scene: String, tuning: Tuning) -> [SceneMotion] {
        motionSpecs(scene: scene).map { $0.resolved(in: tuning) }
    }
}
