import Graphics

/// What collection and table views share: item frames in scroll order, cells kept only for what
/// is on screen plus `preparedMargin`, reloading, and a tap that selects the item under it.
/// Subclasses supply the frames (`prepareItems`), the cells (`makeCell`) and what selection means.
@MainActor
open class CellListView: ScrollView {
    /// How far beyond the visible area cells are kept ready, as a fraction of the view's size.
    public var preparedMargin = 0.5
    /// How far beyond it items are announced ahead (`prefetch`), as a fraction of the view's size:
    /// far enough that a picture is decoded before a fling brings its cell in (UIKit's
    /// prefetching data source).
    public var prefetchMargin = 2.0
    /// Items announced since the last reload: each once.
    private var prefetched: Set<IndexPath> = []
    let reuser = CellReuser()
    /// Frames of every item, per section, in content coordinates and in scroll order.
    var itemFrames: [[Rect]] = []
    private(set) var needsReload = true
    private var preparedSize = Size(width: -1, height: -1)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        let tap = TapGestureRecognizer { [weak self] recognizer in
            guard let self, let indexPath = self.indexPath(at: recognizer.location(in: self)) else { return }
            self.didSelect(indexPath)
        }
        // The cell under the pointer shows the press; a drag (the tap fails) or a caught scroll
        // (the tap loses the sequence) drops it.
        tap.onPressChange = { [weak self, weak tap] pressed in
            guard let self else { return }
            let tapped = !pressed && tap?.endedInTap == true
            for cell in self.visibleCells where cell.isHighlighted {
                if tapped { cell.fadeHighlightOut() } else { cell.isHighlighted = false }
            }
            guard pressed, let tap, let indexPath = self.indexPath(at: tap.location(in: self)) else { return }
            self.reuser.visible[indexPath]?.isHighlighted = true
        }
        addGestureRecognizer(tap)
    }

    /// Whether items run along x (horizontal flow) rather than y.
    var scrollsHorizontally: Bool { false }

    /// Works out `itemFrames` and `contentSize`; return false when there is no data source yet.
    func prepareItems() -> Bool { false }

    /// The cell for an item coming on screen (asks the data source).
    func makeCell(for indexPath: IndexPath) -> ReusableCell? { nil }

    /// Places a cell on screen at its item's frame; subclasses add their own chrome.
    func place(_ cell: ReusableCell, at indexPath: IndexPath) {
        let frame = itemFrames[indexPath.section][indexPath.item]
        if cell.frame != frame { cell.frame = frame }
    }

    func didSelect(_ indexPath: IndexPath) {}

    /// Items coming within `prefetchMargin` for the first time since the last reload.
    func prefetch(_ indexPaths: [IndexPath]) {}

    func registerCell(_ cellType: ReusableCell.Type, identifier: String) {
        reuser.register(identifier) { cellType.init(frame: .zero) }
    }

    func dequeueCell(_ identifier: String, for indexPath: IndexPath) -> ReusableCell {
        reuser.dequeue(identifier, for: indexPath)
    }

    /// Re-reads the data source and re-lays out every item.
    public func reloadData() {
        needsReload = true
        prefetched = []
        reuser.recycleAll()
        setNeedsLayout()
    }

    /// Cells ever created: stays bounded however far the list scrolls.
    public var createdCellCount: Int { reuser.createdCount }
    public var visibleCells: [ReusableCell] { reuser.visible.keys.sorted().compactMap { reuser.visible[$0] } }
    public var indexPathsForVisibleItems: [IndexPath] { reuser.visible.keys.sorted() }

    func prepareIfNeeded() {
        guard needsReload || preparedSize != bounds.size, prepareItems() else { return }
        needsReload = false
        preparedSize = bounds.size
    }

    /// The frame of an item in content coordinates.
    func frameOfItem(at indexPath: IndexPath) -> Rect? {
        prepareIfNeeded()
        guard itemFrames.indices.contains(indexPath.section),
            itemFrames[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return itemFrames[indexPath.section][indexPath.item]
    }

    /// The item under `point` (content coordinates).
    func indexPath(at point: Point) -> IndexPath? {
        prepareIfNeeded()
        return ItemFrames.indexPaths(
            in: Rect(origin: point, size: Size(width: 0.001, height: 0.001)), frames: itemFrames,
            horizontal: scrollsHorizontally
        ).first
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
        guard !needsReload else { return }
        let horizontal = scrollsHorizontally
        let margin = (horizontal ? bounds.width : bounds.height) * preparedMargin
        let area = horizontal ? bounds.insetBy(dx: -margin, dy: 0) : bounds.insetBy(dx: 0, dy: -margin)
        let wanted = ItemFrames.indexPaths(in: area, frames: itemFrames, horizontal: horizontal)
        let ahead = (horizontal ? bounds.width : bounds.height) * prefetchMargin
        let soon = ItemFrames.indexPaths(
            in: horizontal ? bounds.insetBy(dx: -ahead, dy: 0) : bounds.insetBy(dx: 0, dy: -ahead), frames: itemFrames,
            horizontal: horizontal
        ).filter { !prefetched.contains($0) }
        if !soon.isEmpty {
            prefetched.formUnion(soon)
            prefetch(soon.sorted())
        }
        reuser.update(
            wanted: wanted, in: self, make: { self.makeCell(for: $0) ?? ReusableCell() },
            place: { cell, indexPath in self.place(cell, at: indexPath) })
    }
}
