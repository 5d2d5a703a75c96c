import Testing

@testable import Rendering

/// What the renderer lets go when its budget is full, from numbers alone.
struct KeepPolicyTests {
    private let frame = 1000

    @Test func theBiggestIdleTextureGoesFirstAndOnlyUntilTheRestFits() {
        let kept = [
            KeptTexture(kind: .text, bytes: 4_000, lastDrawnFrame: 10, name: "label"),
            KeptTexture(kind: .picture, bytes: 6_000_000, lastDrawnFrame: 10, name: "room"),
            KeptTexture(kind: .retiredLayer, bytes: 1_000_000, lastDrawnFrame: 10, name: "panel"),
            KeptTexture(kind: .groupTarget, bytes: 2_000_000, lastDrawnFrame: 10, name: "group"),
        ]
        // 9 MB idle against an 8 MB budget: the room's picture alone makes it fit.
        #expect(KeepPolicy.evictions(kept, incoming: 0, budget: 8_000_000, at: frame) == [1])
        // Room for 7 MB more needs the picture, the group target and the retired layer; text stays.
        #expect(KeepPolicy.evictions(kept, incoming: 7_000_000, budget: 8_000_000, at: frame) == [1, 3, 2])
        // Everything fits: nothing goes.
        #expect(KeepPolicy.evictions(kept, incoming: 0, budget: 10_000_000, at: frame).isEmpty)
    }

    @Test func amongEqualsTheOneSeenLongestAgoGoesThenTheOneLeastOnScreen() {
        let newer = KeptTexture(kind: .picture, bytes: 100, lastDrawnFrame: 5, lastSeenFrame: 900, name: "a")
        let older = KeptTexture(kind: .picture, bytes: 100, lastDrawnFrame: 5, lastSeenFrame: 800, name: "b")
        #expect(KeepPolicy.evictions([newer, older], incoming: 0, budget: 100, at: frame) == [1])
        let big = KeptTexture(kind: .picture, bytes: 100, lastDrawnFrame: 5, shownArea: 900, name: "a")
        let small = KeptTexture(kind: .picture, bytes: 100, lastDrawnFrame: 5, shownArea: 10, name: "b")
        #expect(KeepPolicy.evictions([big, small], incoming: 0, budget: 100, at: frame) == [1])
        // Full ties go by name, so every run lets the same one go.
        let first = KeptTexture(kind: .text, bytes: 100, lastDrawnFrame: 5, name: "a")
        let second = KeptTexture(kind: .text, bytes: 100, lastDrawnFrame: 5, name: "b")
        #expect(KeepPolicy.evictions([second, first], incoming: 0, budget: 100, at: frame) == [1])
    }

    @Test func eachKindIsProtectedForItsOwnFrames() {
        func idle(_ kind: KeptTexture.Kind, drawnAgo frames: Int) -> Bool {
            KeepPolicy.isIdle(KeptTexture(kind: kind, bytes: 1, lastDrawnFrame: frame - frames), at: frame)
        }
        #expect(!idle(.text, drawnAgo: KeepPolicy.protectedFrames))
        #expect(idle(.text, drawnAgo: KeepPolicy.protectedFrames + 1))
        // A picture drawn within the last second stays: bringing it back is a decode.
        #expect(!idle(.picture, drawnAgo: KeepPolicy.protectedFrames + 1))
        #expect(idle(.picture, drawnAgo: KeepPolicy.protectedPictureFrames + 1))
        // An inspector slab's copy hidden a moment behind another slab stays for two seconds.
        #expect(!idle(.spareCopy, drawnAgo: KeepPolicy.protectedPictureFrames + 1))
        #expect(idle(.spareCopy, drawnAgo: KeepPolicy.spareAfterFrames + 1))
        let drawnNow = [KeptTexture(kind: .retiredLayer, bytes: 50_000_000, lastDrawnFrame: frame)]
        #expect(KeepPolicy.evictions(drawnNow, incoming: 50_000_000, budget: 1, at: frame).isEmpty)
        #expect(KeepPolicy.idleBytes(drawnNow, at: frame) == 0)
    }

    @Test func layersRetireOnceASecondAfterTwoSecondsUnseen() {
        let checkFrame = KeepPolicy.retireEveryFrames * 10
        #expect(KeepPolicy.retires(layerLastDrawn: checkFrame - KeepPolicy.retireAfterFrames - 1, at: checkFrame))
        #expect(!KeepPolicy.retires(layerLastDrawn: checkFrame - KeepPolicy.retireAfterFrames, at: checkFrame))
        #expect(!KeepPolicy.retires(layerLastDrawn: 0, at: checkFrame + 1), "only on the once-a-second frames")
    }

    @Test func aNewTextureTakesARetiredOnesPlaceWhenTheBudgetOrTheRetiredAreFull() {
        #expect(KeepPolicy.hasRoom(forAnother: 100, idleBytes: 0, retiredLayers: 0, budget: 100))
        #expect(!KeepPolicy.hasRoom(forAnother: 100, idleBytes: 1, retiredLayers: 0, budget: 100))
        #expect(
            !KeepPolicy.hasRoom(
                forAnother: 1, idleBytes: 0, retiredLayers: KeepPolicy.maximumRetiredLayers, budget: 100))
    }

    @Test func theBudgetIsTwoWindowsOfPixelsAndNeverUnderEightMegabytes() {
        #expect(KeepPolicy.byteBudget(forWindowPixels: 1280 * 800 * 4) == 1280 * 800 * 4 * 4 * 2)
        #expect(KeepPolicy.byteBudget(forWindowPixels: 100) == 8 << 20)
    }
}
