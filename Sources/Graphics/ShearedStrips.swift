/// The whole-pixel pieces a sheared command (`.shearedFill`, `.shearedLayer`) is drawn in: runs
/// of neighbouring columns that share one vertical offset. A column's offset depends only on
/// where it lies in the window, so two sheared commands with the same shear move a column they
/// share by the same amount: a slab and its outline never part by a pixel.
public enum ShearedStrips {
    public struct Strip: Equatable, Sendable {
        /// Columns of the target, in pixels.
        public var columns: Range<Int>
        /// Rows every one of them moves down.
        public var offset: Int

        public init(columns: Range<Int>, offset: Int) {
            self.columns = columns
            self.offset = offset
        }
    }

    /// How far column `column` of the target moves down: `shear` times the window x (in pixels)
    /// of the column's centre, rounded. `originX` is where the target's column 0 lies in the
    /// window's pixels (an offscreen group's texture starts inside the window).
    public static func offset(ofColumn column: Int, shear: Double, originX: Double) -> Int {
        ExactRounding.nearest(shear * (Double(column) + originX + 0.5))
    }

    /// The columns `columns` cut where the offset changes, left to right: one strip per whole
    /// pixel of drift, found from where the next offset starts rather than column by column (a
    /// stack's outlines span thousands of columns every frame).
    public static func strips(columns: Range<Int>, shear: Double, originX: Double) -> [Strip] {
        var result: [Strip] = []
        forEachStrip(columns: columns, shear: shear, originX: originX) { result.append($0) }
        return result
    }

    /// The same strips, handed to `body` one by one as they are found (no array: a stack's
    /// outlines are tens of thousands of strips a frame).
    @inline(__always)
    public static func forEachStrip(columns: Range<Int>, shear: Double, originX: Double, _ body: (Strip) -> Void) {
        guard !columns.isEmpty else { return }
        var start = columns.lowerBound
        while start < columns.upperBound {
            let current = offset(ofColumn: start, shear: shear, originX: originX)
            var end = columns.upperBound
            if shear != 0 {
                // The next offset begins where shear × (x + 0.5) crosses the half-way mark
                // past `current`; the estimate is checked against the rounding itself.
                let mark = Double(current) + (shear > 0 ? 0.5 : -0.5)
                let estimate = ExactRounding.up(mark / shear - originX - 0.5)
                var next = Int(max(Double(start + 1), min(Double(columns.upperBound), estimate)))
                while next > start + 1, offset(ofColumn: next - 1, shear: shear, originX: originX) != current {
                    next -= 1
                }
                while next < columns.upperBound, offset(ofColumn: next, shear: shear, originX: originX) == current {
                    next += 1
                }
                end = next
            }
            body(Strip(columns: start..<end, offset: current))
            start = end
        }
    }
}
