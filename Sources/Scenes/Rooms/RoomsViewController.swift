import Controllers
import Graphics
import Motion
import Platform
import Views

/// Sliding Panels: a horizontal row of rooms, each panel 0.6 of the window, that always comes to
/// rest with a panel centred; tapping (or Enter) grows the centred panel into its detail screen.
@MainActor
public final class RoomsViewController: ViewController, SceneController, CollectionViewDataSource,
    CollectionViewDataSourcePrefetching,
    CollectionViewDelegate
{
    public static let panelScale = 0.6
    /// Below this speed (pt/s) a release only rounds to the nearest panel; above it, it always
    /// moves on at least one panel in the direction of the flick.
    static let flickSpeed = 250.0

    public let rooms: [Room]
    public var sceneID: SceneID { .rooms }
    let layout = FlowLayout()
    public private(set) lazy var collectionView = CollectionView(layout: layout)
    private let transition = PanelTransition()
    /// The room being shown (or last shown) in the detail screen.
    public private(set) var selectedIndex: Int?

    /// Which rooms the user joined (kept by the app while it runs).
    let joinedRooms: JoinedRooms
    /// Called for the on-screen way back to the gallery.
    public var onClose: () -> Void = {}
    private let backButton = Button(title: "‹ Gallery", font: .system(17), color: .systemBlue)

    public init(rooms: [Room] = Room.all, joinedRooms: JoinedRooms = JoinedRooms()) {
        self.rooms = rooms
        self.joinedRooms = joinedRooms
        super.init(title: "Rooms")
    }

    public override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = .white
        root.accessibilityIdentifier = "rooms"
        root.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
        return root
    }

    public override func viewDidLoad() {
        layout.scrollDirection = .horizontal
        layout.minimumLineSpacing = 10
        collectionView.accessibilityIdentifier = "rooms.collection"
        collectionView.backgroundColor = .white
        collectionView.clipsToBounds = false
        collectionView.showsScrollIndicators = false
        // Paging carousels project with UIKit's fast rate: an ordinary flick moves one panel.
        collectionView.decelerationParameter = SceneTuning.Rooms.pagingDeceleration
        collectionView.register(RoomCell.self, forCellWithReuseIdentifier: "room")
        collectionView.dataSource = self
        collectionView.prefetchDataSource = self
        collectionView.delegate = self
        view.addSubview(collectionView)
        backButton.accessibilityIdentifier = "rooms.back"
        backButton.onTap = { [weak self] in self?.onClose() }
        view.addSubview(backButton)
    }

    private var panelSize: Size {
        Size(
            width: (view.bounds.width * Self.panelScale).rounded(.down),
            height: (view.bounds.height * Self.panelScale).rounded(.down))
    }

    /// Panels are proportional to the window; insets let the first and last panel rest centred.
    private var laidOutSize = Size.zero

    private func layout(in bounds: Rect) {
        guard bounds.size != laidOutSize else { return }
        laidOutSize = bounds.size
        let size = panelSize
        let centredIndex = centredPanelIndex
        layout.itemSize = size
        collectionView.frame = bounds
        backButton.frame = Rect(x: 8, y: 24, width: 130, height: 36)
        collectionView.contentInset = EdgeInsets(
            top: (bounds.height - size.height) / 2, left: (bounds.width - size.width) / 2,
            bottom: (bounds.height - size.height) / 2, right: (bounds.width - size.width) / 2)
        layout.sectionInset = .zero
        collectionView.reloadData()
        collectionView.layoutIfNeeded()
        collectionView.contentOffset = Point(x: offset(forPanel: centredIndex), y: -collectionView.contentInset.top)
        for cell in collectionView.visibleCells { (cell as? RoomCell)?.screenSize = bounds.size }
    }

    private var pitch: Double { layout.itemSize.width + layout.minimumLineSpacing }

    func offset(forPanel index: Int) -> Double {
        Double(index) * pitch - collectionView.contentInset.left
    }

    /// The panel nearest the centre now.
    public var centredPanelIndex: Int { panelIndex(atOffset: collectionView.contentOffset.x) }

    /// The panel that will be centred once the row comes to rest.
    public var restingPanelIndex: Int { panelIndex(atOffset: collectionView.restingContentOffset.x) }

    private func panelIndex(atOffset x: Double) -> Int {
        guard pitch > 0 else { return 0 }
        let position = (x + collectionView.contentInset.left) / pitch
        guard position.isFinite else { return 0 }
        return min(max(Int(position.rounded()), 0), max(rooms.count - 1, 0))
    }

    // MARK: Data source

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        rooms.count
    }

    /// The art of panels about to scroll in starts decoding now, so the first time one shows it
    /// shows its picture, not the placeholder (it showed slate for ~150 ms).
    public func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        for indexPath in indexPaths where rooms.indices.contains(indexPath.item) {
            view.contentMetrics.prefetch(ImageRef(rooms[indexPath.item].imageName))
        }
    }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ReusableCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "room", for: indexPath)
        if let room = cell as? RoomCell {
            room.screenSize = view.bounds.size
            room.show(rooms[indexPath.item], index: indexPath.item)
            room.isHidden = transition.hiddenPanel == indexPath.item
        }
        return cell
    }

    // MARK: Snapping

    /// Rounds where the fling would coast to (its deceleration projection) to the nearest panel,
    /// as the seed does — and past it: a quick flick always moves on at least one panel, and a
    /// fling never skips more panels than its projection reaches.
    /// The panel the row was heading for when a gesture took it while it still moved (the
    /// wheel: a touch stops the row before its drag begins): each flick or notch pages on from
    /// there, as each arrow key press does.
    private var headingPanel: Int?

    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
        headingPanel = scrollView.isDecelerating || scrollView.phase == .animating ? restingPanelIndex : nil
    }

    public func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Point, targetContentOffset: inout Point) {
        defer { headingPanel = nil }
        guard pitch > 0 else { return }
        let inset = scrollView.contentInset.left
        let current = (scrollView.contentOffset.x + inset) / pitch
        let projected = (targetContentOffset.x + inset) / pitch
        var index = projected.rounded()
        if velocity.x > Self.flickSpeed && index <= current.rounded(.down) {
            index = current.rounded(.down) + 1
        } else if velocity.x < -Self.flickSpeed && index >= current.rounded(.up) {
            index = current.rounded(.up) - 1
        }
        if let headingPanel {
            if velocity.x > Self.flickSpeed { index = max(index, Double(headingPanel + 1)) }
            if velocity.x < -Self.flickSpeed { index = min(index, Double(headingPanel - 1)) }
        }
        index = min(max(index, 0), Double(rooms.count - 1))
        targetContentOffset = Point(x: index * pitch - inset, y: -scrollView.contentInset.top)
    }

    // MARK: Selection and keys

    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        open(indexPath.item)
    }

    /// Opens a room's detail screen, growing its panel (centres it first if it was not).
    public func open(_ index: Int) {
        guard presentedViewController == nil, rooms.indices.contains(index), !(host?.isTransitioning ?? false) else {
            return
        }
        selectedIndex = index
        let detail = RoomDetailViewController(room: rooms[index], joinedRooms: joinedRooms)
        detail.modalPresentationStyle = .custom
        detail.transitioningDelegate = transition
        transition.source = self
        present(detail)
    }

    /// The panel of a room, if it is on screen: where the transition grows from and returns to.
    func panel(for index: Int) -> RoomCell? {
        collectionView.cellForItem(at: IndexPath(item: index, section: 0)) as? RoomCell
    }

    public override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .left, .right:
            let step = key == .right ? 1 : -1
            // From where the row is heading, so each press moves one more panel.
            let target = min(max(restingPanelIndex + step, 0), rooms.count - 1)
            collectionView.setContentOffset(
                Point(x: offset(forPanel: target), y: -collectionView.contentInset.top), animated: true)
            return true
        case .enter:
            open(centredPanelIndex)
            return true
        default:
            return false
        }
    }
}
