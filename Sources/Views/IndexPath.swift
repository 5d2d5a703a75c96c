/// An item's (or row's) place in a sectioned list.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }

    public init(row: Int, section: Int) {
        self.init(item: row, section: section)
    }

    /// Tables call items rows.
    public var row: Int { item }

    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "[\(section), \(item)]" }
}
