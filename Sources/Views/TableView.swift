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
open class TableView: CellListView {
    public enum Style: Sendable {
        case plain, grouped
    }

    public let style: Style
    public weak var dataSource: (any TableViewDataSource)?
    public var rowHeight = 44.0
    private var sectionTitles: [Label] = []

    public init(frame: Rect = .zero, style: Style = .plain) {
        self.style = style
        super.init(frame: frame)
        alwaysBounceVertical = true
        backgroundColor = style == .grouped ? .systemGroupedBackground : .white
    }

    public func register(_ cellType: ReusableCell.Type, forCellReuseIdentifier identifier: String) {
        registerCell(cellType, identifier: identifier)
    }

    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> ReusableCell {
        dequeueCell(identifier, for: indexPath)
    }

    public func cellForRow(at indexPath: IndexPath) -> ReusableCell? { reuser.visible[indexPath] }

    /// The row's frame in content coordinates.
    public func rectForRow(at indexPath: IndexPath) -> Rect? { frameOfItem(at: indexPath) }

    public func indexPathForRow(at point: Point) -> IndexPath? { indexPath(at: point) }

    /// Grouped tables leave room above each section for its header, as iOS's inset look.
    private var headerHeight: Double { style == .grouped ? 38 : 28 }

    override func prepareItems() -> Bool {
        guard let dataSource else { return false }
        for label in sectionTitles { label.removeFromSuperview() }
        sectionTitles = []
        var frames: [[Rect]] = []
        var y = style == .grouped ? 18.0 : 0
        let delegate = delegate as? any TableViewDelegate
        for section in 0..<dataSource.numberOfSections(in: self) {
            if let title = dataSource.tableView(self, titleForHeaderInSection: section) {
                let header = makeSectionLabel(style == .grouped ? title.uppercased() : title, header: true)
                header.frame = Rect(x: 0, y: y, width: bounds.width, height: headerHeight)
                y += headerHeight
            } else if style == .grouped && section > 0 {
                y += 18
            }
            var sectionFrames: [Rect] = []
            for row in 0..<dataSource.tableView(self, numberOfRowsInSection: section) {
                let height =
                    delegate?.tableView(self, heightForRowAt: IndexPath(row: row, section: section)) ?? rowHeight
                sectionFrames.append(Rect(x: 0, y: y, width: bounds.width, height: height))
                y += height
            }
            frames.append(sectionFrames)
            if let title = dataSource.tableView(self, titleForFooterInSection: section) {
                let footer = makeSectionLabel(title, header: false)
                footer.frame = Rect(x: 0, y: y, width: bounds.width, height: 34)
                y += 34
            }
        }
        itemFrames = frames
        contentSize = Size(width: bounds.width, height: y + (style == .grouped ? 18 : 0))
        return true
    }

    private func makeSectionLabel(_ text: String, header: Bool) -> Label {
        let label = SectionTitleLabel(text: text, font: header && style == .plain ? .bold(15) : .system(13))
        label.textColor = header && style == .plain ? .black : Color(hex: 0x6D6D72)
        label.backgroundColor = header && style == .plain ? Color(hex: 0xF7F7F7) : nil
        label.insetX = 16
        label.verticalPlacement = header && style == .grouped ? .bottom : .center
        insertSubview(label, at: 0)
        sectionTitles.append(label)
        return label
    }

    override func makeCell(for indexPath: IndexPath) -> ReusableCell? {
        dataSource?.tableView(self, cellForRowAt: indexPath)
    }

    override func place(_ cell: ReusableCell, at indexPath: IndexPath) {
        super.place(cell, at: indexPath)
        if cell.backgroundColor == nil { cell.backgroundColor = .white }
        let lastInSection = indexPath.row == itemFrames[indexPath.section].count - 1
        cell.separator.isHidden = lastInSection && style == .plain
        cell.separator.frame = Rect(x: 0, y: cell.bounds.height - 0.5, width: cell.bounds.width, height: 0.5)
    }

    override func didSelect(_ indexPath: IndexPath) {
        (delegate as? any TableViewDelegate)?.tableView(self, didSelectRowAt: indexPath)
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
        let lineHeight = contentMetrics.lineHeight(of: font)
        let bounds = context.bounds
        let y = verticalPlacement == .bottom ? bounds.maxY - lineHeight - 6 : bounds.midY - lineHeight / 2
        let width = contentMetrics.width(of: text, font: font)
        context.text(
            text, font: font, color: textColor, at: Point(x: bounds.minX + insetX, y: y),
            lineSize: Size(width: width, height: lineHeight))
    }
}
