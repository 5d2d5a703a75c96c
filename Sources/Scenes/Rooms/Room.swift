import Graphics

/// A chat room in the Sliding Panels scene: our own names, words and generated art.
public struct Room: Equatable, Sendable {
    public var title: String
    public var subtitle: String
    public var about: String
    public var imageName: String
    /// Where the rooms' illustrations put their subject's block (tools/make-room-art): above the
    /// centred title, so a wide panel's crop centres a little above the middle to keep it whole.
    public static let artFocus = Point(x: 0.5, y: 0.45)

    public static let all: [Room] = [
        Room(
            title: "Night Riders", subtitle: "For people who cycle after dark",
            about: "Routes with good lights, late coffee stops and the best tail lamps.", imageName: "room-night-riders"
        ),
        Room(
            title: "Sourdough Club", subtitle: "Starters, crumb shots and flour talk",
            about: "Feed your starter, share the crumb, compare hydration notes.", imageName: "room-sourdough"),
        Room(
            title: "Tide Pool", subtitle: "Marine biology for the curious",
            about: "Low-tide walks, anemones, and what the crabs were up to.", imageName: "room-tide-pool"),
        Room(
            title: "Rooftop Gardens", subtitle: "Growing food above the street",
            about: "Soil depth, wind breaks and tomatoes at altitude.", imageName: "room-rooftop"),
        Room(
            title: "Synth Lab", subtitle: "Patch cables and modular noise",
            about: "Share patches, trade modules, post your strangest drone.", imageName: "room-synth"),
        Room(
            title: "Trail Runners", subtitle: "Mud, hills and early mornings",
            about: "Weekend loops, shoe reviews and sunrise starts.", imageName: "room-trail"),
        Room(
            title: "Night Sky", subtitle: "Telescopes, planets, dark sites",
            about: "Clear-sky alerts, eyepiece advice and Saturn season.", imageName: "room-night-sky"),
        Room(
            title: "Board Games", subtitle: "Weekly tables, new rules",
            about: "Find a table, teach a game, argue about scoring.", imageName: "room-board-games"),
    ]
}
