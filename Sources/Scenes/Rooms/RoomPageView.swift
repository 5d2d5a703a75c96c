import Graphics
import Views

/// What a room's sheet holds, in a scroll view (`rooms.detail.scroll`): what the room is about,
/// Join, who is in it and what is coming up — enough to scroll. A readable column on wide windows.
@MainActor
final class RoomPageView: ScrollView {
    let heading = Label(text: "About this room", font: .bold(20), color: .black)
    let about = Label(font: .system(16), color: Color(hex: 0x3C3C43))
    let joinButton = Button(title: "Join room", font: .bold(17), color: .white, background: .systemBlue)
    private let membersHeading = Label(text: "Members", font: .bold(17), color: .black)
    private var avatars: [(circle: View, initial: Label)] = []
    private let membersNote = Label(font: .system(14), color: Color(hex: 0x6C6C70))
    private let upcomingHeading = Label(text: "Coming up", font: .bold(17), color: .black)
    private var meetups: [(day: Label, title: Label, place: Label, separator: View)] = []
    private let postsHeading = Label(text: "Recent posts", font: .bold(17), color: .black)
    private var posts: [(author: Label, text: Label)] = []

    static let memberNames = ["Ada", "Bo", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"]
    static let memberColours: [UInt32] = [
        0x5856D6, 0xFF9500, 0x34C759, 0xFF2D55, 0x007AFF, 0xAF52DE, 0x8E8E93, 0x00C7BE,
    ]
    static let plans = [
        ("THU 12", "First-Thursday meet-up", "The usual café, back room, 7 pm"),
        ("SAT 14", "Beginners' morning", "Bring questions; we bring coffee"),
        ("WED 18", "Show and tell", "Five minutes each, no slides"),
        ("SUN 22", "Long walk and lunch", "Meet at the station clock, 10 am"),
    ]
    static let notes = [
        "Thanks for last week, everyone. Photos are up in the shared album.",
        "New here: is there a good first thing to try before the meet-up?",
        "I left a blue scarf at the café. If you see it, it is mine.",
    ]

    init(room: Room) {
        super.init()
        accessibilityIdentifier = "rooms.detail.scroll"
        alwaysBounceVertical = true
        backgroundColor = .white
        about.text = room.about
        about.numberOfLines = 0
        about.accessibilityIdentifier = "rooms.detail.about"
        joinButton.cornerRadius = 22
        joinButton.accessibilityIdentifier = "rooms.join"
        // A different handful of members per room, always the same for the same room.
        let offset = room.title.unicodeScalars.reduce(0) { $0 + Int($1.value) } % Self.memberNames.count
        let count = 5 + offset % 3
        for index in 0..<count {
            let position = (offset + index) % Self.memberNames.count
            let circle = View()
            circle.backgroundColor = Color(hex: Self.memberColours[position])
            circle.isUserInteractionEnabled = false
            let initial = Label(
                text: String(Self.memberNames[position].prefix(1)), font: .bold(15), color: .white, alignment: .center)
            avatars.append((circle, initial))
        }
        membersNote.text = "\(count) members, \(1 + offset % 4) online now"
        for (day, title, place) in Self.plans {
            let separator = View()
            separator.backgroundColor = .separator
            meetups.append(
                (
                    Label(text: day, font: .bold(13), color: .systemBlue),
                    Label(text: title, font: .bold(16), color: .black),
                    Label(text: place, font: .system(14), color: Color(hex: 0x6C6C70)), separator
                ))
        }
        for (index, note) in Self.notes.enumerated() {
            let position = (offset + index * 3) % Self.memberNames.count
            let text = Label(text: note, font: .system(15), color: Color(hex: 0x3C3C43))
            text.numberOfLines = 0
            posts.append((Label(text: Self.memberNames[position], font: .bold(14), color: .black), text))
        }
        var children: [View] = [
            heading, about, joinButton, membersHeading, membersNote, upcomingHeading, postsHeading,
        ]
        children += posts.flatMap { [$0.author, $0.text] as [View] }
        children += avatars.flatMap { [$0.circle, $0.initial] as [View] }
        children += meetups.flatMap { [$0.day, $0.title, $0.place, $0.separator] as [View] }
        for child in children { addSubview(child) }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = min(bounds.width - 40, 700)
        let x = ((bounds.width - width) / 2).rounded()
        let fitting = Size(width: width, height: .greatestFiniteMagnitude)
        // The heading sits where the sheet's top shows at its bottom position; text starts below
        // the 64 pt that peek there, so no cut-off line shows.
        heading.frame = Rect(x: x, y: 4, width: width, height: 26)
        let aboutHeight = about.sizeThatFits(fitting).height
        about.frame = Rect(x: x, y: 52, width: width, height: aboutHeight)
        joinButton.frame = Rect(x: x, y: about.frame.maxY + 20, width: width, height: 44)
        var y = joinButton.frame.maxY + 32
        membersHeading.frame = Rect(x: x, y: y, width: width, height: 22)
        y += 32
        let side = 40.0
        for (index, avatar) in avatars.enumerated() {
            avatar.circle.frame = Rect(x: x + Double(index) * (side - 8), y: y, width: side, height: side)
            avatar.circle.cornerRadius = side / 2
            avatar.initial.frame = avatar.circle.frame
        }
        membersNote.frame = Rect(x: x, y: y + side + 8, width: width, height: 18)
        y += side + 44
        upcomingHeading.frame = Rect(x: x, y: y, width: width, height: 22)
        y += 30
        for meetup in meetups {
            meetup.day.frame = Rect(x: x, y: y + 12, width: 64, height: 18)
            meetup.title.frame = Rect(x: x + 72, y: y + 10, width: width - 72, height: 20)
            meetup.place.frame = Rect(x: x + 72, y: y + 32, width: width - 72, height: 18)
            meetup.separator.frame = Rect(x: x + 72, y: y + 61.5, width: width - 72, height: 0.5)
            y += 62
        }
        y += 24
        postsHeading.frame = Rect(x: x, y: y, width: width, height: 22)
        y += 32
        for post in posts {
            post.author.frame = Rect(x: x, y: y, width: width, height: 18)
            let height = post.text.sizeThatFits(fitting).height
            post.text.frame = Rect(x: x, y: y + 20, width: width, height: height)
            y += 20 + height + 16
        }
        contentSize = Size(width: bounds.width, height: y + 40)
    }
}
