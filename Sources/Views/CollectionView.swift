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
open class CollectionView: ScrollView {
    public let layout: FlowLayout
    public weak var dataSource: (any CollectionViewDataSource)?
    /// How far beyond the visible area cells are kept ready, as a fraction of the view's size.
    public var preparedMargin = 0.5
    private let reuser = CellReuser()
    private var needsReload = true
    private var preparedSize = Size.zero

    public init(frame: Rect = .zero, layout: FlowLayout) {
        self.layout = layout
        super.init(frame: frame)
        let tap = TapGestureRecognizer { [weak self] recognizer in
            guard let self else { return }
            if let indexPath = self.indexPathForItem(at: recognizer.location(in: self)) {
                (self.delegate as? any CollectionViewDelegate)?.collectionView(self, didSelectItemAt: indexPath)
            }
        }
        addGestureRecognizer(tap)
    }

    public func register(_ cellType: ReusableCell.Type, forCellWithReuseIdentifier identifier: String) {
        reuser.register(identifier) { cellType.init(frame: .zero) }
    }

    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> ReusableCell {
        reuser.dequeue(identifier, for: indexPath)
    }

    /// Re-reads the data source and re-lays out every item.
    public func reloadData() {
        needsReload = true
        reuser.recycleAll()
        setNeedsLayout()
    }

    /// Cells ever created: stays bounded however far the list scrolls.
    public var createdCellCount: Int { reuser.createdCount }
    public var visibleCells: [ReusableCell] { reuser.visible.keys.sorted().compactMap { reuser.visible[$0] } }
    public var indexPathsForVisibleItems: [IndexPath] { reuser.visible.keys.sorted() }

    /// The cell showing `indexPath`, if it is on screen.
    public func cellForItem(at indexPath: IndexPath) -> ReusableCell? { reuser.visible[indexPath] }

    /// Where item `indexPath` is, in content coordinates (UICollectionViewLayoutAttributes.frame).
    public func layoutAttributesForItem(at indexPath: IndexPath) -> Rect? {
        prepareIfNeeded()
        return layout.frame(for: indexPath)
    }

    /// The item under `point` (content coordinates).
    public func indexPathForItem(at point: Point) -> IndexPath? {
        prepareIfNeeded()
        return layout.indexPaths(in: Rect(origin: point, size: Size(width: 0.001, height: 0.001))).first
    }

    private func prepareIfNeeded() {
        guard needsReload || preparedSize != bounds.size, let dataSource else { return }
        // (contentInset changes come with a reloadData, as in the scenes that set them.)
        let sections = dataSource.numberOfSections(in: self)
        let counts = (0..<sections).map { dataSource.collectionView(self, numberOfItemsInSection: $0) }
        // Items fill the area inside the content inset, as UICollectionViewFlowLayout.
        let inner = bounds.inset(by: contentInset).size
        layout.prepare(itemCounts: counts, viewSize: inner)
        contentSize = layout.contentSize
        needsReload = false
        preparedSize = bounds.size
    }

    open override func layoutSubviews() {
        prepareIfNeeded()
        super.layoutSubviews()
        updateVisibleCells()
    }

    open override func contentOffsetDidChange() {
        updateVisibleCells()
    }

    private func updateVisibleCells() {
        guard let dataSource, !needsReload else { return }
        let horizontal = layout.scrollDirection == .horizontal
        let margin = (horizontal ? bounds.width : bounds.height) * preparedMargin
        let area = horizontal ? bounds.insetBy(dx: -margin, dy: 0) : bounds.insetBy(dx: 0, dy: -margin)
        reuser.update(
            wanted: layout.indexPaths(in: area), in: self,
            make: { dataSource.collectionView(self, cellForItemAt: $0) },
            place: { cell, indexPath in
                if let frame = self.layout.frame(for: indexPath), cell.frame != frame { cell.frame = frame }
            })
    }
}
