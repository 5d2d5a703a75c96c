import Graphics
import Testing

/// A sheared fill regrouped into whole rows covers exactly the pixels its strips cover, each
/// once, in far fewer row starts — for shears that rise and fall, steep and shallow, and for strips
/// the regrouping cannot take.
@Suite struct ShearedRowRunsTests {
    /// Every pixel of `runs` with how often it is covered.
    static func coverage(of runs: [ShearedRowRuns.Run]) -> [Int: Int] {
        var count: [Int: Int] = [:]
        for run in runs {
            for row in run.rows {
                for column in run.columns { count[row * 100_000 + column, default: 0] += 1 }
            }
        }
        return count
    }

    @Test(arguments: [0.0, 0.07, 0.2435, -0.31, 1.7, -5.2])
    func runsCoverTheStripsPixelsOnce(shear: Double) throws {
        for (columns, rows, origin) in [(0..<400, 10..<90, 0.0), (37..<812, 0..<300, 0.0), (-20..<95, 5..<6, 133.0)] {
            let strips = ShearedStrips.strips(columns: columns, shear: shear, originX: origin)
            let runs = try #require(ShearedRowRuns.runs(of: strips, rows: rows))
            let asStrips = strips.map { strip in
                ShearedRowRuns.Run(
                    columns: strip.columns, rows: (rows.lowerBound + strip.offset)..<(rows.upperBound + strip.offset))
            }
            let covered = Self.coverage(of: runs)
            #expect(covered == Self.coverage(of: asStrips), "shear \(shear), columns \(columns)")
            #expect(covered.values.allSatisfy { $0 == 1 })
            let rowStarts = runs.reduce(0) { $0 + $1.rows.count }
            let drift = abs((strips.last?.offset ?? 0) - (strips.first?.offset ?? 0))
            #expect(rowStarts <= rows.count + drift, "each row the slab reaches started at most once")
            if drift < rows.count {
                // Where every column shows, one rectangle the slab's width.
                #expect(runs.contains { $0.columns == columns && $0.rows.count == rows.count - drift })
            }
        }
    }

    /// A band of the output works out only its own rows of a sheared rect: exactly the pixels of
    /// the whole rect on those rows, and `rowSpan` reaches every row the rect covers.
    @Test(arguments: [0.0, 0.2435, -0.31, 1.7])
    func aWindowOfRowsHoldsTheWholeRectsPixelsOnThoseRows(shear: Double) {
        let area = ShearedPixels(columns: 37..<412, rows: 20..<140, shear: shear, originX: 9)
        let whole = Self.coverage(of: area.rowRuns())
        // The row a pixel's key holds (rows above the target's top are negative).
        func row(_ key: Int) -> Int { Int((Double(key) / 100_000).rounded(.down)) }
        let span = area.rowSpan
        #expect(whole.keys.allSatisfy { span.contains(row($0)) })
        #expect(whole.keys.contains { row($0) == span.lowerBound })
        #expect(whole.keys.contains { row($0) == span.upperBound - 1 })
        for window in [0..<60, 60..<61, 61..<300, 500..<600, -50..<0] {
            let inWindow = whole.filter { window.contains(row($0.key)) }
            #expect(Self.coverage(of: area.rowRuns(within: window)) == inWindow, "shear \(shear), rows \(window)")
        }
    }

    @Test func stripsWithAGapOrOffsetsThatTurnAreLeftAsStrips() {
        let gap = [
            ShearedStrips.Strip(columns: 0..<10, offset: 0), ShearedStrips.Strip(columns: 12..<20, offset: 1),
        ]
        let turning = [
            ShearedStrips.Strip(columns: 0..<10, offset: 0), ShearedStrips.Strip(columns: 10..<20, offset: 2),
            ShearedStrips.Strip(columns: 20..<30, offset: 1),
        ]
        #expect(ShearedRowRuns.runs(of: gap, rows: 0..<5) == nil)
        #expect(ShearedRowRuns.runs(of: turning, rows: 0..<5) == nil)
    }
}
