/// A sheared rect in whole target pixels, as the inspector's turned slabs are drawn: the columns
/// `columns`, each showing the rows `rows` moved down by its own offset (`ShearedStrips.offset`
/// with `shear` and `originX`). One value stands for the hundreds of strips or row runs it is
/// drawn in, so whoever draws it works them out only where it draws (a band, its own rows).
public struct ShearedPixels: Hashable, Sendable {
    public var columns: Range<Int>
    /// The rows of every column before its offset.
    public var rows: Range<Int>
    public var shear: Double
    /// Where the target's column 0 lies in the window's pixels.
    public var originX: Double

    public init(columns: Range<Int>, rows: Range<Int>, shear: Double, originX: Double) {
        self.columns = columns
        self.rows = rows
        self.shear = shear
        self.originX = originX
    }

    /// Whether it covers no pixel.
    public var isEmpty: Bool { columns.isEmpty || rows.isEmpty }

    /// Its runs of columns that share one offset, left to right.
    public var strips: [ShearedStrips.Strip] {
        ShearedStrips.strips(columns: columns, shear: shear, originX: originX)
    }

    /// The rows any of its pixels lie on.
    public var rowSpan: Range<Int> {
        guard !isEmpty else { return rows.lowerBound..<rows.lowerBound }
        let first = ShearedStrips.offset(ofColumn: columns.lowerBound, shear: shear, originX: originX)
        let last = ShearedStrips.offset(ofColumn: columns.upperBound - 1, shear: shear, originX: originX)
        return (rows.lowerBound + min(first, last))..<(rows.upperBound + max(first, last))
    }

    /// Its pixels as rectangles of whole rows (`ShearedRowRuns`), only those on the rows of
    /// `window` when it is given; each pixel in exactly one.
    public func rowRuns(within window: Range<Int>? = nil) -> [ShearedRowRuns.Run] {
        guard !isEmpty else { return [] }
        let strips = self.strips
        if let runs = ShearedRowRuns.runs(of: strips, rows: rows, within: window) { return runs }
        // Unreachable for one shear (its offsets only rise or only fall), kept exact anyway.
        return strips.compactMap { strip in
            var shown = (rows.lowerBound + strip.offset)..<(rows.upperBound + strip.offset)
            if let window { shown = shown.clamped(to: window) }
            return shown.isEmpty ? nil : ShearedRowRuns.Run(columns: strip.columns, rows: shown)
        }
    }
}
