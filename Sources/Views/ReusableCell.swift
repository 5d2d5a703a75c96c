import Graphics

/// A cell of a collection or table view: lives in a reuse pool while off screen.
@MainActor
open class ReusableCell: View {
    public internal(set) var reuseIdentifier = ""
    /// Where the cell is shown now (nil while in the pool).
    public internal(set) var indexPath: IndexPath?
    /// Subviews go here (UIKit's contentView), so the cell can keep its own chrome around them.
    public let contentView = View()
    /// A hairline under the cell, shown and placed by table views.
    public let separator = View()

    public required override init(frame: Rect = .zero) {
        super.init(frame: frame)
        contentView.isUserInteractionEnabled = true
        addSubview(contentView)
        separator.isHidden = true
        separator.isUserInteractionEnabled = false
        separator.backgroundColor = .separator
        addSubview(separator)
    }

    open override func layoutSubviews() {
        contentView.frame = Rect(origin: .zero, size: bounds.size)
        separator.frame = Rect(
            x: separatorInset, y: bounds.height - 0.5, width: bounds.width - separatorInset, height: 0.5)
    }

    /// Where the separator starts from the left (0: full width).
    public var separatorInset = 0.0 { didSet { setNeedsLayout() } }

    /// Called before the cell is handed out again; reset per-item state here.
    open func prepareForReuse() {}

    /// True while a finger (the pointer) presses the cell; dropped when the touch becomes a drag
    /// or another gesture wins. Cells show it in `highlightDidChange`.
    public var isHighlighted = false {
        didSet { if isHighlighted != oldValue { highlightDidChange() } }
    }

    /// How long a tapped control's press takes to fade (iOS's buttons and cells fade back rather
    /// than snap, so even a press of one frame reads as a tap, not a flicker).
    public static let pressFadeDuration = 0.2

    /// Ends the press by fading it out (`highlightDidChange` inside an animation): after a tap.
    public func fadeHighlightOut() {
        guard isHighlighted else { return }
        View.animate(duration: Self.pressFadeDuration, curve: .easeOut, changes: { self.isHighlighted = false })
    }

    /// Override to show the press (dim, darken); the default does nothing.
    open func highlightDidChange() {}
}

/// Keeps only the cells for what is visible (plus a margin) and recycles the rest, so a list of
/// 10,000 items costs per frame what a list of 10 does. Shared by collection and table views.
@MainActor
final class CellReuser {
    private var factories: [String: () -> ReusableCell] = [:]
    private var pool: [String: [ReusableCell]] = [:]
    private(set) var visible: [IndexPath: ReusableCell] = [:]
    /// Cells ever created, for tests and benchmarks that prove reuse works.
    private(set) var createdCount = 0

    func register(_ identifier: String, factory: @escaping () -> ReusableCell) {
        factories[identifier] = factory
    }

    func dequeue(_ identifier: String, for indexPath: IndexPath) -> ReusableCell {
        if var cells = pool[identifier], let cell = cells.popLast() {
            pool[identifier] = cells
            cell.prepareForReuse()
            cell.indexPath = indexPath
            return cell
        }
        guard let factory = factories[identifier] else {
            preconditionFailure(
                "no cell registered for \"\(identifier)\"; call register(_:forCellWithReuseIdentifier:) first")
        }
        let cell = factory()
        cell.reuseIdentifier = identifier
        cell.indexPath = indexPath
        createdCount += 1
        return cell
    }

    /// Makes the visible set exactly `wanted`: cells that left go back to the pool (removed from
    /// the view), new ones come from `make` and are added to `container`.
    func update(
        wanted: [IndexPath], in container: View, make: (IndexPath) -> ReusableCell,
        place: (ReusableCell, IndexPath) -> Void
    ) {
        let wantedSet = Set(wanted)
        // In index-path order, not the dictionary's (a new order every run): which cell is handed
        // out for which item must be the same on every replay — state keyed by the cell (the
        // inspector's memory of where each view stood) drew a different frame after a resize.
        for indexPath in visible.keys.sorted() where !wantedSet.contains(indexPath) {
            guard let cell = visible[indexPath] else { continue }
            cell.removeFromSuperview()
            cell.indexPath = nil
            pool[cell.reuseIdentifier, default: []].append(cell)
            visible[indexPath] = nil
        }
        for indexPath in wanted {
            let cell: ReusableCell
            if let existing = visible[indexPath] {
                cell = existing
            } else {
                cell = make(indexPath)
                visible[indexPath] = cell
                container.insertSubview(cell, at: 0)
            }
            place(cell, indexPath)
        }
    }

    /// Everything goes back to the pool (reloadData).
    func recycleAll() {
        for indexPath in visible.keys.sorted() {
            guard let cell = visible[indexPath] else { continue }
            cell.removeFromSuperview()
            cell.indexPath = nil
            pool[cell.reuseIdentifier, default: []].append(cell)
        }
        visible = [:]
    }
}
