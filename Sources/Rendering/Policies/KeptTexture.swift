/// A texture the renderer keeps between frames, as `KeepPolicy` weighs it: what it is kept for,
/// its size and when it was last drawn and seen.
package struct KeptTexture: Equatable, Sendable {
    /// What the texture is kept for: each kind has its own protected frames.
    package enum Kind: Equatable, Sendable {
        /// A text texture (one per text, font and pixel size).
        case text
        /// A picture's texture.
        case picture
        /// A layer no view shows now, kept with its content.
        case retiredLayer
        /// An offscreen target a group was drawn into, not in use now.
        case groupTarget
        /// A transformed picture's copy (an inspector slab's), or a texture such a copy outgrew.
        case spareCopy
    }

    package var kind: Kind
    package var bytes: Int
    /// The last frame that drew it: it is idle only once its kind's protected frames have passed.
    package var lastDrawnFrame: Int
    /// The last frame it was seen: for a picture, a layer holding it counts (it is on screen
    /// drawn into the layer); for the rest, when it was drawn.
    package var lastSeenFrame: Int
    /// Pixels of it on screen when last seen (a picture's panel), the smaller going first.
    package var shownArea: Double
    /// Breaks the last ties, so the same one goes on every run.
    package var name: String

    package init(
        kind: Kind, bytes: Int, lastDrawnFrame: Int, lastSeenFrame: Int? = nil, shownArea: Double = 0,
        name: String = ""
    ) {
        self.kind = kind
        self.bytes = bytes
        self.lastDrawnFrame = lastDrawnFrame
        self.lastSeenFrame = lastSeenFrame ?? lastDrawnFrame
        self.shownArea = shownArea
        self.name = name
    }
}
