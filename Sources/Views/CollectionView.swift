import Graphics

/// Supplies a collection view's items (UICollectionViewDataSource).
@MainActor
public protocol CollectionViewDataSource: AnyObject {
    func numberOfSections(in collectionView: CollectionView) -> Int
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ReusableCell
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
}

/// UICollectionViewDataSourcePrefetching: items about to be needed, each announced once per
/// reload, before their cells exist.
@MainActor
public protocol CollectionViewDataSourcePrefetching: AnyObject {
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
}

/// Hears about selection as well as scrolling (UICollectionViewDelegate).
@MainActor
public protocol CollectionViewDelegate: ScrollViewDelegate {
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
}

/// A scroll view of items placed by a `FlowLayout`, with cells reused as they scroll in and out.
@MainActor
open class CollectionView: CellListView {
    public let layout: FlowLayout
    public weak var dataSource: (any CollectionViewDataSource)?
    /// Told of items about to come into view, so their content (pictures) can start loading.
    public weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)?

    public init(frame: Rect = .zero, layout: FlowLayout) {
        self.layout = layout
        super.init(frame: frame)
    }

    public func register(_ cellType: ReusableCell.Type, forCellWithReuseIdentifier identifier: String) {
        registerCell(cellType, identifier: identifier)
    }

    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> ReusableCell {
        dequeueCell(identifier, for: indexPath)
    }

    /// The cell showing `indexPath`, if it is on screen.
    public func cellForItem(at indexPath: IndexPath) -> ReusableCell? { reuser.visible[indexPath] }

    /// Where item `indexPath` is, in content coordinates (UICollectionViewLayoutAttributes.frame).
    public func layoutAttributesForItem(at indexPath: IndexPath) -> Rect? { frameOfItem(at: indexPath) }

    /// The item under `point` (content coordinates).
    public func indexPathForItem(at point: Point) -> IndexPath? { indexPath(at: point) }

    override var scrollsHorizontally: Bool { layout.scrollDirection == .horizontal }

    override func prepareItems() -> Bool {
        guard let dataSource else { return false }
        let sections = dataSource.numberOfSections(in: self)
        let counts = (0..<sections).map { dataSource.collectionView(self, numberOfItemsInSection: $0) }
        // Items fill the area inside the content inset, as UICollectionViewFlowLayout.
        layout.prepare(itemCounts: counts, viewSize: bounds.inset(by: contentInset).size)
        itemFrames = layout.frames
        contentSize = layout.contentSize
        return true
    }

    override func makeCell(for indexPath: IndexPath) -> ReusableCell? {
        dataSource?.collectionView(self, cellForItemAt: indexPath)
    }

    override func prefetch(_ indexPaths: [IndexPath]) {
        prefetchDataSource?.collectionView(self, prefetchItemsAt: indexPaths)
    }

    override func didSelect(_ indexPath: IndexPath) {
        (delegate as? any CollectionViewDelegate)?.collectionView(self, didSelectItemAt: indexPath)
    }
}
