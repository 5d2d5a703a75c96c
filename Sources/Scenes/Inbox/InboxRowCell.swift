import Graphics
import Views

/// A message row: a coloured avatar with the sender's initial, the sender, the subject and the
/// first line, greyed while pressed or chosen with the keyboard.
@MainActor
final class InboxRowCell: ReusableCell {
    static let height = 76.0
    private let avatar = View()
    private let initial = Label(font: .bold(18), color: .white, alignment: .center)
    private let sender = Label(font: .bold(16), color: .black)
    private let subject = Label(font: .system(15), color: Color(hex: 0x202124))
    private let snippet = Label(font: .system(14), color: Color(hex: 0x5F6368))

    var isChosen = false { didSet { updateBackground() } }

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        avatar.isUserInteractionEnabled = false
        for child in [avatar, initial, sender, subject, snippet] { contentView.addSubview(child) }
    }

    func show(_ message: InboxMessage, at indexPath: IndexPath) {
        accessibilityIdentifier = "inbox.row.\(indexPath.section).\(indexPath.row)"
        avatar.backgroundColor = message.avatar
        initial.text = message.initial
        sender.text = message.sender
        subject.text = message.subject
        snippet.text = message.snippet
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let side = 40.0
        avatar.frame = Rect(x: 16, y: (bounds.height - side) / 2, width: side, height: side)
        avatar.cornerRadius = side / 2
        initial.frame = avatar.frame
        let x = avatar.frame.maxX + 14
        let width = max(bounds.width - x - 16, 0)
        sender.frame = Rect(x: x, y: 11, width: width, height: 20)
        subject.frame = Rect(x: x, y: 31, width: width, height: 19)
        snippet.frame = Rect(x: x, y: 50, width: width, height: 17)
    }

    override func highlightDidChange() { updateBackground() }

    private func updateBackground() {
        backgroundColor = isHighlighted || isChosen ? Color(hex: 0xE8EAED) : .white
    }

    override func prepareForReuse() {
        isChosen = false
    }
}
