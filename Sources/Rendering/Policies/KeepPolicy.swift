/// What the renderer keeps between frames and what it lets go first, decided from numbers alone
/// (no textures, no executor), so every rule is unit-tested and the same on every run.
///
/// One byte budget covers what the renderer keeps beyond what recent frames drew: what no recent
/// frame drew goes — the biggest first — until it fits. Each texture let go costs one texture
/// made again if it is shown later, so the one that frees the most goes first: a room's picture
/// (the cheapest to lose besides: a panel's layer already holds it drawn, and the disk cache
/// brings it back in milliseconds) before a retired layer (drawn content that brings a panel back
/// without drawing it or its picture again), a layer before a gallery thumbnail, text (a few
/// kilobytes, which a layer drawn again needs) last; among equals, the one seen longest ago.
package enum KeepPolicy {
    /// Frames a texture counts as in use after it was last drawn: never let go then.
    package static let protectedFrames = 2
    /// Frames a picture counts as in use after it was last drawn (a second). Bringing a picture
    /// back is a decode and an upload, and one drawn that lately is likely drawn again: a room's
    /// picture (6.5 MB at 1280×800) is drawn afresh into its inspector slab whenever the slab
    /// changes size, every few frames of an opening, and with two frames the budget took it
    /// between them (up to four decodes a pass).
    package static let protectedPictureFrames = 60
    /// A transformed picture's copy undrawn this long (two seconds) is a spare: its slab's view is
    /// gone, not only hidden for a moment behind another slab.
    package static let spareAfterFrames = 120
    /// A view's layer no frame has drawn for this long (two seconds) is retired: kept with its
    /// content for a view showing the same again (a panel scrolling back in), else its texture
    /// for the next layer of that size, so a steady scroll makes no textures.
    package static let retireAfterFrames = 120
    /// Layers are looked over for retirement once a second, not every frame.
    package static let retireEveryFrames = 60
    /// Retired layers kept at most (the oldest go first).
    package static let maximumRetiredLayers = 6
    /// Offscreen targets of groups kept at most.
    package static let maximumGroupTargets = 4

    /// The budget for a window of `pixels` device pixels: two window-sized textures' worth of
    /// layers and pictures beyond what is on screen (a panel scrolled away comes back without
    /// being drawn or decoded again), never under 8 MB. More buys no fewer textures in the
    /// benchmark's flings (their few come from reused cells drawing other rooms) and costs memory.
    package static func byteBudget(forWindowPixels pixels: Int) -> Int {
        max(8 << 20, pixels * 4 * 2)
    }

    /// Whether `texture` may be let go at `frame`: none of its kind's protected frames drew it.
    package static func isIdle(_ texture: KeptTexture, at frame: Int) -> Bool {
        let protected: Int
        switch texture.kind {
        case .text, .retiredLayer, .groupTarget: protected = protectedFrames
        case .picture: protected = protectedPictureFrames
        case .spareCopy: protected = spareAfterFrames
        }
        return texture.lastDrawnFrame < frame - protected
    }

    /// Bytes of what the budget may take at `frame`.
    package static func idleBytes(_ kept: [KeptTexture], at frame: Int) -> Int {
        kept.filter { isIdle($0, at: frame) }.reduce(0) { $0 + $1.bytes }
    }

    /// The indices of `kept` to let go, in order, so that what stays idle and `incoming` more
    /// bytes fit `budget` (or until nothing more may go): the biggest idle first, then the one
    /// seen longest ago, then the one least on screen, then by name.
    package static func evictions(_ kept: [KeptTexture], incoming: Int, budget: Int, at frame: Int) -> [Int] {
        let idle = kept.indices.filter { isIdle(kept[$0], at: frame) }
        var remaining = idle.reduce(0) { $0 + kept[$1].bytes }
        var chosen: [Int] = []
        for index in idle.sorted(by: { goesBefore(kept[$0], kept[$1]) }) {
            guard remaining + incoming > budget else { break }
            chosen.append(index)
            remaining -= kept[index].bytes
        }
        return chosen
    }

    /// Whether `first` is let go before `second` when both are idle.
    package static func goesBefore(_ first: KeptTexture, _ second: KeptTexture) -> Bool {
        (-first.bytes, first.lastSeenFrame, first.shownArea, first.name)
            < (-second.bytes, second.lastSeenFrame, second.shownArea, second.name)
    }

    /// Whether a new texture of `bytes` fits beside what is idle, with room for one more retired
    /// layer: else a retired layer's texture is taken for new content instead of making one.
    package static func hasRoom(forAnother bytes: Int, idleBytes: Int, retiredLayers: Int, budget: Int) -> Bool {
        idleBytes + bytes <= budget && retiredLayers < maximumRetiredLayers
    }

    /// Whether a view's layer last drawn at `lastDrawnFrame` is retired at `frame`.
    package static func retires(layerLastDrawn lastDrawnFrame: Int, at frame: Int) -> Bool {
        frame % retireEveryFrames == 0 && frame - lastDrawnFrame > retireAfterFrames
    }
}
