import Controllers
import Foundation
import Motion
import Scenes
import Testing
import Views

@testable import Harness
@testable import Tools

/// C's code: every dialect's spring, built from the numbers as exported (read back from the
/// text), follows the kit's own curve within a millionth of its distance at every frame; the
/// tuned values appear as named constants; the files are written and announced.
@MainActor
@Suite struct EffectCodeTests {
    /// The number after `name = ` (Swift `static let name: T = n`, Kotlin `const val NAME = nf`),
    /// following a constant that names another (`presentDampingRatio: CGFloat = presentDamping`).
    private func number(_ name: String, in text: String) throws -> Double {
        let alias = try NSRegularExpression(pattern: #"(?m)\b\#(name)(?::\s*\w+)?\s*=\s*([A-Za-z_][A-Za-z_0-9]*)\s*$"#)
        if let match = alias.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let other = Range(match.range(at: 1), in: text).map({ String(text[$0]) })
        {
            return try number(other, in: text)
        }
        let pattern = #"(?m)\b\#(name)(?::\s*\w+)?\s*=\s*(-?[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?)f?\s*$"#
        let expression = try NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        let match = try #require(expression.firstMatch(in: text, range: range), "\(name) in the code")
        let value = try #require(Range(match.range(at: 1), in: text).map { String(text[$0]) })
        return try #require(Double(value), "\(name) = \(value)")
    }

    private func origami(_ word: String, in text: String) throws -> Double {
        let expression = try NSRegularExpression(pattern: #"\b\#(word) (-?[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?)"#)
        let match = try #require(expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)))
        return try #require(Range(match.range(at: 1), in: text).flatMap { Double(String(text[$0])) })
    }

    @Test(arguments: [
        ("rooms", "rooms.present.damping", 0.7), ("rooms", "rooms.present.damping", 0.3),
        ("rooms", "rooms.present.damping", 1.3), ("settings", "settings.present.damping", 0.45),
        ("inbox", "inbox.expand.duration", 1.2), ("icons", "icons.zoom.scale", 15),
    ])
    func everyDialectsSpringIsTheKitsCurve(scene: String, tuned: String, value: Double) throws {
        let tuning = Tuning(parameters: SceneTuning.all)
        try tuning.set(tuned, to: value)
        let code = EffectCode(scene: scene, tuning: tuning)
        let motion = try #require(code.motions.first)
        guard case .spring(let duration, let ratio, let velocity) = motion.timing else {
            Issue.record("\(scene)'s first motion is a spring")
            return
        }
        let kit = SpringTiming(start: 0, duration: duration, dampingRatio: ratio, initialVelocity: velocity)
        let swift = code.swift
        let kotlin = code.kotlin
        let name = motion.name
        let upper = EffectCode.constantName(name, scene: "")
        let exportedVelocity = try number("\(name)InitialVelocity", in: swift)
        #expect(try number("\(upper)_INITIAL_VELOCITY", in: kotlin) == exportedVelocity)
        let dialects: [(String, SpringDialects)] = [
            (
                "UIKit duration",
                SpringDialects(
                    duration: try number("\(name)Duration", in: swift),
                    dampingRatio: try number("\(name)DampingRatio", in: swift))
            ),
            (
                "UIKit stiffness/damping",
                SpringDialects(
                    stiffness: try number("\(name)Stiffness", in: swift),
                    damping: try number("\(name)DampingCoefficient", in: swift))
            ),
            (
                "SwiftUI response",
                SpringDialects(
                    response: try number("\(name)Response", in: swift),
                    dampingRatio: try number("\(name)DampingRatio", in: swift))
            ),
            (
                "SwiftUI duration/bounce",
                SpringDialects(
                    swiftUIDuration: try number("\(name)Response", in: swift),
                    bounce: try number("\(name)Bounce", in: swift))
            ),
            (
                "Origami",
                SpringDialects(
                    tension: try origami("tension", in: swift), friction: try origami("friction", in: swift))
            ),
            (
                "Compose",
                SpringDialects(
                    stiffness: try number("\(upper)_STIFFNESS", in: kotlin),
                    damping: 2 * (try number("\(upper)_DAMPING_RATIO", in: kotlin))
                        * (try number("\(upper)_STIFFNESS", in: kotlin)).squareRoot())
            ),
        ]
        for (dialect, spring) in dialects {
            let solution = spring.solution(initialVelocity: exportedVelocity)
            var worst = 0.0
            for frame in 0...Int((duration * 60).rounded()) {
                let t = Double(frame) / 60
                worst = max(worst, abs(solution.position(at: t) - kit.solution.position(at: t)))
            }
            #expect(worst <= 1e-6, "\(scene) \(tuned) = \(value): \(dialect) is off the kit's curve by \(worst)")
        }
    }

    /// The exported gesture uses the numbers the scene plays with, tuned values by name: the
    /// threshold and the flick of the release, in Swift and in Kotlin; everything runs on the
    /// main actor; the header says what was tuned and that the spring's stiffness is a model.
    @Test(arguments: [
        ("modal", "modal.finish.threshold", 0.45, "finishThreshold", "FINISH_THRESHOLD"),
        ("rooms", "rooms.sheet.threshold", 0.35, "sheetThreshold", "SHEET_THRESHOLD"),
        ("inbox", "inbox.dismiss.fraction", 0.8, "dismissFraction", "DISMISS_FRACTION"),
    ])
    func theGestureCarriesTheTunedNumbers(
        scene: String, tuned: String, value: Double, swiftName: String, kotlinName: String
    ) throws {
        let tuning = Tuning(parameters: SceneTuning.all)
        try tuning.set(tuned, to: value)
        let code = EffectCode(scene: scene, tuning: tuning)
        let type = code.typeName
        #expect(try number(swiftName, in: code.swift) == value)
        #expect(try number(kotlinName, in: code.kotlin) == value)
        #expect(code.swift.contains("\(type).\(swiftName)"), "the Swift handler reads \(swiftName)")
        #expect(code.kotlin.contains("> \(type).\(kotlinName)"), "the Compose sketch reads \(kotlinName)")
        #expect(code.swift.contains("@MainActor\nenum \(type)"))
        let line = try #require(code.swift.split(separator: "\n").first { $0.contains("Tuned in the app:") })
        #expect(line.contains("\(tuned) "), "the header names what was tuned: \(line)")
    }

    /// The inbox closes on distance alone: its code declares no flick (it declared a flick speed
    /// of 0 that nothing read, and Compose took a `flickPx` it never used).
    @Test func theInboxDeclaresNoFlickItDoesNotUse() {
        let code = EffectCode(scene: "inbox", tuning: Tuning(parameters: SceneTuning.all))
        #expect(!code.swift.contains("flickSpeed"))
        #expect(!code.kotlin.contains("FLICK_SPEED") && !code.kotlin.contains("flickPx"))
        #expect(code.kotlin.contains("fun Modifier.inboxDrag("))
    }

    /// A tuned slop is listed as tuned, and the header no longer calls the 10 pt slop UIKit's.
    @Test func aTunedSlopIsNotCalledUIKits() throws {
        let tuning = Tuning(parameters: SceneTuning.all + KitTuning.all)
        try tuning.set("gesture.slop", to: 4)
        let header = EffectCode(scene: "modal", tuning: tuning).swift.split(separator: "\n").prefix(12)
            .joined(separator: "\n")
        #expect(header.contains("Tuned in the app: gesture.slop 10.0 → 4.0."))
        #expect(!header.contains("10 pt slop"), "\(header)")
    }

    /// The card's release hands the finger's speed to the finishing spring (it was a plain
    /// ease-in-out), in UIKit, SwiftUI and Compose; the modal's flick is its tuned speed.
    @Test func theModalsReleaseCarriesTheFingersVelocity() throws {
        let tuning = Tuning(parameters: SceneTuning.all)
        try tuning.set("modal.flick.velocity", to: 1500)
        let code = EffectCode(scene: "modal", tuning: tuning)
        #expect(try number("flickVelocity", in: code.swift) == 1500)
        #expect(code.swift.hasPrefix("// Teardowns: Drag to Dismiss (modal), with the values tuned in the app."))
        #expect(code.swift.contains("UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector("))
        // SwiftUI's `duration:` is perceptual, not a settling time (an iOS reviewer's finding): the
        // critical spring that settles in `duration` is given by its response.
        #expect(code.swift.contains("interpolatingSpring(settling, initialVelocity:"))
        let omega = EffectCode.number(SpringSolution.angularFrequency(settlingIn: 1, dampingRatio: 1))
        #expect(code.swift.contains("Spring(response: 2 * .pi * duration / \(omega), dampingRatio: 1)"))
        #expect(!code.swift.contains("interpolatingSpring(duration:"))
        #expect(code.kotlin.contains("initialVelocity = velocity / maxOf(distance, 1f)"))
        // Progress 0…1 settles to half a pixel (Float's default threshold is 1 % of the way).
        #expect(code.kotlin.contains("visibilityThreshold = 0.5f / maxOf(distance, 1f)"))
        #expect(
            try number("shortestCompletion", in: code.swift) == PercentDrivenInteractiveTransition.shortestCompletion)
    }

    /// The Compose file sits in a package, and its drag is a plain modifier: Compose's lint flags
    /// a @Composable modifier factory (the caller remembers the state and reads the density).
    @Test(arguments: ["rooms", "modal", "icons", "inbox", "settings"])
    func theComposeDragIsAPlainModifierInAPackage(scene: String) {
        let code = EffectCode(scene: scene, tuning: Tuning(parameters: SceneTuning.all))
        #expect(code.kotlin.contains("\npackage "), "\(scene): no package line")
        #expect(!code.kotlin.contains("@Composable"), "\(scene): a @Composable modifier factory")
        #expect(code.kotlin.contains("fun Modifier.\(scene)Drag(\n    state: DraggableState,"))
    }

    /// The rooms' sheet snaps the same way in Swift and in Kotlin, as the app does: from rest, on
    /// the snap's damping ratio, over its time per travel (Compose handed it the finger's speed on
    /// a critically damped spring, a different motion).
    @Test func theRoomsSheetSnapsAlikeInSwiftAndKotlin() throws {
        let code = EffectCode(scene: "rooms", tuning: Tuning(parameters: SceneTuning.all))
        #expect(
            try number("sheetSnapDampingRatio", in: code.swift) == number("SHEET_SNAP_DAMPING_RATIO", in: code.kotlin))
        #expect(
            try number("sheetSnapSecondsPerTravel", in: code.swift)
                == number("SHEET_SNAP_SECONDS_PER_TRAVEL", in: code.kotlin))
        #expect(code.swift.contains("initialSpringVelocity: 0"))
        #expect(!code.kotlin.contains("initialVelocity = velocity"))
        #expect(code.kotlin.contains("stiffness = RoomsEffect.settlingStiffness(seconds, damping)"))
        // Nothing tuned: the header says so rather than "the values tuned in the app".
        #expect(code.swift.hasPrefix("// Teardowns: Sliding Panels (rooms), with the design's own values."))
    }

    /// Scroll constants are UIKit's own type; the spring scenes say their stiffness is a model.
    @Test func scrollRatesAreUIKitsTypeAndTheSpringModelIsSaidToBeOne() throws {
        let code = EffectCode(scene: "rooms", tuning: Tuning(parameters: SceneTuning.all))
        #expect(code.swift.contains("static let pagingDeceleration = UIScrollView.DecelerationRate(rawValue: 0.99)"))
        #expect(code.swift.contains("static let scrollDeceleration = UIScrollView.DecelerationRate(rawValue: 0.998)"))
        #expect(code.swift.contains("static let rowDecelerationRate = pagingDeceleration"))
        #expect(code.swift.contains("A model, not Apple's published numbers"))
        #expect(code.kotlin.contains("A model, not Apple's published numbers"))
    }

    /// The kit's constants are said to be UIKit's, not the tutorial's; times are TimeInterval; every
    /// doc comment inside the effect's type is indented with it (wrapped lines started at column 0).
    @Test(arguments: SceneID.allCases.filter { $0 != .gallery })
    func theCodeReadsAsAnEngineerWouldWriteIt(scene: SceneID) throws {
        let code = EffectCode(scene: scene.rawValue, tuning: Tuning(parameters: SceneTuning.all))
        let lines = code.swift.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("enum ") && $0.hasSuffix("Effect {") })
        let end = try #require(lines.lastIndex { $0 == "}" })
        for line in lines[(start + 1)..<end] where !line.isEmpty {
            #expect(line.hasPrefix("    "), "\(scene.rawValue): \(line)")
        }
        #expect(!code.swift.contains(": CGFloat = 0.6\n"), "a duration as CGFloat")
        let header = code.swift.prefix(while: { $0 != "@" })
        #expect(!header.contains("tutorial's own numbers): scroll.") && !header.contains(", scroll.deceleration"))
        #expect(header.contains("UIKit's: "))
    }

    /// Every scene's Swift is well-formed Swift (parsed by the toolchain's `swiftc -parse`; UIKit
    /// and SwiftUI are not on Linux to type-check against).
    @Test func everyScenesSwiftParses() throws {
        guard let swiftc = RecordingEncoding.findExecutable("swiftc") else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("effect-code-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for scene in SceneID.allCases where scene != .gallery {
            let file = folder.appendingPathComponent("\(scene.rawValue).swift")
            try Data(EffectCode(scene: scene.rawValue, tuning: Tuning(parameters: SceneTuning.all)).swift.utf8).write(
                to: file)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: swiftc)
            process.arguments = ["-parse", file.path]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(scene.rawValue): \(output)")
        }
    }

    /// Each tuned value is a named constant, no name is declared twice, and the seeds' API is used.
    @Test func theTunedValuesAreNamedConstantsDeclaredOnce() throws {
        let tuning = Tuning(parameters: SceneTuning.all)
        try tuning.set("rooms.sheet.threshold", to: 0.35)
        for scene in ["rooms", "icons", "modal", "inbox", "settings"] {
            let code = EffectCode(scene: scene, tuning: tuning)
            let swiftNames = code.swift.split(separator: "\n").compactMap { line -> String? in
                line.trimmingCharacters(in: .whitespaces).hasPrefix("static ")
                    ? line.split(separator: " ").dropFirst(2).first.map { String($0.prefix { $0.isLetter }) } : nil
            }
            #expect(Set(swiftNames).count == swiftNames.count, "\(scene): \(swiftNames)")
            let kotlinNames = code.kotlin.split(separator: "\n").compactMap { line -> String? in
                line.contains("const val ")
                    ? line.split(separator: " ").first { $0.first?.isUppercase == true }.map(String.init) : nil
            }
            #expect(Set(kotlinNames).count == kotlinNames.count, "\(scene): \(kotlinNames)")
        }
        let rooms = EffectCode(scene: "rooms", tuning: tuning)
        #expect(try number("sheetThreshold", in: rooms.swift) == 0.35)
        #expect(try number("SHEET_THRESHOLD", in: rooms.kotlin) == 0.35)
        #expect(rooms.swift.contains("usingSpringWithDamping: presentDampingRatio"))
        #expect(rooms.swift.contains("static let presentDampingRatio: CGFloat = presentDamping"), "one knob, not two")
        #expect(rooms.swift.contains("UISpringTimingParameters("))
        #expect(rooms.swift.contains("Spring(response: presentResponse, dampingRatio: presentDampingRatio)"))
        #expect(rooms.kotlin.contains("spring(dampingRatio = PRESENT_DAMPING_RATIO, stiffness = PRESENT_STIFFNESS)"))
        let modal = EffectCode(scene: "modal", tuning: tuning)
        #expect(modal.swift.contains("options: [.curveEaseInOut]"))
        #expect(
            modal.kotlin.contains("easing = CubicBezierEasing(0.42f, 0f, 0.58f, 1f)"), "UIKit's ease-in-out exactly")
    }

    /// C writes the Swift and the Kotlin beside the captures and says so in the window.
    @Test func cWritesTheCodeAndToastsIt() throws {
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.1,"type":"tune","name":"rooms.present.damping","value":0.4},{"at":0.2,"type":"key","key":"c"},"#
                + #"{"at":0.3,"type":"dump","file":"\#(app.path("d.json"))"}]}"#)
        let folder = app.path("captures")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.count == 2 && files.allSatisfy { $0.hasPrefix("teardowns-rooms-") })
        let swift = try String(
            contentsOfFile: folder + "/" + (files.first { $0.hasSuffix("-code.swift") } ?? ""), encoding: .utf8)
        #expect(try number("presentDampingRatio", in: swift) == 0.4)
        #expect(files.contains { $0.hasSuffix("-code.kt") })
        let toast = HeadlessApp.view("lab.toast", in: try app.readDump("d.json"))?["text"] as? String ?? ""
        #expect(toast.hasPrefix("Code saved: teardowns-rooms-") && toast.contains("-code.kt"), "\(toast)")
    }
}
