import Motion
import Scenes

extension EffectCode {
    // MARK: Kotlin

    /// A Compose sketch of the scene's gesture: `draggable` feeding an `Animatable`, the release
    /// handing its velocity to a critically damped spring over UIKit's time for the way left (the
    /// rooms' sheet: its snap spring from rest, as the app plays it).
    /// Constants go inside the effect's object; the modifier is a top-level composable after it.
    var kotlinInteraction: (constants: [String], modifier: [String]) {
        guard let interaction else { return ([], []) }
        let flick = kotlinName(interaction.flickSpeed, scene == "icons" ? "flickWidthsPerSecond" : "flickSpeed")
        let threshold = kotlinName(interaction.threshold, "threshold")
        var constants = ["", "    // Interaction: \(interactionSummary)"]
        // The inbox closes on distance alone: it declares no flick.
        constants += [scene == "inbox" ? nil : flick.declaration, threshold.declaration].compactMap {
            $0.map { "    " + $0 }
        }
        constants += kotlinSnapConstants(interaction)
        var modifier = kotlinDragModifier(interaction, flick: flick.name, threshold: threshold.name)
        if scene == "rooms", let deceleration = interaction.deceleration {
            modifier += [
                "",
                "// The row: Compose's pager moves one page per ordinary flick (PagerSnapDistance.atMost(1), the",
                "// default), as UIKit's fast rate (\(Self.number(deceleration.value))/ms) does: HorizontalPager(state).",
            ]
        }
        return (constants, modifier)
    }

    /// The constants of the release: the sheet's snap (rooms) or the interactive run's times.
    private func kotlinSnapConstants(_ interaction: SceneInteraction) -> [String] {
        var constants: [String] = []
        if scene == "rooms" {
            constants += [
                "    const val SHEET_SNAP_DAMPING_RATIO = \(Self.number(interaction.snapDampingRatio ?? 0.7))f",
                "    /** Seconds for a snap across the sheet's whole travel (a shorter way is shorter). */",
                "    const val SHEET_SNAP_SECONDS_PER_TRAVEL = \(Self.number(interaction.snapSecondsPerHeight ?? 1.4))f",
                "    const val SHEET_SNAP_SHORTEST = \(Self.number(interaction.snapShortestDuration ?? 0.2))f",
                "",
                "    /** UIKit's duration-based spring as a Compose stiffness (the model in the header). */",
                "    fun settlingStiffness(seconds: Float, dampingRatio: Float): Float {",
                "        val zeta = dampingRatio.coerceIn(0.001f, 1f).toDouble()",
                "        fun envelope(z: Double) = ln(1 / (0.001 * sqrt(1 - z * z))) / (z * seconds)",
                "        val critical = \(Self.number(SpringSolution.angularFrequency(settlingIn: 1, dampingRatio: 1))) / seconds",
                "        val omega = if (zeta <= 0.99) envelope(zeta) else envelope(0.99) + (zeta - 0.99) / 0.01 * (critical - envelope(0.99))",
                "        return (omega * omega).toFloat()",
                "    }",
            ]
        } else {
            constants += [
                "    const val INTERACTIVE_DURATION_MS = \(Int((interaction.duration * 1000).rounded()))",
                "    const val SHORTEST_COMPLETION_MS = \(Int((interaction.shortestCompletion * 1000).rounded()))",
            ]
        }
        return constants
    }

    /// The Compose modifier: its KDoc (with how to remember its state) and the `draggable`.
    /// The modifier's KDoc: what the drag does, the system gestures it meets, and how to remember
    /// its state where it is used.
    private func kotlinDragDoc(_ interaction: SceneInteraction, flick: String) -> [String] {
        let object = typeName
        // The inbox closes on distance alone: no flick to pass in.
        let usesFlickPx = scene != "icons" && scene != "inbox"
        let isSheet = scene == "rooms"
        var modifier = [
            "",
            "/**",
        ]
        if isSheet {
            modifier += [
                " * The room's sheet: the drag across its travel (`distance`, px) moves `progress` (0 at the top,",
                " * 1 at the bottom) 1:1; on release it drops past SHEET_THRESHOLD or on a flick down, else goes",
                " * back up, on the snap's spring from rest (as the seed's and the app's), over",
                " * SHEET_SNAP_SECONDS_PER_TRAVEL for the way left (at least SHEET_SNAP_SHORTEST); `onFinished`: it dropped.",
            ]
        } else {
            modifier += [
                " * \(interactionSummary.prefix(1).uppercased() + interactionSummary.dropFirst()): the drag across \(interaction.distance)",
                " * (`distance`, px) moves `progress` 1:1; on release it finishes (1) or goes back (0) on a",
                " * critically damped spring that starts at the finger's speed and settles in UIKit's time for the",
                " * way left (at least SHORTEST_COMPLETION_MS).",
            ]
        }
        if scene == "icons" || scene == "settings" {
            modifier.append(
                " * A left-edge drag meets Android's system Back gesture: "
                    + (scene == "icons"
                        ? "drive `progress` from PredictiveBackHandler instead where it applies."
                        : "exclude the edge with Modifier.systemGestureExclusion()."))
        }
        if scene == "inbox" {
            modifier.append(
                " * In a scrolling message, feed it from a NestedScrollConnection (onPostScroll at the top) instead.")
        }
        // Not a @Composable factory (Compose's lint asks modifiers to be plain): the caller
        // remembers the state and reads the density.
        modifier += [
            " *",
            " * Remember the state where the modifier is used:",
            " * ```",
            " * val scope = rememberCoroutineScope()",
            " * val state = rememberDraggableState { delta ->",
            " *     scope.launch { progress.snapTo((progress.value + delta / distance).coerceIn(0f, 1f)) }",
            " * }",
        ]
        if usesFlickPx {
            modifier.append(" * val flickPx = with(LocalDensity.current) { \(object).\(flick).dp.toPx() }")
        }
        modifier += [
            " * Modifier.\(scene)Drag(state, progress, distance\(usesFlickPx ? ", flickPx" : "")) { /* finished */ }",
            " * ```",
            " */",
        ]
        return modifier
    }

    private func kotlinDragModifier(_ interaction: SceneInteraction, flick: String, threshold: String) -> [String] {
        let orientation = scene == "settings" || scene == "icons" ? "Horizontal" : "Vertical"
        let object = typeName
        let flickValue = scene == "icons" ? "\(object).\(flick)" : "flickPx"
        let finishes =
            scene == "icons"
            ? "(progress.value > \(object).\(threshold) || velocity / distance > \(flickValue)) && velocity / distance > -\(flickValue) / 2"
            : scene == "inbox"
                ? "progress.value > \(object).\(threshold)"
                : "velocity > \(flickValue) || (progress.value > \(object).\(threshold) && velocity > -\(flickValue))"
        // The inbox closes on distance alone: no flick to pass in.
        let usesFlickPx = scene != "icons" && scene != "inbox"
        let isSheet = scene == "rooms"
        var modifier = kotlinDragDoc(interaction, flick: flick)
        modifier += [
            "fun Modifier.\(scene)Drag(",
            "    state: DraggableState,",
            "    progress: Animatable<Float, AnimationVector1D>,",
            "    distance: Float,",
        ]
        if usesFlickPx { modifier.append("    flickPx: Float,") }
        modifier += [
            "    onFinished: () -> Unit,",
            "): Modifier = draggable(",
            "    state = state,",
            "    orientation = Orientation.\(orientation),",
            "    onDragStopped = { velocity ->",
            "        val finishes = \(finishes)",
        ]
        if isSheet {
            modifier += [
                "        val target = if (finishes) 1f else 0f",
                "        val way = minOf(abs(target - progress.value), 1f)",
                "        val seconds = maxOf(way * \(object).SHEET_SNAP_SECONDS_PER_TRAVEL, \(object).SHEET_SNAP_SHORTEST)",
                "        val damping = \(object).SHEET_SNAP_DAMPING_RATIO",
                "        // From rest, as the design's sheet snaps; to carry a flick, hand animateTo the",
                "        // finger's speed in progress per second (the velocity over the distance).",
                "        progress.animateTo(",
                "            targetValue = target,",
                "            animationSpec = spring(",
                "                dampingRatio = damping, stiffness = \(object).settlingStiffness(seconds, damping),",
                "                // Progress runs 0…1: settle to half a pixel, not Float's default 0.01 of the way.",
                "                visibilityThreshold = 0.5f / maxOf(distance, 1f),",
                "            ),",
                "        )",
            ]
        } else {
            modifier += [
                "        val left = if (finishes) 1f - progress.value else progress.value",
                "        val seconds = maxOf(\(object).INTERACTIVE_DURATION_MS * left, \(object).SHORTEST_COMPLETION_MS.toFloat()) / 1000f",
                "        // A critically damped spring settles within 0.1 % in about 9.23 / ω₀ seconds.",
                "        val omega = 9.23f / seconds",
                "        progress.animateTo(",
                "            targetValue = if (finishes) 1f else 0f,",
                "            animationSpec = spring(",
                "                dampingRatio = Spring.DampingRatioNoBouncy, stiffness = omega * omega,",
                "                // Progress runs 0…1: settle to half a pixel, not Float's default 0.01 of the way.",
                "                visibilityThreshold = 0.5f / maxOf(distance, 1f),",
                "            ),",
                "            initialVelocity = velocity / maxOf(distance, 1f),",
                "        )",
            ]
        }
        modifier += [
            "        if (finishes) onFinished()",
            "    },",
            ")",
        ]
        return modifier
    }

    /// The imports the Compose interaction needs.
    var kotlinInteractionImports: [String] {
        guard interaction != nil else { return [] }
        let common = [
            "androidx.compose.animation.core.Animatable", "androidx.compose.animation.core.AnimationVector1D",
            "androidx.compose.animation.core.spring", "androidx.compose.foundation.gestures.DraggableState",
            "androidx.compose.foundation.gestures.Orientation", "androidx.compose.foundation.gestures.draggable",
            "androidx.compose.ui.Modifier",
        ]
        return common
            + (scene == "rooms"
                ? ["kotlin.math.abs", "kotlin.math.ln", "kotlin.math.sqrt"]
                : ["androidx.compose.animation.core.Spring"])
    }
}
