import Controllers
import Graphics
import Platform
import Views

/// The Zooming Icons menu: rows of coloured circles (2, then 3), each row centred by its own
/// section inset, 40 pt between rows and 100 pt from the top. Tap one (or choose with the arrows
/// and press Enter) to zoom into it.
@MainActor
final class IconsMenuViewController: ViewController, CollectionViewDataSource, CollectionViewDelegate,
    ZoomingIconProviding
{
    static let rowSpacing = 40.0
    static let topInset = 100.0
    static let spacing = 20.0

    let items: [IconItem]
    let layout = FlowLayout()
    private(set) lazy var collectionView = CollectionView(layout: layout)
    var onBack: () -> Void = {}
    private lazy var bar = SceneBar(title: SceneID.icons.title, identifier: "icons.menu") { [weak self] in
        self?.onBack()
    }
    /// The item the zoom flies from and returns to.
    private(set) var selectedIndex: Int?
    /// The item the arrow keys have chosen (shown by a ring).
    private(set) var keyboardIndex: Int?

    init(items: [IconItem] = IconItem.all) {
        self.items = items
        super.init(title: SceneID.icons.title)
    }

    override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = .white
        root.accessibilityIdentifier = "icons.menu"
        root.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
        return root
    }

    override func viewDidLoad() {
        collectionView.accessibilityIdentifier = "icons.collection"
        collectionView.backgroundColor = .white
        collectionView.alwaysBounceVertical = true
        collectionView.register(IconCell.self, forCellWithReuseIdentifier: "icon")
        collectionView.dataSource = self
        collectionView.delegate = self
        layout.minimumInteritemSpacing = Self.spacing
        layout.minimumLineSpacing = Self.spacing
        layout.insetForSection = { [weak self] section in self?.inset(for: section) ?? .zero }
        view.addSubview(collectionView)
        view.addSubview(bar)
    }

    private var laidOutSize = Size.zero

    private func layout(in bounds: Rect) {
        bar.frame = Rect(x: 0, y: 0, width: bounds.width, height: SceneBar.height)
        guard bounds.size != laidOutSize else { return }
        laidOutSize = bounds.size
        // Three circles and their spacing fit any window, up to 100 pt each.
        let side = min(100, ((bounds.width - 40 - 2 * Self.spacing) / 3).rounded(.down))
        layout.itemSize = Size(width: side, height: side)
        collectionView.frame = bounds
        collectionView.contentInset = EdgeInsets(top: Self.topInset, left: 0, bottom: 0, right: 0)
        collectionView.reloadData()
        collectionView.layoutIfNeeded()
        collectionView.contentOffset = Point(x: 0, y: -Self.topInset)
        updateRing()
    }

    /// Centres a row: (width − its cells and their spacing) / 2 on each side, 40 pt below it.
    private func inset(for section: Int) -> EdgeInsets {
        let count = Double(IconItem.rows[section])
        let cells = count * layout.itemSize.width + (count - 1) * Self.spacing
        let side = max((collectionView.bounds.width - cells) / 2, 0)
        return EdgeInsets(top: 0, left: side, bottom: Self.rowSpacing, right: side)
    }

    // MARK: Data source

    func numberOfSections(in collectionView: CollectionView) -> Int { IconItem.rows.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        IconItem.rows[section]
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ReusableCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "icon", for: indexPath)
        let index = Self.flatIndex(indexPath)
        if let icon = cell as? IconCell, items.indices.contains(index) {
            icon.show(items[index], index: index)
            icon.isSelectedByKeyboard = keyboardIndex == index
        }
        return cell
    }

    static func flatIndex(_ indexPath: IndexPath) -> Int {
        IconItem.rows.prefix(indexPath.section).reduce(0, +) + indexPath.item
    }

    static func indexPath(forFlat index: Int) -> IndexPath {
        var remaining = index
        for (section, count) in IconItem.rows.enumerated() {
            if remaining < count { return IndexPath(item: remaining, section: section) }
            remaining -= count
        }
        return IndexPath(item: 0, section: 0)
    }

    private func cell(at index: Int) -> IconCell? {
        collectionView.cellForItem(at: Self.indexPath(forFlat: index)) as? IconCell
    }

    // MARK: Opening

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        open(Self.flatIndex(indexPath))
    }

    func open(_ index: Int) {
        guard items.indices.contains(index), let navigation = navigationController, !navigation.isTransitioning
        else { return }
        selectedIndex = index
        navigation.pushViewController(IconsDetailViewController(item: items[index]))
    }

    override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .left, .right, .up, .down:
            keyboardIndex = Self.step(from: keyboardIndex, by: key, count: items.count)
            updateRing()
            return true
        case .enter:
            open(keyboardIndex ?? 0)
            return true
        default:
            return false
        }
    }

    /// Arrows move along the row (← →) and between rows (↑ ↓) to the nearest item.
    static func step(from index: Int?, by key: Key, count: Int) -> Int {
        guard let index else { return 0 }
        let here = indexPath(forFlat: index)
        switch key {
        case .left: return max(index - 1, 0)
        case .right: return min(index + 1, count - 1)
        case .up, .down:
            let section = min(max(here.section + (key == .down ? 1 : -1), 0), IconItem.rows.count - 1)
            guard section != here.section else { return index }
            // Keep to the same side: the item whose centre is nearest in the other row.
            let fraction = (Double(here.item) + 0.5) / Double(IconItem.rows[here.section])
            let item = min(Int(fraction * Double(IconItem.rows[section])), IconItem.rows[section] - 1)
            return flatIndex(IndexPath(item: item, section: section))
        default: return index
        }
    }

    private func updateRing() {
        for index in items.indices { cell(at: index)?.isSelectedByKeyboard = keyboardIndex == index }
    }

    // MARK: Zoom

    func zoomingColouredView(for transition: ZoomingIconTransition) -> View? {
        selectedIndex.flatMap { cell(at: $0)?.circle }
    }

    func zoomingIconView(for transition: ZoomingIconTransition) -> ImageView? {
        selectedIndex.flatMap { cell(at: $0)?.icon }
    }
}
