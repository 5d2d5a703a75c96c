import Graphics
import Testing

/// Turned slabs are drawn in strips of whole columns: every column of the command in exactly one
/// strip, moved by the same whole pixels whichever command it belongs to.
@Suite struct ShearedStripsTests {
    @Test(arguments: [0.0, 0.07, 0.2435, -0.31, 1.7, -5.2])
    func stripsTileTheColumnsAndMoveEachAsItsOwnOffsetSays(shear: Double) {
        for (left, right, origin) in [(0, 400, 0.0), (37, 812, 0.0), (-20, 95, 133.0), (5, 6, 7.0)] {
            let strips = ShearedStrips.strips(columns: left..<right, shear: shear, originX: origin)
            #expect(strips.first?.columns.lowerBound == left && strips.last?.columns.upperBound == right)
            for (strip, next) in zip(strips, strips.dropFirst()) {
                #expect(strip.columns.upperBound == next.columns.lowerBound, "no gap, no overlap")
                #expect(strip.offset != next.offset, "a new strip only where the offset changes")
            }
            for strip in strips {
                for column in strip.columns {
                    #expect(strip.offset == ShearedStrips.offset(ofColumn: column, shear: shear, originX: origin))
                }
            }
        }
    }

    /// A column's offset depends on where it is in the window, not on the command: a band inside
    /// a slab (its outline) moves each column it shares with the slab by the same amount.
    @Test func aBandInsideASlabSharesItsOffsets() {
        let slab = ShearedStrips.strips(columns: 100..<500, shear: 0.244, originX: 0)
        let band = ShearedStrips.strips(columns: 480..<500, shear: 0.244, originX: 0)
        for strip in band {
            for column in strip.columns {
                #expect(slab.first { $0.columns.contains(column) }?.offset == strip.offset)
            }
        }
    }

    /// The bounds of a sheared rect reach from its left column's top to its right column's bottom.
    @Test func shearedBoundsHoldAllFourCorners() {
        let rect = Rect(x: 100, y: 50, width: 200, height: 80)
        #expect(rect.sheared(by: 0.25) == Rect(x: 100, y: 75, width: 200, height: 130))
        #expect(rect.sheared(by: -0.25) == Rect(x: 100, y: -25, width: 200, height: 130))
    }
}
