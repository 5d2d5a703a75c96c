import Controllers
import Foundation
import Motion
import Scenes
import Testing

@testable import Tools

/// C exports each scene's Reduce Motion branch with the numbers the app plays: how UIKit, SwiftUI
/// and Compose read the setting, and the cross-fade's duration and curve (the kit's
/// `CrossFadeAnimator`), in place of motions the scene really has.
@MainActor
@Suite struct ReduceMotionCodeTests {
    @Test(arguments: SceneID.effects)
    func eachScenesCodeCarriesItsReduceMotionBranch(scene: SceneID) throws {
        let tuning = Tuning(parameters: SceneTuning.all)
        let code = EffectCode(scene: scene.rawValue, tuning: tuning)
        let reduced = try #require(ReducedMotion.of(scene: scene.rawValue))
        // The fade the app plays.
        #expect(reduced.duration == CrossFadeAnimator.duration && CrossFadeAnimator.curve == .easeInOut)
        let swift = code.swift
        #expect(swift.contains("static var reducesMotion: Bool { UIAccessibility.isReduceMotionEnabled }"))
        #expect(
            swift.contains("static let reducedMotionDuration: TimeInterval = \(EffectCode.number(reduced.duration))"))
        #expect(swift.contains("options: [.curveEaseInOut]"))
        #expect(
            swift.contains("accessibilityReduceMotion") && swift.contains(".easeInOut(duration: reducedMotionDuration)")
        )
        let kotlin = code.kotlin
        #expect(kotlin.contains("ANIMATOR_DURATION_SCALE"))
        #expect(kotlin.contains("const val REDUCED_MOTION_DURATION_MS = \(Int((reduced.duration * 1000).rounded()))"))
        #expect(kotlin.contains("easing = CubicBezierEasing(0.42f, 0f, 0.58f, 1f)"))
        // What it replaces are motions the scene declares (and so exports).
        let names = SceneTuning.motionSpecs(scene: scene.rawValue).map(\.name)
        for name in reduced.replaces { #expect(names.contains(name), "\(scene): \(name) is not one of \(names)") }
        // The SwiftUI helper picks the scene's own main animation otherwise.
        let primary = try #require(code.motions.first?.name)
        #expect(swift.contains("else: \(code.typeName).\(primary)Animation"))
    }
}
