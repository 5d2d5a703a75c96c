import Graphics

/// Where a toast or the keys' hint sits over the scene: at its usual place unless that covers
/// what the scene shows to read or press (a title, a button, an instruction), else the nearest
/// place that covers nothing; where every place covers some text (a room's page, a list), the
/// nearest that covers no control (a button is never put out of reach); where even that cannot
/// be, its usual place — a card that wandered to the middle would cover as much and be looked
/// for. The card is centred across the scene; only its height moves.
package enum CardPlacement {
    /// Space kept between a card and what it avoids.
    package static let clearance = 8.0
    /// How far apart the places tried are.
    static let step = 4.0

    /// The card's frame: `size` centred across `scene`, its top at `preferredTop` or, when that
    /// covers any of `occupied`, at the nearest top (looking first towards the scene's middle,
    /// then away) within `margin` of the scene's edges that covers none of them.
    package static func frame(
        of size: Size, in scene: Size, preferredTop: Double, margin: Double = 8, occupied: [Rect],
        controls: [Rect] = []
    ) -> Rect {
        let everything = occupied + controls
        let free = nearestFree(of: size, in: scene, preferredTop: preferredTop, margin: margin, avoiding: everything)
        if let free { return free }
        return nearestFree(of: size, in: scene, preferredTop: preferredTop, margin: margin, avoiding: controls)
            ?? nearestFree(of: size, in: scene, preferredTop: preferredTop, margin: margin, avoiding: [])
            ?? Rect(origin: .zero, size: size)
    }

    /// The nearest place to `preferredTop` that covers none of `avoiding`, or nil.
    private static func nearestFree(
        of size: Size, in scene: Size, preferredTop: Double, margin: Double, avoiding occupied: [Rect]
    ) -> Rect? {
        let x = ((scene.width - size.width) / 2).rounded()
        func card(at top: Double) -> Rect { Rect(x: x, y: top, width: size.width, height: size.height) }
        let lowest = max(margin, scene.height - margin - size.height)
        let first = min(max(preferredTop, margin), lowest)
        func covered(_ top: Double) -> Double {
            let grown = card(at: top).insetBy(dx: -clearance, dy: -clearance)
            return occupied.reduce(0) { sum, rect in
                let overlap = grown.intersection(rect)
                return sum + (overlap.isEmpty ? 0 : overlap.width * overlap.height)
            }
        }
        // Nearest first, in both directions, the scene's middle side before the edge's.
        let towardsMiddle = first + size.height / 2 < scene.height / 2 ? 1.0 : -1.0
        guard covered(first) > 0 else { return card(at: first) }
        var distance = step
        while true {
            let candidates = [first + towardsMiddle * distance, first - towardsMiddle * distance]
                .filter { $0 >= margin && $0 <= lowest }
            if candidates.isEmpty { return nil }
            if let free = candidates.first(where: { covered($0) == 0 }) { return card(at: free) }
            distance += step
        }
    }
}
