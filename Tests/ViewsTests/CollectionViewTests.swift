import KitTestSupport
import Motion
import Platform
import Testing

@testable import Graphics
@testable import Views

@MainActor
final class NumberedCell: ReusableCell {
    let label = Label(font: .system(12))
    required init(frame: Rect = .zero) {
        super.init(frame: frame)
        contentView.addSubview(label)
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = contentView.bounds
    }
}

@MainActor
final class NumbersSource: CollectionViewDataSource, CollectionViewDelegate, TableViewDataSource, TableViewDelegate {
    let counts: [Int]
    var selected: [IndexPath] = []

    init(counts: [Int]) { self.counts = counts }

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> ReusableCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        (cell as? NumberedCell)?.label.text = "\(indexPath.section)-\(indexPath.item)"
        return cell
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        selected.append(indexPath)
    }

    func numberOfSections(in tableView: TableView) -> Int { counts.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> ReusableCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "n", for: indexPath)
        (cell as? NumberedCell)?.label.text = "row \(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "Section \(section)" }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
}

@MainActor
@Suite(.serialized) struct CollectionViewTests {
    func makeGrid(_ driver: FrameDriver, counts: [Int]) -> (CollectionView, NumbersSource) {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        layout.minimumLineSpacing = 10
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = EdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
        let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 390, height: 844), layout: layout)
        grid.register(NumberedCell.self, forCellWithReuseIdentifier: "n")
        let source = NumbersSource(counts: counts)
        grid.dataSource = source
        grid.delegate = source
        driver.window.addSubview(grid)
        driver.window.layoutIfNeeded()
        return (grid, source)
    }

    @Test func flowLayoutPlacesItemsInLinesWithInsetsAndSections() throws {
        let driver = FrameDriver()
        let (grid, source) = makeGrid(driver, counts: [4, 2])
        defer { withExtendedLifetime(source) {} }
        // 350 pt of width holds three 100 pt items, spread to 25 pt gaps.
        #expect(
            grid.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
                == Rect(x: 20, y: 20, width: 100, height: 100))
        #expect(
            grid.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))
                == Rect(x: 270, y: 20, width: 100, height: 100))
        #expect(
            grid.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))
                == Rect(x: 20, y: 130, width: 100, height: 100))
        // Section 1 starts after section 0's bottom inset and its own top inset.
        #expect(grid.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.minY == 270)
        #expect(grid.contentSize.height == 390)
        let cell = try #require(grid.cellForItem(at: IndexPath(item: 3, section: 0)))
        #expect(cell.frameInRoot == Rect(x: 20, y: 130, width: 100, height: 100))
    }

    @Test func tenThousandItemsKeepOnlyWhatIsOnScreenWhileFlinging() {
        let driver = FrameDriver()
        let (grid, source) = makeGrid(driver, counts: [10_000])
        defer { withExtendedLifetime(source) {} }  // the data source is weak, as UIKit's
        let onScreen = grid.visibleCells.count
        #expect(onScreen > 0 && onScreen < 60)
        for _ in 0..<6 {
            driver.drag(from: Point(x: 200, y: 800), to: Point(x: 200, y: 100), frames: 8)
            driver.run(seconds: 1)
        }
        #expect(grid.contentOffset.y > 5_000)
        #expect(grid.visibleCells.count < 60)
        #expect(grid.createdCellCount < 90)
        let visible = grid.indexPathsForVisibleItems
        #expect(
            visible.allSatisfy {
                grid.layoutAttributesForItem(at: $0)!.intersects(grid.bounds.insetBy(dx: 0, dy: -422))
            })
    }

    /// Items within two screens ahead are announced to the prefetching data source before their
    /// cells exist, each once (a room's art decodes before its panel scrolls in).
    @Test func itemsAheadAreAnnouncedOnceBeforeTheirCellsExist() {
        final class Prefetcher: CollectionViewDataSourcePrefetching {
            var announced: [IndexPath] = []
            func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
                announced += indexPaths
            }
        }
        let driver = FrameDriver()
        let (grid, source) = makeGrid(driver, counts: [1_000])
        let prefetcher = Prefetcher()
        defer { withExtendedLifetime((source, prefetcher)) {} }
        grid.prefetchDataSource = prefetcher
        grid.reloadData()
        driver.window.layoutIfNeeded()
        let cells = Set(grid.indexPathsForVisibleItems)
        let ahead = prefetcher.announced.filter { !cells.contains($0) }
        #expect(!ahead.isEmpty, "items beyond the prepared cells were announced")
        #expect(ahead.allSatisfy { (grid.layoutAttributesForItem(at: $0)?.minY ?? 0) < 844 * 3 })
        driver.drag(from: Point(x: 200, y: 800), to: Point(x: 200, y: 300), frames: 8)
        driver.run(seconds: 1)
        #expect(Set(prefetcher.announced).count == prefetcher.announced.count, "each item once")
        #expect(grid.indexPathsForVisibleItems.allSatisfy { prefetcher.announced.contains($0) })
    }

    @Test func selectingAnItemAfterScrollingReportsTheRightOne() throws {
        let driver = FrameDriver()
        let (grid, source) = makeGrid(driver, counts: [300])
        driver.drag(from: Point(x: 200, y: 700), to: Point(x: 200, y: 300), frames: 20, pauseBeforeRelease: 15)
        driver.run(seconds: 0.2)
        let offset = grid.contentOffset.y
        #expect(offset > 350)
        // Tap the middle of the screen; find which item lies under it in content coordinates.
        // A point half way down an item row: rows start every 110 pt from y = 20 in content.
        let y = 400 + 50 - (offset + 400 - 20).truncatingRemainder(dividingBy: 110)
        let expected = try #require(grid.indexPathForItem(at: Point(x: 70, y: offset + y)))
        driver.step([PointerEvent(phase: .down, location: Point(x: 70, y: y), time: driver.time)])
        driver.step([PointerEvent(phase: .up, location: Point(x: 70, y: y), time: driver.time)])
        #expect(source.selected == [expected])
        #expect(expected.item >= 9)
    }

    @Test func aDragOverACellDoesNotSelectIt() {
        let driver = FrameDriver()
        let (_, source) = makeGrid(driver, counts: [300])
        driver.drag(from: Point(x: 70, y: 400), to: Point(x: 70, y: 300), frames: 6)
        driver.run(seconds: 1)
        #expect(source.selected.isEmpty)
    }

    @Test func aGroupedTableHasHeadersRowsAndSelection() throws {
        let driver = FrameDriver()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: 844), style: .grouped)
        table.register(NumberedCell.self, forCellReuseIdentifier: "n")
        let source = NumbersSource(counts: [3, 1000])
        table.dataSource = source
        table.delegate = source
        driver.window.addSubview(table)
        driver.window.layoutIfNeeded()
        // 18 pt top margin, a 38 pt header, then 44 pt rows.
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == Rect(x: 0, y: 56, width: 390, height: 44))
        let secondSection = try #require(table.rectForRow(at: IndexPath(row: 0, section: 1)))
        #expect(secondSection.minY == 226)  // 56 + three rows of 44 + the next 38 pt header
        #expect(table.visibleCells.count < 40)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(!cell.separator.isHidden)
        driver.step([PointerEvent(phase: .down, location: Point(x: 100, y: 56 + 44 + 20), time: driver.time)])
        driver.step([PointerEvent(phase: .up, location: Point(x: 100, y: 56 + 44 + 20), time: driver.time)])
        #expect(source.selected == [IndexPath(row: 1, section: 0)])
        for _ in 0..<5 {
            driver.drag(from: Point(x: 200, y: 800), to: Point(x: 200, y: 100), frames: 8)
            driver.run(seconds: 1)
        }
        #expect(table.createdCellCount < 60)
    }
}
