import Graphics

/// One lesson type on the Zooming Icons menu: a name, a colour, our own white glyph in `Assets/`
/// and two sentences about it.
public struct IconItem: Sendable {
    public let name: String
    public let colour: Color
    public let glyph: ImageRef
    public let summary: String

    /// The menu's five items, in reading order; rows hold 2 then 3 of them.
    public static let all: [IconItem] = [
        IconItem(
            name: "Words", colour: Color(hex: 0xB45309), glyph: ImageRef("icon-words"),
            summary: "Learn a handful of new words each day. Each one comes back just before you would forget it."),
        IconItem(
            name: "Listening", colour: Color(hex: 0x0369A1), glyph: ImageRef("icon-listening"),
            summary: "Short recordings at a natural pace. Type what you hear, then hear it again, slower."),
        IconItem(
            name: "Stories", colour: Color(hex: 0xDC2626), glyph: ImageRef("icon-stories"),
            summary: "Read a little tale out loud, one line at a time. Questions along the way keep you honest."),
        IconItem(
            name: "Practice", colour: Color(hex: 0x7C3AED), glyph: ImageRef("icon-practice"),
            summary: "Five quick minutes on what you got wrong this week. Small, often, and over before you notice."),
        IconItem(
            name: "Leagues", colour: Color(hex: 0x15803D), glyph: ImageRef("icon-leagues"),
            summary: "Climb a weekly table with learners at your pace. Finish in the top ten to move up."),
    ]

    /// Items per row of the menu.
    public static let rows = [2, 3]
}
