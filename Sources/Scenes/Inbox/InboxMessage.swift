import Graphics

/// A message in the Expanding Cells inbox (our own words): who sent it, what it is about, the
/// first line shown in the list, and the whole text shown when it opens.
public struct InboxMessage: Sendable {
    public let sender: String
    public let subject: String
    public let snippet: String
    public let body: String
    public let avatar: Color
    public let picture: String

    public var initial: String { String(sender.prefix(1)) }

    /// The inbox: titled sections of messages, enough to scroll.
    public static let sections: [(title: String, messages: [InboxMessage])] = [
        (
            "Today",
            [
                message(
                    "Maya Lin", "Saturday hike is on", "Meet at the trailhead at eight, bring water and", 0x0B8043,
                    "room-trail"),
                message(
                    "Tom Okafor", "Sourdough starter", "Mine finally doubled overnight. Want a jar of it", 0xE67C73,
                    "room-sourdough"),
                message(
                    "Studio Nine", "Your booking is confirmed", "Room B, Thursday from six to nine. The synth rack",
                    0x8E24AA, "room-synth"),
                message(
                    "Priya Shah", "Photos from the rooftop", "A few from last night before the rain came in.", 0x039BE5,
                    "room-rooftop"),
            ]
        ),
        (
            "Yesterday",
            [
                message(
                    "Night Riders", "Route for Friday", "We loop the river path and stop for coffee at", 0x3F51B5,
                    "room-night-riders"),
                message(
                    "Leo Brandt", "Board game night", "Bring the new one with the tiny trains if you", 0xF4511E,
                    "room-board-games"),
                message(
                    "Ana García", "Tide tables", "Low tide is at 7:12 on Sunday, perfect for the", 0x009688,
                    "room-tide-pool"),
                message(
                    "Observatory", "Clear skies tonight", "The dome opens at ten. Saturn is well placed", 0x616161,
                    "room-night-sky"),
            ]
        ),
        (
            "This week",
            [
                message(
                    "Maya Lin", "Re: map of the ridge", "The shortcut past the lake is closed until May,", 0x0B8043,
                    "room-trail"),
                message(
                    "Chen Wei", "Lunch on Wednesday?", "The noodle place on the corner reopened with a", 0xD81B60,
                    "room-sourdough"),
                message(
                    "Library", "Your holds are ready", "Three books are waiting at the front desk until", 0x7CB342,
                    "room-board-games"),
                message(
                    "Sam Patel", "Demo tracks", "Two rough mixes from the weekend, the second is", 0x8E24AA,
                    "room-synth"),
            ]
        ),
        (
            "Earlier",
            [
                message(
                    "Priya Shah", "Rooftop garden", "The tomatoes survived the storm, mostly. Come", 0x039BE5,
                    "room-rooftop"),
                message(
                    "Ana García", "Rock pool guide", "I scanned the old field guide, the page on crabs", 0x009688,
                    "room-tide-pool"),
                message(
                    "Night Riders", "New lights", "Everyone who signed up gets a rear light this", 0x3F51B5,
                    "room-night-riders"),
                message(
                    "Observatory", "Members' evening", "Bring a friend on the first Friday: short talk,", 0x616161,
                    "room-night-sky"),
            ]
        ),
    ]

    /// `count` messages (the real ones repeated) in sections of 50, for benchmarks at scale.
    public static func generatedSections(count: Int) -> [(title: String, messages: [InboxMessage])] {
        let pool = sections.flatMap(\.messages)
        var result: [(title: String, messages: [InboxMessage])] = []
        var made = 0
        while made < count {
            let size = min(50, count - made)
            let messages = (0..<size).map { pool[(made + $0) % pool.count] }
            result.append((title: "Week \(result.count + 1)", messages: messages))
            made += size
        }
        return result
    }

    private static func message(
        _ sender: String, _ subject: String, _ snippet: String, _ avatar: UInt32, _ picture: String
    ) -> InboxMessage {
        InboxMessage(
            sender: sender, subject: subject, snippet: snippet + "…",
            body: snippet + " the usual place. Reply here if plans change; I will check again in the "
                + "evening.\n\nThe forecast looks kind, but pack a layer in case the wind picks up. If "
                + "anyone needs a lift, there are two seats free in the blue car.\n\nSee you there.",
            avatar: Color(hex: avatar), picture: picture)
    }
}
