import Testing

@testable import Motion

/// The conversions between the dialects springs are handed over in, checked against values their
/// owners publish, and each one there and back again.
@Suite struct SpringDialectsTests {
    /// Origami's default spring (tension 40, friction 7) is Rebound's stiffness 230.2, damping 22;
    /// SwiftUI's `.smooth` (response 0.5, ζ 1) is stiffness (2π/0.5)² ≈ 157.91, damping ≈ 25.13.
    @Test func publishedValues() {
        let origami = SpringDialects(tension: 40, friction: 7)
        #expect(abs(origami.stiffness - 230.2) < 1e-9 && abs(origami.damping - 22) < 1e-9)
        let smooth = SpringDialects(response: 0.5, dampingRatio: 1)
        #expect(abs(smooth.stiffness - 157.913670417) < 1e-6 && abs(smooth.damping - 25.1327412287) < 1e-6)
        #expect(smooth.bounce == 0)
        // SwiftUI's bounce: 0.3 is ζ 0.7; −0.5 (overdamped) is ζ 2.
        #expect(abs(SpringDialects(swiftUIDuration: 0.5, bounce: 0.3).dampingRatio - 0.7) < 1e-12)
        #expect(abs(SpringDialects(swiftUIDuration: 0.5, bounce: -0.5).dampingRatio - 2) < 1e-12)
    }

    /// Every dialect gives back the spring it was made from, over- and under-damped alike.
    @Test(arguments: [0.2, 0.7, 1.0, 1.6])
    func everyDialectRoundTrips(dampingRatio: Double) {
        let spring = SpringDialects(duration: 0.6, dampingRatio: dampingRatio)
        let again = [
            SpringDialects(response: spring.response, dampingRatio: spring.dampingRatio),
            SpringDialects(swiftUIDuration: spring.response, bounce: spring.bounce),
            SpringDialects(stiffness: spring.stiffness, damping: spring.damping),
            SpringDialects(tension: spring.tension, friction: spring.friction),
        ]
        for other in again {
            #expect(abs(other.angularFrequency - spring.angularFrequency) < 1e-9)
            #expect(abs(other.dampingRatio - spring.dampingRatio) < 1e-9)
        }
    }
}
