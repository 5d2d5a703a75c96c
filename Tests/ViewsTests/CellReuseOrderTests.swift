import Testing

@testable import Graphics
@testable import Views

/// Which recycled cell shows which item is the same on every run: the cells that leave go back to
/// the pool in the items' order, not in the order of a dictionary (which Swift seeds afresh for
/// every process). State kept per cell — the inspector remembers where each view stood — drew
/// a different frame after a resize from one replay of a script to the next.
@MainActor
@Suite struct CellReuseOrderTests {
    @Test func recycledCellsAreHandedOutInTheItemsOrder() {
        let reuser = CellReuser()
        reuser.register("cell") { NumberedCell() }
        let container = View()
        func show(_ items: Range<Int>) {
            reuser.update(
                wanted: items.map { IndexPath(item: $0, section: 0) }, in: container,
                make: { reuser.dequeue("cell", for: $0) }, place: { _, _ in })
        }
        show(0..<12)
        let first = (0..<12).map { reuser.visible[IndexPath(item: $0, section: 0)].map(ObjectIdentifier.init) }
        show(12..<24)
        #expect(reuser.createdCount == 12, "every cell was reused")
        let second = (12..<24).map { reuser.visible[IndexPath(item: $0, section: 0)].map(ObjectIdentifier.init) }
        // Back to the pool first to last, handed out last first: item 12 gets item 11's cell.
        #expect(second == Array(first.reversed()))
        // And the same through a reload.
        reuser.recycleAll()
        show(0..<12)
        let third = (0..<12).map { reuser.visible[IndexPath(item: $0, section: 0)].map(ObjectIdentifier.init) }
        #expect(third == first)
    }
}
