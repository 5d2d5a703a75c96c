import Controllers
import Graphics
import Platform
import Views

/// An opened message: a scrolling page with a big subject, a picture and the text, and a close
/// button. The inbox's bar (a snapshot) waits just above the content: pulling down stretches it
/// from the window's top to the content, the status bar turns light past half the bar's height,
/// and letting go there closes the message back into its row.
@MainActor
final class InboxDetailViewController: ViewController, ScrollViewDelegate, ExpandingCellPresented {
    let message: InboxMessage
    let scrollView = ScrollView()
    private let subject = Label(font: .bold(28), color: .black)
    private let from = Label(font: .system(15), color: Color(hex: 0x5F6368))
    private let picture = ImageView(image: nil, contentMode: .scaleAspectFill)
    private let body = Label(font: .system(17), color: Color(hex: 0x202124))
    let closeButton = Button(title: "×", font: .system(26), color: .white, background: Color(white: 0, alpha: 0.55))
    private var barSnapshot: SnapshotView?
    private var isClosing = false

    init(message: InboxMessage) {
        self.message = message
        super.init(title: message.subject)
    }

    /// Light once the pull shows more than half of the blue bar, dark otherwise.
    override var preferredStatusBarStyle: StatusBarStyle { isPulledPastHalf ? .lightContent : .darkContent }
    override var statusBarIdentifier: String? { "inbox.statusbar" }

    private var barHeight: Double { NavigationBar.height }
    /// Past the tuned share of the bar (the seed's half) the pull closes the message.
    private var isPulledPastHalf: Bool {
        scrollView.contentOffset.y < -barHeight * view.tuning[SceneTuning.Inbox.dismissFraction]
    }

    override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = .white
        root.accessibilityIdentifier = "inbox.detail"
        root.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
        return root
    }

    override func viewDidLoad() {
        scrollView.accessibilityIdentifier = "inbox.detail.scroll"
        scrollView.alwaysBounceVertical = true
        scrollView.delegate = self
        subject.text = message.subject
        subject.numberOfLines = 0
        from.text = "From \(message.sender)"
        picture.image = ImageRef(message.picture)
        picture.cornerRadius = 12
        picture.clipsToBounds = true
        body.text = message.body
        body.numberOfLines = 0
        closeButton.accessibilityIdentifier = "inbox.detail.close"
        closeButton.cornerRadius = 18
        closeButton.onTap = { [weak self] in self?.close() }
        for child in [subject, from, picture, body] { scrollView.addSubview(child) }
        view.addSubview(scrollView)
        view.addSubview(closeButton)
    }

    private func layout(in bounds: Rect) {
        scrollView.frame = bounds
        let width = min(bounds.width - 40, 640)
        let x = (bounds.width - width) / 2
        let fitting = Size(width: width, height: .greatestFiniteMagnitude)
        var y = 64.0
        let subjectHeight = subject.sizeThatFits(fitting).height
        subject.frame = Rect(x: x, y: y, width: width - 44, height: subjectHeight)
        y += subjectHeight + 6
        from.frame = Rect(x: x, y: y, width: width, height: 20)
        y += 36
        picture.frame = Rect(x: x, y: y, width: width, height: (width * 0.56).rounded())
        y += picture.frame.height + 24
        let bodyHeight = body.sizeThatFits(fitting).height
        body.frame = Rect(x: x, y: y, width: width, height: bodyHeight)
        y += bodyHeight + 48
        scrollView.contentSize = Size(width: bounds.width, height: max(y, bounds.height + 1))
        closeButton.frame = Rect(x: bounds.width - 16 - 36, y: 26, width: 36, height: 36)
        updateBar()
    }

    func close() {
        guard !isClosing else { return }
        isClosing = true
        dismiss(animated: true)
    }

    override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .escape, .enter:
            close()
            return true
        case .up, .down:
            let step = key == .down ? 120.0 : -120.0
            scrollView.setContentOffset(
                Point(x: 0, y: scrollView.restingContentOffset.y + step), animated: true)
            return true
        default:
            return false
        }
    }

    // MARK: The bar above the content

    func expandingTransition(_ transition: ExpandingCellTransition, handsOver barSnapshot: SnapshotView) {
        self.barSnapshot = barSnapshot
        scrollView.addSubview(barSnapshot)
        updateBar()
    }

    func expandingTransitionTakesBackBar(_ transition: ExpandingCellTransition) -> SnapshotView? {
        barSnapshot
    }

    func expandingChrome(for transition: ExpandingCellTransition) -> [View] { [closeButton] }

    /// The snapshot fills from the window's top down to the content (its height is the pull).
    private func updateBar() {
        guard let barSnapshot, !isClosing else { return }
        let offset = scrollView.contentOffset.y
        barSnapshot.frame = Rect(x: 0, y: min(offset, 0), width: view.bounds.width, height: max(-offset, 0))
    }

    private var shownStyle: StatusBarStyle?

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        updateBar()
        let style = preferredStatusBarStyle
        guard style != shownStyle, !isClosing else { return }
        shownStyle = style
        View.animate(duration: 0.3, curve: .easeInOut, changes: { self.setNeedsStatusBarAppearanceUpdate() })
    }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool) {
        if isPulledPastHalf { close() }
    }
}
