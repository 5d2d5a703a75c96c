import Scenes

/// The scene's Reduce Motion branch as code: how each platform reads the setting, and the
/// variant's fade with its timing (`ReducedMotion`, the numbers the app plays).
extension EffectCode {
    /// UIKit and SwiftUI, inside the effect's enum.
    var swiftReduceMotion: [String] {
        guard let reduced = reducedMotion else { return [] }
        let options = "curve" + reduced.curve.prefix(1).uppercased() + reduced.curve.dropFirst()
        return [
            "",
            "// MARK: Reduce Motion: \(reduced.summary)",
            "/// iOS's Settings › Accessibility › Motion › Reduce Motion. Read it as each transition starts",
            "/// (`UIAccessibility.reduceMotionStatusDidChangeNotification` says when it changes), and then",
            "/// animate opacity only, in place of \(reduced.replaces.joined(separator: ", ")).",
            "static var reducesMotion: Bool { UIAccessibility.isReduceMotionEnabled }",
            "static let reducedMotionDuration: TimeInterval = \(Self.number(reduced.duration))",
            "/// UIKit: the incoming view's alpha 0 → 1 (the outgoing's 1 → 0), each where it rests.",
            "static func crossFade(_ changes: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {",
            "    UIView.animate(",
            "        withDuration: reducedMotionDuration, delay: 0, options: [.\(options)], animations: changes,",
            "        completion: completion)",
            "}",
            "/// SwiftUI: `@Environment(\\.accessibilityReduceMotion) var reduceMotion`, then",
            "/// `withAnimation(\(typeName).animation(reduceMotion, else: \(typeName).\(primaryName)Animation)) { … }`,",
            "/// changing opacity only when it is on.",
            "static func animation(_ reduceMotion: Bool, else full: Animation) -> Animation {",
            "    reduceMotion ? .\(reduced.curve)(duration: reducedMotionDuration) : full",
            "}",
        ]
    }

    /// Compose, inside the effect's object.
    var kotlinReduceMotion: [String] {
        guard let reduced = reducedMotion else { return [] }
        return [
            "",
            "    // Reduce Motion: \(reduced.summary)",
            "    /** Android has no Reduce Motion of its own; its nearest is the animator duration scale",
            "     *  (Settings.Global.getFloat(contentResolver, Settings.Global.ANIMATOR_DURATION_SCALE, 1f)):",
            "     *  at 0 (\"Remove animations\") every animation, this fade too, is already instant; turned down",
            "     *  (below 1f), use this fade (opacity only) in place of \(reduced.replaces.joined(separator: ", ")). */",
            "    const val REDUCED_MOTION_DURATION_MS = \(Int((reduced.duration * 1000).rounded()))",
            "    fun <T> reducedMotionSpec(): TweenSpec<T> =",
            "        tween(durationMillis = REDUCED_MOTION_DURATION_MS, easing = \(Self.composeEasing(reduced.curve)))",
        ]
    }

    /// The name of the scene's first motion (its main transition), as the Swift names it.
    private var primaryName: String { motions.first.map { Self.camelName($0.name, scene: "") } ?? "present" }
}
