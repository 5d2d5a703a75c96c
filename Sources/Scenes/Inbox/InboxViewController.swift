import Controllers
import Graphics
import Views

/// Expanding Cells (Inbox by Google): a navigation stack with an opaque blue bar over the
/// message list. Opening a message presents it with the expanding-cell transition; the stack is
/// the screen the transition slices (bar included).
@MainActor
public final class InboxViewController: NavigationController, SceneController, ExpandingCellPresenting {
    public var sceneID: SceneID { .inbox }
    static let barColour = Color(hex: 0x4285F4)
    let list: InboxListViewController
    private let expansion = ExpandingCellTransition()
    private let galleryButton = Button(title: "‹ Gallery", font: .system(17), color: .white)

    public var onClose: () -> Void {
        get { galleryButton.onTap }
        set { galleryButton.onTap = newValue }
    }

    /// The scene; `messageCount` replaces the inbox with that many messages (benchmarks).
    public init(messageCount: Int? = nil) {
        list = InboxListViewController(
            sections: messageCount.map { InboxMessage.generatedSections(count: $0) } ?? InboxMessage.sections)
        super.init(rootViewController: list)
        title = SceneID.inbox.title
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "inbox"
        navigationBar.accessibilityIdentifier = "inbox.navbar"
        navigationBar.barTintColor = Self.barColour
        navigationBar.titleColor = .white
        navigationBar.tintColor = .white
        navigationBar.showsHairline = false
        galleryButton.accessibilityIdentifier = "inbox.back"
        navigationBar.leadingButton = galleryButton
        list.onOpen = { [weak self] indexPath in self?.openMessage(at: indexPath) }
    }

    func openMessage(at indexPath: IndexPath) {
        guard let message = list.message(at: indexPath), presentedViewController == nil else { return }
        let detail = InboxDetailViewController(message: message)
        detail.transitioningDelegate = expansion
        present(detail)
    }

    // MARK: Expanding cell

    func expandingTargetView(for transition: ExpandingCellTransition) -> View? {
        list.openedIndexPath.flatMap { list.rowView(at: $0) }
    }

    var expandingBarHeight: Double { NavigationBar.height }
    var expandingBarColour: Color { Self.barColour }
    var expandingMarginColour: Color { .systemGroupedBackground }
}
