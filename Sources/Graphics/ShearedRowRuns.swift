/// The pixels of a sheared fill as rectangles of whole rows. A turned slab drawn as its strips
/// (`ShearedStrips`) is hundreds of rectangles a few columns wide, and a software fill pays per
/// row of every rectangle: at 2× the inspector's stack spent more time starting rows than
/// writing pixels. The same pixels, regrouped: each run of rows that covers the same strips is
/// one rectangle as wide as they are, so a slab is one tall rectangle between two staircases.
/// Each pixel is covered once, as by the strips, so the fill writes the same bytes.
public enum ShearedRowRuns {
    /// A rectangle of the regrouped fill, in target pixels.
    public struct Run: Equatable, Sendable {
        public var columns: Range<Int>
        public var rows: Range<Int>

        public init(columns: Range<Int>, rows: Range<Int>) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// The pixels of `strips` (side by side, left to right, each showing rows `rows` moved down by
    /// its offset) as rectangles of whole rows, top to bottom; nil when the strips are not side by
    /// side or their offsets do not only rise or only fall (then only the strips describe them).
    /// Only the rows in `window` are regrouped when it is given (a band of the output draws
    /// only its own rows: the rest would be worked out only to be thrown away).
    public static func runs(
        of strips: [ShearedStrips.Strip], rows: Range<Int>, within window: Range<Int>? = nil
    ) -> [Run]? {
        guard let first = strips.first, let last = strips.last, !rows.isEmpty else { return [] }
        let rising = last.offset >= first.offset
        for (left, right) in zip(strips, strips.dropFirst()) {
            guard left.columns.upperBound == right.columns.lowerBound,
                rising ? right.offset >= left.offset : right.offset <= left.offset
            else { return nil }
        }
        // Read so that offsets never fall: a row then covers the strips from the first whose
        // offset is above `row - rows.upperBound` to the first whose offset is above
        // `row - rows.lowerBound`, and both ends only move forward as the row goes down.
        let ordered = rising ? strips : strips.reversed()
        var top = rows.lowerBound + min(first.offset, last.offset)
        var bottom = rows.upperBound + max(first.offset, last.offset)
        if let window {
            top = max(top, window.lowerBound)
            bottom = min(bottom, window.upperBound)
            guard top < bottom else { return [] }
        }
        var runs: [Run] = []
        var start = 0
        var end = 0
        for row in top..<bottom {
            while start < ordered.count, ordered[start].offset <= row - rows.upperBound { start += 1 }
            while end < ordered.count, ordered[end].offset <= row - rows.lowerBound { end += 1 }
            guard start < end else { continue }
            let columns =
                rising
                ? ordered[start].columns.lowerBound..<ordered[end - 1].columns.upperBound
                : ordered[end - 1].columns.lowerBound..<ordered[start].columns.upperBound
            if let previous = runs.last, previous.columns == columns, previous.rows.upperBound == row {
                runs[runs.count - 1].rows = previous.rows.lowerBound..<(row + 1)
            } else {
                runs.append(Run(columns: columns, rows: row..<(row + 1)))
            }
        }
        return runs
    }
}
