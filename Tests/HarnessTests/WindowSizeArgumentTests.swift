import Graphics
import Testing

@testable import Harness
@testable import Tools

/// `WxH` as the app, the monkey and the bench read it: the same text accepted, the same limits,
/// the same sentence when it is wrong.
@Suite struct WindowSizeArgumentTests {
    @Test func readsWidthByHeightInEitherCaseAndWithFractions() throws {
        #expect(try InputLimits.windowSize("390x844", flag: "--size") == Size(width: 390, height: 844))
        #expect(try InputLimits.windowSize("1280X800", flag: "--size") == Size(width: 1280, height: 800))
        #expect(try InputLimits.windowSize("400.5x700", flag: "--size") == Size(width: 400.5, height: 700))
    }

    @Test(arguments: ["390xx844", "x844", "390x", "390", "axb", "100x844", "390x9000", "390x844x2", ""])
    func refusesWhatIsNotAWindowItCanOpenNamingTheFlagAndTheText(text: String) {
        #expect {
            _ = try InputLimits.windowSize(text, flag: "--sizes")
        } throws: { error in
            let message = (error as? WindowSizeError)?.description ?? ""
            return message.hasPrefix("--sizes must be") && message.hasSuffix("not '\(text)'.")
        }
    }

    @Test func writesASizeBackInTheFormItIsRead() throws {
        #expect(InputLimits.windowSizeText(Size(width: 390, height: 844)) == "390x844")
        let fractional = Size(width: 400.5, height: 700)
        #expect(try InputLimits.windowSize(InputLimits.windowSizeText(fractional), flag: "--size") == fractional)
    }
}
