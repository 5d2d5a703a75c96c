import Testing

@testable import PlatformSDL
@testable import Rendering

/// Offscreen targets never pass SDL's 32-bit byte offsets: a group as large as the largest frame
/// the app allows (7723 points square at 3×, 23,169 px) gets a texture of exactly its size where
/// rounding up to 64 px would pass the limit and crash inside SDL.
@MainActor
struct TargetSizeTests {
    @Test func anOrdinaryTargetIsRoundedUpSoItCanGrowALittle() {
        let size = DisplayListRenderer.targetSize(width: 390, height: 844, step: 64)
        #expect(size?.0 == 448 && size?.1 == 896)
    }

    @Test func theLargestFrameGetsATargetOfExactlyItsSize() {
        // 7723 × 3 = 23,169 px each way fits (2,147,210,244 bytes); 23,232 would not.
        let size = DisplayListRenderer.targetSize(width: 23169, height: 23169, step: 64)
        #expect(size?.0 == 23169 && size?.1 == 23169)
        let atFour = DisplayListRenderer.targetSize(width: 23168, height: 23168, step: 64)
        #expect(atFour.map { Int($0.0) * Int($0.1) * 4 <= Int(Int32.max) } == true)
    }

    @Test func aTargetPastTheLimitIsRefused() {
        #expect(DisplayListRenderer.targetSize(width: 23171, height: 23171, step: 64) == nil)
    }
}
