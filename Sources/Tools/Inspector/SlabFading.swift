import Graphics

/// How the exploded stack shows views handing over: a slab's picture fades out when its view is
/// hidden (or turns clear in one frame), and a slab whose view leaves the tree is kept where it was
/// last drawn, fading out; a view shown appears at once. In the scene such a change is invisible —
/// a transition's snapshot leaves on the frame the real view it stood for comes back, both at the
/// same place — but in the stack the two stand at different levels, and the room's picture jumped
/// from the top of the stack into its row in one frame (150,000 px at 390×844@2×). The ease is the
/// one levels move by: a third of the way each frame (about a sixth of a second), so the picture
/// left behind fades away as the one that takes over stands where it is.
struct SlabFading {
    /// A slab drawn this frame: its view and what it draws (picture and outline).
    struct Layer {
        var key: ObjectIdentifier
        var commands: [DrawCommand]
    }

    /// A departed slab's last drawing, drawn after the slab it followed, `fade` as opaque.
    private struct Ghost {
        var key: ObjectIdentifier
        var commands: [DrawCommand]
        var after: ObjectIdentifier?
        var fade: Double
    }

    /// Below this a fading picture or ghost is gone (and an easing one has arrived).
    static let negligibleOpacity = 0.02
    /// A change of a picture's opacity larger than this in one frame is a cut (a view hidden or
    /// shown, a snapshot swapped for the view it stood for), eased; smaller ones are the scene's
    /// own fades (a 0.3 s fade moves about 0.06 a frame), followed exactly.
    static let largestFadeStep = 0.2

    /// Each view's picture opacity drawn last frame, and whether it is easing after a cut.
    private var drawnOpacity: [ObjectIdentifier: (value: Double, easing: Bool)] = [:]
    /// Last frame's layers, to know what left and where it stood.
    private var lastLayers: [Layer] = []
    /// In the order they stood, so every run draws them alike (never a dictionary's order).
    private var ghosts: [Ghost] = []

    /// How opaque the view `key`'s picture is drawn this frame, given how opaque it is in the
    /// scene (`target`: its alpha, 0 when hidden). A cut down eases there a third of the way a
    /// frame; a view not in the stack last frame stands at its target at once: a view added to the
    /// tree appears in the stack as it appears in the scene (a cell coming into sight, the room's
    /// page growing its rows), and fading it in would show the scene late.
    mutating func opacity(of key: ObjectIdentifier, target: Double, stepping: Bool) -> Double {
        guard let last = drawnOpacity[key] else {
            drawnOpacity[key] = (target, false)
            return target
        }
        guard stepping else { return last.value }
        // Only a picture going eases: one coming shows at once, over whatever fades out behind
        // or in front of it. Both easing made a dip: a zoom's views handing over to the page they
        // stood for, at the same place, crossed at two thirds and one third and the slab turned
        // pale for a few frames where the scene showed no change at all.
        let easing = target < last.value && (last.easing || last.value - target > Self.largestFadeStep)
        let eased = last.value + (target - last.value) / 3
        let next = !easing || abs(target - eased) < Self.negligibleOpacity ? (target, false) : (eased, true)
        drawnOpacity[key] = next
        return next.0
    }

    /// The frame's commands: the layers in order, each departed slab's ghost after the slab it
    /// followed (at the end if that one left too), fading. `stepping` false draws the same frame
    /// again: ghosts neither start nor fade. `inTree`: every view of the stack still in the tree, placed or not — one cut away by its
    /// parent's clip or the scene's edge has not left, and leaves no ghost over the live slabs.
    mutating func compose(_ layers: [Layer], inTree: Set<ObjectIdentifier>, stepping: Bool) -> [DrawCommand] {
        if stepping {
            let present = Set(layers.map(\.key))
            ghosts = ghosts.compactMap { ghost in
                var faded = ghost
                faded.fade *= 2.0 / 3
                return faded.fade < Self.negligibleOpacity || present.contains(ghost.key) ? nil : faded
            }
            var previous: ObjectIdentifier?
            for layer in lastLayers {
                if !present.contains(layer.key), !inTree.contains(layer.key), !layer.commands.isEmpty {
                    ghosts.append(Ghost(key: layer.key, commands: layer.commands, after: previous, fade: 2.0 / 3))
                }
                previous = layer.key
            }
            drawnOpacity = drawnOpacity.filter { present.contains($0.key) || inTree.contains($0.key) }
            lastLayers = layers
        }
        var ghostsDrawn: Set<ObjectIdentifier> = []
        var commands: [DrawCommand] = []
        func appendGhosts(after key: ObjectIdentifier?) {
            for ghost in ghosts where ghost.after == key && !ghostsDrawn.contains(ghost.key) {
                ghostsDrawn.insert(ghost.key)
                commands += ghost.commands.map { Self.fading($0, by: ghost.fade) }
                appendGhosts(after: ghost.key)
            }
        }
        appendGhosts(after: nil)
        for layer in layers {
            commands += layer.commands
            appendGhosts(after: layer.key)
        }
        for ghost in ghosts where !ghostsDrawn.contains(ghost.key) {
            commands += ghost.commands.map { Self.fading($0, by: ghost.fade) }
        }
        return commands
    }

    /// `command` drawn `factor` as opaque (the inspector's slabs are turned pictures and fills).
    static func fading(_ command: DrawCommand, by factor: Double) -> DrawCommand {
        guard case .transformed(let drawing) = command else { return command }
        return .transformed(drawing.multiplyingAlpha(by: factor))
    }
}
