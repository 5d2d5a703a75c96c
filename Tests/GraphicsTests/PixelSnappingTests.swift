import Graphics
import Testing

@testable import Rendering

/// Whole-pixel snapping takes a coordinate a rounding error away from a half pixel for the half:
/// a clock centred at x 182.5 lands on the same pixel whichever order the kit summed it in.
@Suite struct PixelSnappingTests {
    @Test func aHalfLeftBehindBySumsLandsWhereTheHalfDoes() {
        #expect(LayerGeometry.nearestPixel(182.5) == 183)
        #expect(LayerGeometry.nearestPixel(182.49999999999997) == 183)
        #expect(LayerGeometry.nearestPixel(182.50000000000003) == 183)
        #expect(LayerGeometry.nearestPixel(-0.5) == -1)
        #expect(LayerGeometry.nearestPixel(-0.49999999999999994) == -1)
    }

    @Test func anythingMeantRoundsAsBefore() {
        for value in [182.4999, 182.5001, 0.3, -0.3, 2.0000000001, 7, -7.25, 1e6 + 0.4] {
            #expect(LayerGeometry.nearestPixel(value) == value.rounded(), "\(value)")
        }
    }

    @Test func snappedEdgesAgreeAcrossTheTie() {
        let exact = LayerGeometry.snapped(Rect(x: 182.5, y: 3.5, width: 25, height: 15))
        let summed = LayerGeometry.snapped(Rect(x: 182.49999999999997, y: 3.4999999999999996, width: 25, height: 15))
        #expect(exact == summed)
    }
}
