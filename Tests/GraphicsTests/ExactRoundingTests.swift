import Testing

@testable import Graphics

/// The sheared strips and the resampled slabs round with `ExactRounding`: a pixel one off would
/// move a slab against its outline, so every answer must be the C library's.
@Suite struct ExactRoundingTests {
    /// Halves either way, their neighbours one unit in the last place away, zeros, and numbers
    /// too large for the shortcut (within what an Int holds).
    static let awkward: [Double] = {
        var values: [Double] = [0, -0.0, 0.49999999999999994, 2_251_799_813_685_248, 1e18, -1e18]
        for whole in [0.0, 1, 2, 3, 254, 255, 1023, 4_503_599_627_370_495] {
            for half in [whole + 0.5, -(whole + 0.5)] {
                values += [half, half.nextUp, half.nextDown]
            }
            values += [whole, -whole, whole.nextUp, whole.nextDown]
        }
        return values
    }()

    @Test func nearestIsTheCLibrarysRounding() {
        var state: UInt64 = 42
        var values = Self.awkward
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append((Double(state >> 11) / Double(1 << 53) - 0.5) * 8000)
        }
        for value in values {
            #expect(ExactRounding.nearest(value) == Int(value.rounded()), "\(value)")
            #expect(ExactRounding.up(value) == value.rounded(.up), "\(value)")
        }
    }
}
