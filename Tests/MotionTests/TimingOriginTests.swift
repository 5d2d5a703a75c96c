import Foundation
import Testing

@testable import Motion

/// An animation's every moment is the same number wherever the clock started: a window's clock
/// reads seconds since launch, a headless one starts near zero, and a recording made in each
/// must be the same bytes.
@MainActor
@Suite struct TimingOriginTests {
    /// A window's start, far from zero, and a headless one.
    static let origins = [3.488705465 + 0.05 + 0.065 + 0.057, 0.5]

    @Test func aSpringIsTheSameAtEveryMomentFromAnyOrigin() {
        let springs = Self.origins.map { SpringTiming(start: $0, duration: 0.6, dampingRatio: 0.7) }
        for frame in 0...40 {
            let values = zip(springs, Self.origins).map { spring, origin in
                spring.progress(at: origin + Double(frame) / 60)
            }
            #expect(values[0] == values[1], "frame \(frame): \(values[0]) against \(values[1])")
        }
    }

    @Test func aCurveIsTheSameAtEveryMomentFromAnyOrigin() {
        let curves = Self.origins.map { CurveTiming(start: $0, duration: 0.3, curve: .easeInOut) }
        for frame in 0...20 {
            let values = zip(curves, Self.origins).map { curve, origin in
                curve.progress(at: origin + Double(frame) / 60)
            }
            #expect(values[0] == values[1], "frame \(frame): \(values[0]) against \(values[1])")
        }
    }
}
