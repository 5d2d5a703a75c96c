import Graphics

/// Where every item goes: UICollectionViewFlowLayout's rules. Items fill a line across the
/// scroll direction, then wrap; sections stack along it with their insets.
@MainActor
public final class FlowLayout {
    public enum ScrollDirection: Sendable {
        case vertical, horizontal
    }

    public var scrollDirection: ScrollDirection = .vertical
    public var itemSize = Size(width: 50, height: 50)
    /// Between lines (along the scroll direction: between columns when horizontal).
    public var minimumLineSpacing = 10.0
    /// Between items in one line.
    public var minimumInteritemSpacing = 10.0
    public var sectionInset = EdgeInsets.zero
    /// Per-section insets; overrides `sectionInset` when set (UICollectionViewDelegateFlowLayout).
    public var insetForSection: ((Int) -> EdgeInsets)?

    /// Frames in content coordinates, per section, and the content size: worked out once per reload.
    private(set) var frames: [[Rect]] = []
    public private(set) var contentSize = Size.zero

    public init() {}

    func prepare(itemCounts: [Int], viewSize: Size) {
        frames = []
        var cursor = 0.0  // along the scroll direction
        let horizontal = scrollDirection == .horizontal
        for (section, count) in itemCounts.enumerated() {
            let inset = insetForSection?(section) ?? sectionInset
            let crossStart = horizontal ? inset.top : inset.left
            let crossAvailable =
                horizontal
                ? viewSize.height - inset.top - inset.bottom : viewSize.width - inset.left - inset.right
            let itemCross = horizontal ? itemSize.height : itemSize.width
            let itemAlong = horizontal ? itemSize.width : itemSize.height
            let perLine = max(
                1,
                Int(((crossAvailable + minimumInteritemSpacing) / (itemCross + minimumInteritemSpacing)).rounded(.down))
            )
            // Flow layout spreads the items of a full line evenly across it.
            let spacing =
                perLine > 1
                ? max(minimumInteritemSpacing, (crossAvailable - Double(perLine) * itemCross) / Double(perLine - 1))
                : 0
            cursor += horizontal ? inset.left : inset.top
            var sectionFrames: [Rect] = []
            sectionFrames.reserveCapacity(count)
            for item in 0..<count {
                let line = item / perLine
                let slot = item % perLine
                let along = cursor + Double(line) * (itemAlong + minimumLineSpacing)
                let cross = crossStart + Double(slot) * (itemCross + spacing)
                sectionFrames.append(
                    horizontal
                        ? Rect(x: along, y: cross, width: itemSize.width, height: itemSize.height)
                        : Rect(x: cross, y: along, width: itemSize.width, height: itemSize.height))
            }
            let lines = (count + perLine - 1) / perLine
            cursor += lines > 0 ? Double(lines) * itemAlong + Double(lines - 1) * minimumLineSpacing : 0
            cursor += horizontal ? inset.right : inset.bottom
            frames.append(sectionFrames)
        }
        contentSize =
            horizontal
            ? Size(width: cursor, height: viewSize.height) : Size(width: viewSize.width, height: cursor)
    }

}

/// Queries over item frames stored in scroll order, shared by flow layouts and tables.
enum ItemFrames {
    /// Items whose frames meet `rect`, found by binary search: items are in order along the scroll
    /// direction, so the cost grows with what is visible, not with the number of items.
    static func indexPaths(in rect: Rect, frames: [[Rect]], horizontal: Bool) -> [IndexPath] {
        var result: [IndexPath] = []
        let low = horizontal ? rect.minX : rect.minY
        let high = horizontal ? rect.maxX : rect.maxY
        for (section, sectionFrames) in frames.enumerated() {
            guard let first = sectionFrames.first, let last = sectionFrames.last else { continue }
            if (horizontal ? last.maxX : last.maxY) <= low || (horizontal ? first.minX : first.minY) >= high {
                continue
            }
            var lo = 0
            var hi = sectionFrames.count
            while lo < hi {
                let mid = (lo + hi) / 2
                let far = horizontal ? sectionFrames[mid].maxX : sectionFrames[mid].maxY
                if far <= low { lo = mid + 1 } else { hi = mid }
            }
            var item = lo
            while item < sectionFrames.count {
                let frame = sectionFrames[item]
                if (horizontal ? frame.minX : frame.minY) >= high { break }
                if frame.intersects(rect) { result.append(IndexPath(item: item, section: section)) }
                item += 1
            }
        }
        return result
    }
}
