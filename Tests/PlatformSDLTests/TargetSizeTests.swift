import Testing

@testable import PlatformSDL
@testable import Rendering

/// Offscreen targets never pass SDL's 32-bit byte offsets: a group as large as the largest frame
/// the app allows (7723 points square at 3×, 23,169 px) gets a texture of exactly its size where
/// rounding up to 64 px would pass the limit and crash inside SDL.
@MainActor
struct TargetSizeTests {
    @Test func anOrdinaryTargetIsRoundedUpSoItCanGrowALittle() {
        let size = TextureFit.targetSize(for: (390, 844), largestBytes: SDLExecutor.largestTextureBytes)
        #expect(size?.width == 448 && size?.height == 896)
    }

    @Test func theLargestFrameGetsATargetOfExactlyItsSize() {
        // 7723 × 3 = 23,169 px each way fits (2,147,210,244 bytes); 23,232 would not.
        let size = TextureFit.targetSize(for: (23169, 23169), largestBytes: SDLExecutor.largestTextureBytes)
        #expect(size?.width == 23169 && size?.height == 23169)
        let atFour = TextureFit.targetSize(for: (23168, 23168), largestBytes: SDLExecutor.largestTextureBytes)
        #expect(atFour.map { Int($0.width) * Int($0.height) * 4 <= Int(Int32.max) } == true)
    }

    @Test func aTargetPastTheLimitIsRefused() {
        #expect(TextureFit.targetSize(for: (23171, 23171), largestBytes: SDLExecutor.largestTextureBytes) == nil)
    }
}
