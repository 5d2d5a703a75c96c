import Motion
import Scenes

extension EffectCode {
    // MARK: Kotlin

    /// A Compose sketch of the scene's gesture: `draggable` feeding an `Animatable`, the release
    /// handing its velocity to a critically damped spring over UIKit's time for the way left.
    /// Constants go inside the effect's object; the modifier is a top-level composable after it.
    var kotlinInteraction: (constants: [String], modifier: [String]) {
        guard let interaction else { return ([], []) }
        let flick = kotlinName(interaction.flickSpeed, scene == "icons" ? "flickWidthsPerSecond" : "flickSpeed")
        let threshold = kotlinName(interaction.threshold, "threshold")
        var constants = ["", "    // Interaction: \(interactionSummary)"]
        constants += [flick.declaration, threshold.declaration].compactMap { $0.map { "    " + $0 } }
        constants += [
            "    const val INTERACTIVE_DURATION_MS = \(Int((interaction.duration * 1000).rounded()))",
            "    const val SHORTEST_COMPLETION_MS = \(Int((interaction.shortestCompletion * 1000).rounded()))",
        ]
        let orientation = scene == "settings" || scene == "icons" ? "Horizontal" : "Vertical"
        let object = typeName
        let flickValue = scene == "icons" ? "\(object).\(flick.name)" : "flickPx"
        let finishes =
            scene == "icons"
            ? "(progress.value > \(object).\(threshold.name) || velocity / distance > \(flickValue)) && velocity / distance > -\(flickValue) / 2"
            : scene == "inbox"
                ? "progress.value > \(object).\(threshold.name)"
                : "velocity > \(flickValue) || (progress.value > \(object).\(threshold.name) && velocity > -\(flickValue))"
        var modifier = [
            "",
            "/**",
            " * \(interactionSummary.prefix(1).uppercased() + interactionSummary.dropFirst()): the drag across \(interaction.distance)",
            " * (`distance`, px) moves `progress` 1:1; on release it finishes (1) or goes back (0) on a",
            " * critically damped spring that starts at the finger's speed and settles in UIKit's time for the",
            " * way left (at least SHORTEST_COMPLETION_MS).",
        ]
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
        modifier += [
            " */",
            "@Composable",
            "fun Modifier.\(scene)Drag(",
            "    progress: Animatable<Float, AnimationVector1D>, distance: Float, onFinished: () -> Unit,",
            "): Modifier {",
            "    val scope = rememberCoroutineScope()",
            "    val flickPx = with(LocalDensity.current) { \(scene == "icons" ? "0" : "\(object).\(flick.name)").dp.toPx() }",
            "    val state = rememberDraggableState { delta ->",
            "        scope.launch { progress.snapTo((progress.value + delta / distance).coerceIn(0f, 1f)) }",
            "    }",
            "    return draggable(",
            "        state = state,",
            "        orientation = Orientation.\(orientation),",
            "        onDragStopped = { velocity ->",
            "            val finishes = \(finishes)",
            "            val left = if (finishes) 1f - progress.value else progress.value",
            "            val seconds = maxOf(\(object).INTERACTIVE_DURATION_MS * left, \(object).SHORTEST_COMPLETION_MS.toFloat()) / 1000f",
            "            // A critically damped spring settles within 0.1 % in about 9.23 / ω₀ seconds.",
            "            val omega = 9.23f / seconds",
            "            progress.animateTo(",
            "                targetValue = if (finishes) 1f else 0f,",
            "                animationSpec = spring(dampingRatio = Spring.DampingRatioNoBouncy, stiffness = omega * omega),",
            "                initialVelocity = velocity / distance,",
            "            )",
            "            if (finishes) onFinished()",
            "        },",
            "    )",
            "}",
        ]
        if scene == "rooms", let deceleration = interaction.deceleration {
            modifier += [
                "",
                "// The row: Compose's pager moves one page per ordinary flick (PagerSnapDistance.atMost(1), the",
                "// default), as UIKit's fast rate (\(Self.number(deceleration.value))/ms) does: HorizontalPager(state).",
            ]
        }
        return (constants, modifier)
    }

    /// The imports the Compose interaction needs.
    var kotlinInteractionImports: [String] {
        guard interaction != nil else { return [] }
        return [
            "androidx.compose.animation.core.Animatable", "androidx.compose.animation.core.AnimationVector1D",
            "androidx.compose.animation.core.Spring", "androidx.compose.animation.core.spring",
            "androidx.compose.foundation.gestures.Orientation", "androidx.compose.foundation.gestures.draggable",
            "androidx.compose.foundation.gestures.rememberDraggableState", "androidx.compose.runtime.Composable",
            "androidx.compose.runtime.rememberCoroutineScope", "androidx.compose.ui.Modifier",
            "androidx.compose.ui.platform.LocalDensity", "androidx.compose.ui.unit.dp", "kotlinx.coroutines.launch",
        ]
    }
}
