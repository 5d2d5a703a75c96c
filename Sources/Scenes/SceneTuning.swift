import Motion
import Views

/// Every scene's tunable constants, each defaulting to the seed's value. Scenes read them from
/// `view.tuning` when an effect starts, so the live tuning panel changes the next transition.
public enum SceneTuning {
    public enum Rooms {
        public static let presentDuration = TuningParameter(
            "rooms.present.duration", default: 0.6, range: 0.1...3, unit: "s", summary: "panel growing into the room")
        public static let presentDamping = TuningParameter(
            "rooms.present.damping", default: 0.7, range: 0.1...1.5, summary: "spring of the grow and shrink")
        public static let sheetThreshold = TuningParameter(
            "rooms.sheet.threshold", default: 0.5, range: 0.05...0.95,
            summary: "share of the way down past which the sheet drops")
        public static let pagingDeceleration = TuningParameter(
            "rooms.paging.deceleration", default: DecayMotion.fastRate, range: 0.9...0.9995, unit: "/ms",
            summary: "how far a flick projects the row")
    }

    public enum Icons {
        public static let zoomScale = TuningParameter(
            "icons.zoom.scale", default: 15, range: 1...40, unit: "×", summary: "how far the circle grows")
        public static let backgroundScale = TuningParameter(
            "icons.background.scale", default: 0.8, range: 0.3...1.2, unit: "×", summary: "the menu shrinking away")
        public static let labelsDelay = TuningParameter(
            "icons.labels.delay", default: 0.2, range: 0...1, unit: "s", summary: "before the labels slide in")
    }

    public enum Modal {
        public static let finishThreshold = TuningParameter(
            "modal.finish.threshold", default: 0.3, range: 0.05...0.95,
            summary: "share of the height past which a drag closes")
        public static let flickVelocity = TuningParameter(
            "modal.flick.velocity", default: 1000, range: 100...5000, unit: "pt/s",
            summary: "a downward flick this fast closes")
    }

    public enum Settings {
        public static let panelReveal = TuningParameter(
            "settings.panel.reveal", default: 200, range: 80...400, unit: "pt", summary: "how much of the panel shows")
        public static let overlayAlpha = TuningParameter(
            "settings.overlay.alpha", default: 0.8, range: 0...1, summary: "darkness of the page behind")
        public static let presentDamping = TuningParameter(
            "settings.present.damping", default: 0.7, range: 0.1...1.5, summary: "spring of the panel sliding in")
        public static let presentVelocity = TuningParameter(
            "settings.present.velocity", default: 2.3, range: 0...10, summary: "initial velocity of that spring")
    }

    public enum Inbox {
        public static let expandDuration = TuningParameter(
            "inbox.expand.duration", default: 0.6, range: 0.1...3, unit: "s", summary: "row growing into the message")
        public static let dismissFraction = TuningParameter(
            "inbox.dismiss.fraction", default: 0.5, range: 0.1...1.5,
            summary: "share of the bar pulled down that closes")
    }

    /// The spring a scene's main transition will play with the current values (the motion lab's
    /// curve graph draws it, so tuning a damping shows its curve at once); nil where there is none.
    @MainActor
    public static func expectedCurve(scene: String, tuning: Tuning) -> (label: String, timing: any AnimationTiming)? {
        expectedCurve(scene: scene, tuning: tuning, transition: nil)
    }

    /// The spring the scene's own transition will follow with the tuned values, labelled with
    /// them as its slider shows them (three decimals): for `transition` (an animator's type
    /// name) only when it is that scene's own (the Rooms spring is not the gallery's push).
    @MainActor
    public static func expectedCurve(scene: String, tuning: Tuning, transition: String?)
        -> (label: String, timing: any AnimationTiming)?
    {
        // The transitions' own springs, as they declare them.
        let owned: (owner: String, motion: MotionSpec)
        switch scene {
        case "rooms": owned = ("PanelTransition", PanelTransition.motion)
        case "settings": owned = ("SettingsTransition", SettingsTransition.presentMotion)
        case "inbox": owned = ("ExpandingCellTransition", ExpandingCellTransition.expandMotion)
        default: return nil
        }
        guard let timing = owned.motion.springTiming(start: 0, in: tuning) else { return nil }
        let expected = (
            owner: owned.owner, label: "expected: ζ \(rounded(timing.solution.dampingRatio))", timing: timing
        )
        if let transition, transition != expected.owner { return nil }
        return (expected.label, expected.timing)
    }

    /// A value as the tuning panel shows it: at most three decimals, no trailing zeros.
    static func rounded(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The catalog: every scene's parameters, then the kit's.
    public static let all: [TuningParameter] =
        [
            Rooms.presentDuration, Rooms.presentDamping, Rooms.sheetThreshold, Rooms.pagingDeceleration,
            Icons.zoomScale, Icons.backgroundScale, Icons.labelsDelay,
            Modal.finishThreshold, Modal.flickVelocity,
            Settings.panelReveal, Settings.overlayAlpha, Settings.presentDamping, Settings.presentVelocity,
            Inbox.expandDuration, Inbox.dismissFraction,
        ] + KitTuning.all
}
