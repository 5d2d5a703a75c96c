import Testing

@testable import Rendering

/// The one rule every kept texture is fitted by.
@Suite struct TextureFitTests {
    @Test func aTextureHoldsContentUpToHalfAgainPlusAStep() {
        #expect(TextureFit.isSnug(texture: (448, 896), for: (390, 844)))
        // A screen shrinking to 0.8 behind a zoom keeps its texture.
        #expect(TextureFit.isSnug(texture: (448, 896), for: (312, 675)))
        // A label does not take a panel's texture.
        #expect(!TextureFit.isSnug(texture: (448, 896), for: (120, 40)))
        // Nor does content larger than the texture fit.
        #expect(!TextureFit.isSnug(texture: (448, 896), for: (449, 20)))
        #expect(!TextureFit.isSnug(texture: (448, 896), for: (100, 897)))
    }

    @Test func texturesAreMadeInWholeStepsAndGrowByHalf() {
        #expect(TextureFit.size(for: (390, 844)) == (448, 896))
        #expect(TextureFit.size(for: (64, 1)) == (64, 64))
        #expect(TextureFit.size(for: (400, 100), growing: true) == (640, 192))
        #expect(TextureFit.size(for: (20_000, 10)) == (8192, 64))
    }

    @Test func aTextureMadeForContentHoldsItSnugly() {
        for width in stride(from: Int32(1), through: 3000, by: 37) {
            for height in stride(from: Int32(1), through: 3000, by: 53) {
                let made = TextureFit.size(for: (width, height))
                #expect(TextureFit.isSnug(texture: made, for: (width, height)), "\(width)×\(height) in \(made)")
            }
        }
    }

    @Test func scratchTakesAnyTextureThatHoldsIt() {
        // A group's target is given back within the frame: any idle one that holds it serves.
        #expect(TextureFit.holds(texture: (448, 896), content: (120, 40)))
        #expect(!TextureFit.holds(texture: (448, 896), content: (449, 40)))
    }
}
