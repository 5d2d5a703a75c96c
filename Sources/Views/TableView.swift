import Graphics

/// Supplies a table's rows (UITableViewDataSource).
@MainActor
public protocol TableViewDataSource: AnyObject {
    func numberOfSections(in tableView: TableView) -> Int
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> ReusableCell
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
}

/// Selection and row heights (UITableViewDelegate), on top of scrolling.
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double?
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double? { nil }
}

/// A vertical list of rows in sections, plain or grouped as iOS draws them, with section
/// header/footer titles, full-width separators, and cells reused as they scroll.
@MainActor
open class TableView: ScrollView {
    public enum Style: Sendable {
        case plain, grouped
    }

    public let style: Style
    public weak var dataSource: (any TableViewDataSource)?
    public var rowHeight = 44.0
    private let reuser = CellReuser()
    private var rowFrames: [[Rect]] = []
    private var sectionHeaders: [Label] = []
    private var sectionFooters: [Label] = []
    private var needsReload = true
    private var preparedWidth = -1.0

    public init(frame: Rect = .zero, style: Style = .plain) {
        self.style = style
        super.init(frame: frame)
        alwaysBounceVertical = true
        backgroundColor = style == .grouped ? .systemGroupedBackground : .white
        let tap = TapGestureRecognizer { [weak self] recognizer in
            guard let self, let indexPath = self.indexPathForRow(at: recognizer.location(in: self)) else { return }
            (self.delegate as? any TableViewDelegate)?.tableView(self, didSelectRowAt: indexPath)
        }
        addGestureRecognizer(tap)
    }

    public func register(_ cellType: ReusableCell.Type, forCellReuseIdentifier identifier: String) {
        reuser.register(identifier) { cellType.init(frame: .zero) }
    }

    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> ReusableCell {
        reuser.dequeue(identifier, for: indexPath)
    }

    public func reloadData() {
        needsReload = true
        reuser.recycleAll()
        setNeedsLayout()
    }

    public var createdCellCount: Int { reuser.createdCount }
    public var visibleCells: [ReusableCell] { reuser.visible.keys.sorted().compactMap { reuser.visible[$0] } }
    public func cellForRow(at indexPath: IndexPath) -> ReusableCell? { reuser.visible[indexPath] }

    /// The row's frame in content coordinates.
    public func rectForRow(at indexPath: IndexPath) -> Rect? {
        prepareIfNeeded()
        guard rowFrames.indices.contains(indexPath.section),
            rowFrames[indexPath.section].indices.contains(indexPath.row)
        else { return nil }
        return rowFrames[indexPath.section][indexPath.row]
    }

    public func indexPathForRow(at point: Point) -> IndexPath? {
        prepareIfNeeded()
        return ItemFrames.indexPaths(
            in: Rect(origin: point, size: Size(width: 0.001, height: 0.001)), frames: rowFrames, horizontal: false
        ).first
    }

    /// Grouped tables leave room above each section for its header, as iOS's inset look.
    private var headerHeight: Double { style == .grouped ? 38 : 28 }

    private func prepareIfNeeded() {
        guard needsReload || preparedWidth != bounds.width, let dataSource else { return }
        for label in sectionHeaders + sectionFooters { label.removeFromSuperview() }
        sectionHeaders = []
        sectionFooters = []
        rowFrames = []
        var y = style == .grouped ? 18.0 : 0
        let delegate = delegate as? any TableViewDelegate
        for section in 0..<dataSource.numberOfSections(in: self) {
            if let title = dataSource.tableView(self, titleForHeaderInSection: section) {
                let header = makeSectionLabel(style == .grouped ? title.uppercased() : title, header: true)
                header.frame = Rect(x: 0, y: y, width: bounds.width, height: headerHeight)
                sectionHeaders.append(header)
                y += headerHeight
            } else if style == .grouped && section > 0 {
                y += 18
            }
            var frames: [Rect] = []
            for row in 0..<dataSource.tableView(self, numberOfRowsInSection: section) {
                let height =
                    delegate?.tableView(self, heightForRowAt: IndexPath(row: row, section: section)) ?? rowHeight
                frames.append(Rect(x: 0, y: y, width: bounds.width, height: height))
                y += height
            }
            rowFrames.append(frames)
            if let title = dataSource.tableView(self, titleForFooterInSection: section) {
                let footer = makeSectionLabel(title, header: false)
                footer.frame = Rect(x: 0, y: y, width: bounds.width, height: 34)
                sectionFooters.append(footer)
                y += 34
            }
        }
        contentSize = Size(width: bounds.width, height: y + (style == .grouped ? 18 : 0))
        needsReload = false
        preparedWidth = bounds.width
    }

    private func makeSectionLabel(_ text: String, header: Bool) -> Label {
        let label = SectionTitleLabel(text: text, font: header && style == .plain ? .bold(15) : .system(13))
        label.textColor = header && style == .plain ? .black : Color(hex: 0x6D6D72)
        label.backgroundColor = header && style == .plain ? Color(hex: 0xF7F7F7) : nil
        label.insetX = 16
        label.verticalPlacement = header && style == .grouped ? .bottom : .center
        insertSubview(label, at: 0)
        return label
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
        let margin = bounds.height * 0.5
        let area = bounds.insetBy(dx: 0, dy: -margin)
        reuser.update(
            wanted: ItemFrames.indexPaths(in: area, frames: rowFrames, horizontal: false), in: self,
            make: { dataSource.tableView(self, cellForRowAt: $0) },
            place: { cell, indexPath in
                let frame = self.rowFrames[indexPath.section][indexPath.row]
                if cell.frame != frame { cell.frame = frame }
                if cell.backgroundColor == nil { cell.backgroundColor = .white }
                let lastInSection = indexPath.row == self.rowFrames[indexPath.section].count - 1
                cell.separator.isHidden = lastInSection && self.style == .plain
                cell.separator.frame = Rect(x: 0, y: frame.height - 0.5, width: frame.width, height: 0.5)
            })
    }
}

/// A section header or footer title: inset text, placed at the bottom of its band for grouped headers.
@MainActor
final class SectionTitleLabel: Label {
    enum VerticalPlacement {
        case center, bottom
    }

    var insetX = 16.0
    var verticalPlacement = VerticalPlacement.center

    override func drawContent(in context: inout DrawingContext) {
        let lineHeight = Typesetting.metrics.lineHeight(of: font)
        let y = verticalPlacement == .bottom ? bounds.maxY - lineHeight - 6 : bounds.midY - lineHeight / 2
        let width = Typesetting.metrics.width(of: text, font: font)
        context.text(
            text, font: font, color: textColor, at: Point(x: bounds.minX + insetX, y: y),
            lineSize: Size(width: width, height: lineHeight))
    }
}
