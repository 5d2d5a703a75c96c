import Controllers
import Graphics
import Views

/// A plain table of `count` rows (a title and a detail line), for the scaling benchmark.
@MainActor
final class BenchTableController: ViewController, TableViewDataSource, TableViewDelegate {
    let count: Int
    private let table = TableView(style: .plain)

    init(count: Int) {
        self.count = count
        super.init(title: "Table")
    }

    override func viewDidLoad() {
        table.register(BenchCell.self, forCellReuseIdentifier: "row")
        // Tall rows, so that ten of them still scroll: the pair compares the same work.
        table.rowHeight = 180
        table.dataSource = self
        table.delegate = self
        view.addSubview(table)
    }

    override func loadView() -> View {
        let root = ControllerRootView()
        root.onLayout = { [weak self] bounds in self?.table.frame = bounds }
        return root
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> ReusableCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        (cell as? BenchCell)?.show(indexPath.row)
        return cell
    }
}

/// A grid of `count` tiles, for the scaling benchmark.
@MainActor
final class BenchCollectionController: ViewController, CollectionViewDataSource, CollectionViewDelegate {
    let count: Int
    private lazy var collection: CollectionView = {
        let layout = FlowLayout()
        // One tile per line, so that ten of them still scroll.
        layout.itemSize = Size(width: 300, height: 180)
        return CollectionView(layout: layout)
    }()

    init(count: Int) {
        self.count = count
        super.init(title: "Collection")
    }

    override func viewDidLoad() {
        collection.register(BenchCell.self, forCellWithReuseIdentifier: "tile")
        collection.dataSource = self
        collection.delegate = self
        view.addSubview(collection)
    }

    override func loadView() -> View {
        let root = ControllerRootView()
        root.onLayout = { [weak self] bounds in self?.collection.frame = bounds }
        return root
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ReusableCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        (cell as? BenchCell)?.show(indexPath.row)
        return cell
    }
}

@MainActor
final class BenchCell: ReusableCell {
    private let title = Label(font: .bold(15), color: .black)
    private let detail = Label(font: .system(13), color: Color(hex: 0x6C6C70))
    private let tile = View()

    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .white
        tile.cornerRadius = 8
        for child in [tile, title, detail] { contentView.addSubview(child) }
    }

    func show(_ index: Int) {
        title.text = "Item \(index % 100)"
        detail.text = "Detail line \(index % 50)"
        tile.backgroundColor = [Color.systemBlue, Color(hex: 0xFF9500), Color(hex: 0x34C759)][index % 3]
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let bounds = contentView.bounds
        tile.frame = Rect(x: 8, y: 8, width: 40, height: 40)
        title.frame = Rect(x: 56, y: 8, width: max(bounds.width - 64, 0), height: 20)
        detail.frame = Rect(x: 56, y: 30, width: max(bounds.width - 64, 0), height: 18)
    }
}
