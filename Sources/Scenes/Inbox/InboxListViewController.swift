import Controllers
import Graphics
import Platform
import Views

/// The inbox: a grouped table of messages under a blue bar. Tap a row (or choose one with ↑ ↓ and
/// press Enter) and it expands into the message.
@MainActor
final class InboxListViewController: ViewController, TableViewDataSource, TableViewDelegate {
    let sections: [(title: String, messages: [InboxMessage])]
    private(set) lazy var tableView = TableView(style: .grouped)
    /// The row that opened (or opens) the message: where the expansion starts and returns.
    private(set) var openedIndexPath: IndexPath?
    /// The row the arrow keys have chosen.
    private(set) var keyboardIndexPath: IndexPath?
    var onOpen: (IndexPath) -> Void = { _ in }

    init(sections: [(title: String, messages: [InboxMessage])] = InboxMessage.sections) {
        self.sections = sections
        super.init(title: "Inbox")
    }

    override var preferredStatusBarStyle: StatusBarStyle { .lightContent }
    override var statusBarIdentifier: String? { "inbox.statusbar" }

    override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = .systemGroupedBackground
        root.accessibilityIdentifier = "inbox.list"
        root.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
        return root
    }

    override func viewDidLoad() {
        tableView.accessibilityIdentifier = "inbox.table"
        tableView.backgroundColor = .systemGroupedBackground
        tableView.register(InboxRowCell.self, forCellReuseIdentifier: "message")
        tableView.dataSource = self
        tableView.delegate = self
        view.addSubview(tableView)
    }

    private func layout(in bounds: Rect) {
        // Below the bar, which covers the top of the stack's content; a readable column on wide windows.
        let top = NavigationBar.height
        let width = min(bounds.width, 720)
        let frame = Rect(
            x: ((bounds.width - width) / 2).rounded(), y: top, width: width, height: max(bounds.height - top, 0))
        if tableView.frame != frame { tableView.frame = frame }
    }

    func message(at indexPath: IndexPath) -> InboxMessage? {
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].messages.indices.contains(indexPath.row)
        else { return nil }
        return sections[indexPath.section].messages[indexPath.row]
    }

    // MARK: Table

    func numberOfSections(in tableView: TableView) -> Int { sections.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].messages.count
    }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        sections[section].title
    }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double? { InboxRowCell.height }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> ReusableCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        if let row = cell as? InboxRowCell, let message = message(at: indexPath) {
            row.show(message, at: indexPath)
            row.isChosen = keyboardIndexPath == indexPath
        }
        return cell
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        open(indexPath)
    }

    func open(_ indexPath: IndexPath) {
        guard message(at: indexPath) != nil, presentedViewController == nil else { return }
        openedIndexPath = indexPath
        onOpen(indexPath)
    }

    /// The row on screen for the expansion (nil when it has scrolled away).
    func rowView(at indexPath: IndexPath) -> View? { tableView.cellForRow(at: indexPath) }

    // MARK: Keys

    override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .up, .down:
            choose(step: key == .down ? 1 : -1)
            return true
        case .enter:
            open(keyboardIndexPath ?? IndexPath(row: 0, section: 0))
            return true
        default:
            return false
        }
    }

    private func choose(step: Int) {
        let flat = sections.enumerated().flatMap { section, entry in
            entry.messages.indices.map { IndexPath(row: $0, section: section) }
        }
        let current = keyboardIndexPath.flatMap { flat.firstIndex(of: $0) } ?? (step > 0 ? -1 : flat.count)
        let next = flat[min(max(current + step, 0), flat.count - 1)]
        keyboardIndexPath = next
        for cell in tableView.visibleCells {
            (cell as? InboxRowCell)?.isChosen = cell.indexPath == next
        }
        // Keep the chosen row in view.
        if let frame = tableView.rectForRow(at: next) {
            let visible = tableView.bounds
            if frame.minY < visible.minY {
                tableView.setContentOffset(Point(x: 0, y: frame.minY - 40), animated: true)
            } else if frame.maxY > visible.maxY {
                tableView.setContentOffset(Point(x: 0, y: frame.maxY - visible.height + 20), animated: true)
            }
        }
    }
}
