import Foundation
import Graphics
import Motion
import Scenes

/// A scene's effect as code to hand to an engineer, every tuned value in place: Swift for UIKit
/// (the seeds' own `UIView.animate(withDuration:…usingSpringWithDamping:…)` and an interruptible
/// `UIViewPropertyAnimator` with `UISpringTimingParameters`) and SwiftUI, and Kotlin for Jetpack
/// Compose — with the thresholds, scales and delays as named constants. The springs are converted
/// between dialects by `SpringDialects` (docs there); derived numbers carry nine significant
/// digits, so each dialect's spring follows the kit's curve within a millionth of its distance.
package struct EffectCode {
    let scene: String
    let parameters: [(parameter: TuningParameter, value: Double)]
    package let motions: [SceneMotion]
    /// The scene's gesture with the same values (nil for the gallery).
    let interaction: SceneInteraction?
    /// The scene's Reduce Motion variant (nil for the gallery).
    let reducedMotion: ReducedMotion?

    @MainActor
    package init(scene: String, tuning: Tuning) {
        self.scene = scene
        parameters = LiveTuning.parameters(forScene: scene, in: tuning).map { ($0, tuning[$0]) }
        motions = SceneTuning.motions(scene: scene, tuning: tuning)
        interaction = SceneInteraction.of(scene: scene, tuning: tuning)
        reducedMotion = ReducedMotion.of(scene: scene)
    }

    /// The type the code is wrapped in ("RoomsEffect").
    package var typeName: String { (scene.prefix(1).uppercased() + scene.dropFirst()) + "Effect" }

    private var title: String {
        let name = SceneID(rawValue: scene).map { "\($0.title) (\(scene))" } ?? scene
        let isTuned = parameters.contains { $0.value != $0.parameter.defaultValue }
        return "Teardowns: \(name), "
            + (isTuned ? "with the values tuned in the app." : "with the design's own values.")
    }

    // MARK: Swift

    package var swift: String {
        var lines = ["// \(title)"]
        if hasSpring {
            lines += [
                "// Springs: mass 1. UIKit's initialSpringVelocity and SwiftUI's interpolatingSpring take the",
                "// velocity relative to the distance (1 = the whole distance in one second); Compose takes the",
                "// value's own units per second.",
            ]
        }
        lines += provenance.map { "// " + $0 }
        lines += [
            "import SwiftUI",
            "import UIKit",
            "",
            "/// UIKit and SwiftUI run on the main actor: so does all of this (Swift 6 language mode).",
            "@MainActor",
            "enum \(typeName) {",
        ]
        if !parameters.isEmpty {
            lines.append("    // MARK: Tunable constants (their values now; the block above says which were tuned)")
            for (parameter, value) in parameters {
                lines.append("    /// \(parameter.summary)\(parameter.unit.isEmpty ? "" : " (\(parameter.unit))")")
                let name = Self.camelName(parameter.name, scene: scene)
                // A scroll view's rate is UIKit's own type, ready for `decelerationRate`.
                // Times are TimeInterval, as UIKit's durations and delays take them.
                let type = parameter.unit == "s" ? "TimeInterval" : "CGFloat"
                lines.append(
                    parameter.name.hasSuffix("deceleration")
                        ? "    static let \(name) = UIScrollView.DecelerationRate(rawValue: \(Self.number(value)))"
                        : "    static let \(name): \(type) = \(Self.number(value))")
            }
        }
        for motion in motions {
            lines.append("")
            lines.append("    // MARK: \(motion.name): \(motion.summary)")
            // A motion's duration may be a tuned constant already ("presentDuration"): said once.
            let tunedNames = Set(parameters.map { Self.camelName($0.parameter.name, scene: scene) })
            lines += swift(for: motion).filter { line in
                !tunedNames.contains { line.hasPrefix("static let \($0):") }
            }.map { $0.isEmpty ? "" : "    " + $0 }
        }
        lines += swiftInteraction.map { $0.isEmpty ? "" : "    " + $0 }
        lines += swiftReduceMotion.map { $0.isEmpty ? "" : "    " + $0 }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func swift(for motion: SceneMotion) -> [String] {
        let name = motion.name
        switch motion.timing {
        case .spring(let duration, let dampingRatio, let velocity):
            let spring = SpringDialects(duration: duration, dampingRatio: dampingRatio)
            return [
                "static let \(name)Duration: TimeInterval = \(value(duration, of: motion, "duration"))",
                "static let \(name)DampingRatio: CGFloat = \(value(dampingRatio, of: motion, "dampingRatio"))",
                "static let \(name)InitialVelocity: CGFloat = \(value(velocity, of: motion, "initialVelocity"))",
                "/// The same spring as stiffness and damping coefficient (mass 1), response and bounce; Origami: tension "
                    + "\(Self.number(spring.tension)), friction \(Self.number(spring.friction)).",
                "static let \(name)Stiffness: CGFloat = \(Self.number(spring.stiffness))",
                "static let \(name)DampingCoefficient: CGFloat = \(Self.number(spring.damping))",
                "static let \(name)Response: Double = \(Self.number(spring.response))",
                "static let \(name)Bounce: Double = \(Self.number(spring.bounce))",
                "",
                "/// UIKit, as the seed animates it.",
                "static func \(name)(_ changes: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {",
                "    UIView.animate(",
                "        withDuration: \(name)Duration, delay: 0, usingSpringWithDamping: \(name)DampingRatio,",
                "        initialSpringVelocity: \(name)InitialVelocity, options: [.allowUserInteraction],",
                "        animations: changes, completion: completion)",
                "}",
                "",
                "/// UIKit, interruptible and scrubbable: the same spring as physical parameters (given",
                "/// mass, stiffness and damping, UIKit settles on the spring's own schedule, not the animator's duration).",
                "static func \(name)Animator(_ changes: @escaping () -> Void) -> UIViewPropertyAnimator {",
                "    let velocity = CGVector(dx: \(name)InitialVelocity, dy: \(name)InitialVelocity)",
                "    let spring = UISpringTimingParameters(",
                "        mass: 1, stiffness: \(name)Stiffness, damping: \(name)DampingCoefficient, initialVelocity: velocity)",
                "    let animator = UIViewPropertyAnimator(duration: \(name)Duration, timingParameters: spring)",
                "    animator.addAnimations(changes)",
                "    return animator",
                "}",
                "",
                "/// SwiftUI (iOS 17): `withAnimation(\(typeName).\(name)Animation) { … }`.",
                "@available(iOS 17.0, macOS 14.0, *)",
                "static let \(name)Animation = Animation.interpolatingSpring(",
                "    Spring(response: \(name)Response, dampingRatio: \(name)DampingRatio), initialVelocity: \(name)InitialVelocity)",
                "/// SwiftUI before iOS 17: the same spring.",
                "static let \(name)AnimationBefore17 = Animation.spring(response: \(name)Response, dampingFraction: \(name)DampingRatio)",
                "// The same: Animation.spring(duration: \(name)Response, bounce: \(name)Bounce); with the initial velocity",
                "// (relative to the distance, as UIKit's): Animation.interpolatingSpring(mass: 1, stiffness: \(name)Stiffness,",
                "// damping: \(name)DampingCoefficient, initialVelocity: \(name)InitialVelocity)",
            ]
        case .curve(let duration, let delay, let curve):
            let swiftUI =
                switch curve {
                case "linear": "linear"
                case "easeIn": "easeIn"
                case "easeOut": "easeOut"
                default: "easeInOut"
                }
            let option = "curve" + curve.prefix(1).uppercased() + curve.dropFirst()
            return [
                "static let \(name)Duration: TimeInterval = \(Self.number(duration))",
                "static let \(name)Delay: TimeInterval = \(Self.number(delay))",
                "",
                "/// UIKit.",
                "static func \(name)(_ changes: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {",
                "    UIView.animate(",
                "        withDuration: \(name)Duration, delay: \(name)Delay, options: [.\(option)],",
                "        animations: changes, completion: completion)",
                "}",
                "",
                "/// SwiftUI.",
                "static let \(name)Animation = Animation.\(swiftUI)(duration: \(name)Duration).delay(\(name)Delay)",
            ]
        }
    }

    // MARK: Kotlin (Jetpack Compose)

    package var kotlin: String {
        var lines = ["// \(title)"]
        if hasSpring {
            lines += [
                "// Springs: mass 1. Compose takes the initial velocity in the value's own units per second:",
                "// multiply the *_INITIAL_VELOCITY constants (distances per second) by the distance animated.",
            ]
        }
        lines += provenance.map { "// " + $0 }
        // A package of the reader's own: Kotlin files live in one (rename it to yours).
        lines += ["", "package com.example.teardowns", ""]
        lines += Set(kotlinImports.map { "androidx.compose.animation.core.\($0)" } + kotlinInteractionImports).sorted()
            .map { "import " + $0 }
        lines += ["", "object \(typeName) {"]
        for (parameter, value) in parameters {
            lines.append("    /** \(parameter.summary)\(parameter.unit.isEmpty ? "" : " (\(parameter.unit))") */")
            lines.append("    const val \(Self.constantName(parameter.name, scene: scene)) = \(Self.number(value))f")
        }
        for motion in motions {
            let name = Self.constantName(motion.name, scene: "")
            let function = motion.name
            lines.append("")
            lines.append("    // \(motion.name): \(motion.summary)")
            switch motion.timing {
            case .spring(let duration, let dampingRatio, let velocity):
                let spring = SpringDialects(duration: duration, dampingRatio: dampingRatio)
                lines += [
                    "    const val \(name)_DAMPING_RATIO = \(kotlinValue(dampingRatio, of: motion, "dampingRatio"))",
                    "    const val \(name)_STIFFNESS = \(Self.number(spring.stiffness))f",
                    "    /** Distances per second: pass `\(name)_INITIAL_VELOCITY * distance` to animateTo. */",
                    "    const val \(name)_INITIAL_VELOCITY = \(kotlinValue(velocity, of: motion, "initialVelocity"))",
                    "    /** Settles by \(Self.number(duration)) s, as UIKit's duration-based spring it comes from. */",
                    "    fun <T> \(function)Spec(): SpringSpec<T> =",
                    "        spring(dampingRatio = \(name)_DAMPING_RATIO, stiffness = \(name)_STIFFNESS)",
                ]
            case .curve(let duration, let delay, let curve):
                let easing = Self.composeEasing(curve)
                lines += [
                    "    const val \(name)_DURATION_MS = \(Int((duration * 1000).rounded()))",
                    "    const val \(name)_DELAY_MS = \(Int((delay * 1000).rounded()))",
                    "    fun <T> \(function)Spec(): TweenSpec<T> =",
                    "        tween(durationMillis = \(name)_DURATION_MS, delayMillis = \(name)_DELAY_MS, easing = \(easing))",
                ]
            }
        }
        lines += kotlinReduceMotion
        let interaction = kotlinInteraction
        lines += interaction.constants
        lines.append("}")
        lines += interaction.modifier
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether any of the scene's motions is a spring (the headers explain springs only then).
    private var hasSpring: Bool {
        motions.contains { if case .spring = $0.timing { true } else { false } }
    }

    /// What the Compose code uses, sorted as imports are.
    private var kotlinImports: [String] {
        var names: Set<String> = []
        for motion in motions {
            switch motion.timing {
            case .spring: names.formUnion(["SpringSpec", "spring"])
            case .curve(_, _, let curve):
                names.formUnion(["TweenSpec", "tween", curve == "linear" ? "LinearEasing" : "CubicBezierEasing"])
            }
        }
        if let reduced = reducedMotion {
            names.formUnion(["TweenSpec", "tween", reduced.curve == "linear" ? "LinearEasing" : "CubicBezierEasing"])
        }
        return names.sorted()
    }

    /// UIKit's curves exactly, as Compose cubic Béziers (its own FastOutSlowIn is another curve).
    static func composeEasing(_ curve: String) -> String {
        switch curve {
        case "linear": "LinearEasing"
        case "easeIn": "CubicBezierEasing(0.42f, 0f, 1f, 1f)"
        case "easeOut": "CubicBezierEasing(0f, 0f, 0.58f, 1f)"
        default: "CubicBezierEasing(0.42f, 0f, 0.58f, 1f)"
        }
    }

    /// A motion's number in Swift: the tuned constant that gives it, or the number itself.
    private func value(_ number: Double, of motion: SceneMotion, _ key: String) -> String {
        motion.tunedBy[key].map { Self.camelName($0, scene: scene) } ?? Self.number(number)
    }

    /// The same in Kotlin.
    private func kotlinValue(_ number: Double, of motion: SceneMotion, _ key: String) -> String {
        motion.tunedBy[key].map { Self.constantName($0, scene: scene) } ?? Self.number(number) + "f"
    }

    // MARK: Names and numbers

    /// "rooms.present.duration" → "presentDuration"; the kit's "scroll.deceleration" keeps its
    /// prefix: "scrollDeceleration".
    static func camelName(_ name: String, scene: String) -> String {
        var parts = name.split(separator: ".").map(String.init)
        if parts.first == scene, parts.count > 1 { parts.removeFirst() }
        return parts.enumerated().map { index, part in
            index == 0 ? part : part.prefix(1).uppercased() + part.dropFirst()
        }.joined()
    }

    /// "rooms.present.duration" → "PRESENT_DURATION"; "chromeFade" → "CHROME_FADE".
    package static func constantName(_ name: String, scene: String) -> String {
        camelName(name, scene: scene).reduce(into: "") { text, character in
            if character.isUppercase, !text.isEmpty { text.append("_") }
            text.append(contentsOf: character.uppercased())
        }
    }

    /// Nine significant digits, no trailing zeros: as exact as a spring needs, short as a slider's
    /// value when that is what it is.
    static func number(_ value: Double) -> String {
        var text = String(format: "%.9g", value)
        if text.contains("e") { return text }
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text.contains(".") ? text : text + ".0"
    }
}

/// `--export-code DIR`: each scene's effect as code with the values of a tuning file, for scripts.
public enum CodeExport {
    /// Writes `teardowns-<scene>-code.swift` and `.kt` for each of `scenes` into `folder`; the
    /// paths written, and the first problem (naming the file and why) if any.
    @MainActor
    public static func write(scenes: [String], tuning data: Data?, into folder: String) -> (
        written: [String], problem: String?
    ) {
        let tuning = Tuning(parameters: SceneTuning.all)
        if let data {
            do {
                try TuningFile.load(data, into: tuning)
            } catch {
                return ([], "The tuning file is not valid: \(error.message).")
            }
        }
        var problem: String?
        let diagnostics = Diagnostics { line in problem = problem ?? line }
        var written: [String] = []
        for scene in scenes {
            let code = EffectCode(scene: scene, tuning: tuning)
            let stem = (folder as NSString).appendingPathComponent("teardowns-\(scene)-code")
            for (text, path) in [(code.swift, stem + ".swift"), (code.kotlin, stem + ".kt")] {
                guard
                    CaptureStore.write(
                        Data(text.utf8), to: path, what: "code",
                        remedy: "Choose another folder with --export-code DIR.",
                        diagnostics: diagnostics)
                else { return (written, problem) }
                written.append(path)
            }
        }
        return (written, nil)
    }
}
