import Testing

@testable import PlatformSDL

/// The fast row kernel (SDL's SSE2 arithmetic, on x86-64) gives the bytes of the portable blend
/// for every kind of column: padded on the left and right, enlarged and shrunk, odd counts that
/// leave a tail after the groups of four, extreme pixel values, every vertical weight.
@Suite struct LinearStretchRowTests {
    /// A deterministic source row of `count` pixels with every byte value in play.
    static func row(_ count: Int, seed: UInt64) -> [UInt32] {
        var state = seed
        return (0..<count).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Every seventh pixel is all-white or all-black, the blend's limits.
            if index % 7 == 3 { return index % 2 == 0 ? 0xFFFF_FFFF : 0 }
            return UInt32(truncatingIfNeeded: state >> 29)
        }
    }

    @Test(arguments: [(source: 40, destination: 97), (40, 13), (2, 9), (9, 2), (37, 37), (255, 511), (300, 299)])
    func rowKernelMatchesThePortableBlend(source: Int, destination: Int) {
        let upper = Self.row(source, seed: UInt64(source * 31 + destination))
        let lower = Self.row(source, seed: UInt64(destination * 17 + source))
        let taps = LinearStretch.taps(source: source, destination: destination, range: 0..<destination)
        let columns = LinearStretch.Columns(taps, sourceWidth: source)
        for down: UInt32 in [0, 1, 63, 64, 127] {
            var fast = [UInt32](repeating: 0xDEAD_BEEF, count: destination)
            var portable = [UInt32](repeating: 0, count: destination)
            upper.withUnsafeBufferPointer { upperRow in
                lower.withUnsafeBufferPointer { lowerRow in
                    fast.withUnsafeMutableBufferPointer { out in
                        LinearStretch.stretchRow(
                            upper: upperRow.baseAddress!, lower: lowerRow.baseAddress!, down: down, columns: columns,
                            into: out.baseAddress!)
                    }
                    portable.withUnsafeMutableBufferPointer { out in
                        LinearStretch.stretchRowPortable(
                            upper: upperRow.baseAddress!, lower: lowerRow.baseAddress!, down: down, taps: taps,
                            into: out.baseAddress!)
                    }
                }
            }
            let first = fast.indices.first { fast[$0] != portable[$0] }
            #expect(first == nil, "\(source)→\(destination) down \(down): column \(first ?? -1) differs")
        }
    }

    /// Part of a row (a band's columns within a clip): the kernel starts at any column.
    @Test func aRangeOfColumnsMatchesTheWholeRowThere() {
        let upper = Self.row(64, seed: 5)
        let lower = Self.row(64, seed: 6)
        let whole = LinearStretch.taps(source: 64, destination: 150, range: 0..<150)
        let part = LinearStretch.taps(source: 64, destination: 150, range: 141..<150)
        var wholeRow = [UInt32](repeating: 0, count: 150)
        var partRow = [UInt32](repeating: 0, count: 9)
        upper.withUnsafeBufferPointer { upperRow in
            lower.withUnsafeBufferPointer { lowerRow in
                wholeRow.withUnsafeMutableBufferPointer { out in
                    LinearStretch.stretchRow(
                        upper: upperRow.baseAddress!, lower: lowerRow.baseAddress!, down: 40,
                        columns: .init(whole, sourceWidth: 64), into: out.baseAddress!)
                }
                partRow.withUnsafeMutableBufferPointer { out in
                    LinearStretch.stretchRow(
                        upper: upperRow.baseAddress!, lower: lowerRow.baseAddress!, down: 40,
                        columns: .init(part, sourceWidth: 64), into: out.baseAddress!)
                }
            }
        }
        #expect(Array(wholeRow[141...]) == partRow)
    }
}
