import Controllers
import Motion

/// What a scene's gesture does, as code export hands it on: the numbers the running scene uses
/// (read from the same constants and tuning), so the exported pan handler cannot drift from what
/// plays. Distances are points, speeds points per second.
public struct SceneInteraction: Sendable {
    /// A number of the interaction: its value, and the tuning parameter that gives it, if any.
    public struct Number: Sendable {
        public var value: Double
        public var tunedBy: String?
    }

    /// The flick that decides on its own, whatever the distance (pt/s).
    public var flickSpeed: Number
    /// The share of `distance` past which a release completes.
    public var threshold: Number
    /// The distance the drag is measured against ("the window's height", "the 200 pt reveal").
    public var distance: String
    /// A fixed distance in points, when the drag's distance is one (the panel's reveal, the bar).
    public var fixedDistance: Number?
    /// The duration the finishing or cancelling run scales (the transition's own), and its
    /// shortest (the kit's: a short way left eases over at least this long).
    public var duration: Double
    public var shortestCompletion: Double
    /// The row's deceleration (per millisecond) where the scene pages a scroll view.
    public var deceleration: Number?
    /// Where a sheet snaps, for the sheet: the spring's damping and seconds per whole height.
    public var snapDampingRatio: Double?
    public var snapSecondsPerHeight: Double?
    /// The shortest snap, however short the way left.
    public var snapShortestDuration: Double?

    /// The scene's interaction with the values tuned now; nil for the gallery.
    @MainActor
    public static func of(scene: String, tuning: Tuning) -> SceneInteraction? {
        let shortest = PercentDrivenInteractiveTransition.shortestCompletion
        switch scene {
        case "rooms":
            return SceneInteraction(
                flickSpeed: Number(value: RoomDetailViewController.flickSpeed),
                threshold: Number(
                    value: tuning[SceneTuning.Rooms.sheetThreshold], tunedBy: SceneTuning.Rooms.sheetThreshold.name),
                distance: "the sheet's travel (the room's height less the bar and the 64 pt left showing)",
                duration: PanelTransition.duration, shortestCompletion: shortest,
                deceleration: Number(
                    value: tuning[SceneTuning.Rooms.pagingDeceleration],
                    tunedBy: SceneTuning.Rooms.pagingDeceleration.name),
                snapDampingRatio: RoomDetailViewController.snapDampingRatio,
                snapSecondsPerHeight: RoomDetailViewController.snapDurationPerHeight,
                snapShortestDuration: RoomDetailViewController.snapShortestDuration)
        case "modal":
            return SceneInteraction(
                flickSpeed: Number(
                    value: tuning[SceneTuning.Modal.flickVelocity], tunedBy: SceneTuning.Modal.flickVelocity.name),
                threshold: Number(
                    value: tuning[SceneTuning.Modal.finishThreshold], tunedBy: SceneTuning.Modal.finishThreshold.name),
                distance: "the window's height", duration: CardDismissal.duration, shortestCompletion: shortest)
        case "settings":
            return SceneInteraction(
                flickSpeed: Number(value: SettingsTransition.flickSpeed),
                threshold: Number(value: SettingsTransition.completionShare),
                distance: "the panel's reveal",
                fixedDistance: Number(
                    value: tuning[SceneTuning.Settings.panelReveal], tunedBy: SceneTuning.Settings.panelReveal.name),
                duration: SettingsTransition.dismissDuration, shortestCompletion: shortest)
        case "icons":
            // UINavigationController's own back swipe: past half, or a flick of a width a second.
            return SceneInteraction(
                flickSpeed: Number(value: NavigationController.edgePopFlickWidthsPerSecond),
                threshold: Number(value: NavigationController.edgePopThreshold),
                distance: "the window's width", duration: ZoomingIconTransition.duration, shortestCompletion: shortest)
        case "inbox":
            return SceneInteraction(
                flickSpeed: Number(value: 0),
                threshold: Number(
                    value: tuning[SceneTuning.Inbox.dismissFraction], tunedBy: SceneTuning.Inbox.dismissFraction.name),
                distance: "the blue bar's height", fixedDistance: Number(value: NavigationBar.height),
                duration: ExpandingCellTransition.duration, shortestCompletion: shortest)
        default:
            return nil
        }
    }
}
