import Graphics

/// The optimisations the renderer may use, each one switch. Every one draws the same picture as
/// the plain path (within two levels of 8-bit colour) for less work; `reference` switches them
/// all off, the plainest correct drawing of a display list, which `--render-check` compares
/// the pipeline with frame by frame.
public struct RenderOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    // Passes over the display list (see `RenderPipeline`).
    /// Drop what a full-viewport opaque fill hides and cut fills down to what shows (`OcclusionCulling`).
    public static let cullOccluded = RenderOptions(rawValue: 1 << 0)
    /// Fold a uniform tint over a picture into the colour beneath it (`TintFolding`).
    public static let foldTints = RenderOptions(rawValue: 1 << 1)
    /// A first opaque fill over the whole viewport becomes the clear colour (`ClearPromotion`).
    public static let promoteClear = RenderOptions(rawValue: 1 << 2)
    /// A translucent fill wholly on one opaque fill becomes the opaque colour of their blend
    /// (`BlendFolding`).
    public static let foldBlends = RenderOptions(rawValue: 1 << 4)
    /// Drop draws under half a step of 8-bit alpha (`InvisibleDrawSkip`).
    public static let skipInvisible = RenderOptions(rawValue: 1 << 3)

    // Choices the executor makes while drawing one command.
    /// Shadows as straight bands plus corner patches (`RingPieces`); off, as one mesh.
    public static let ringPieces = RenderOptions(rawValue: 1 << 8)
    /// Narrow opaque strips blended at full alpha on the software renderer (faster there).
    public static let blendNarrowOpaque = RenderOptions(rawValue: 1 << 10)
    /// Rasterized subtrees kept as textures between frames and redrawn only when their commands
    /// or the size they are shown at change (never shown scaled); off, drawn afresh every frame.
    public static let cacheLayers = RenderOptions(rawValue: 1 << 11)
    /// Opaque fills, pictures and layers replace what is beneath them instead of blending over
    /// it at full alpha (the same pixels; SDL's software renderer copies faster than it blends).
    public static let unblendedOpaque = RenderOptions(rawValue: 1 << 12)
    /// Rasterized layers that cover every pixel are kept in a texture without alpha (RGB888):
    /// composited at a fraction, the software renderer takes its faster constant-alpha blit.
    public static let opaqueLayerFormat = RenderOptions(rawValue: 1 << 13)
    /// A layer or group whose first drawing is an opaque cover over all of it is not cleared
    /// before it is drawn nor straightened after (no pixel of it is partly covered); off, every
    /// offscreen target is cleared and, where the renderer cannot composite premultiplied
    /// colour, read back and straightened.
    public static let opaqueCover = RenderOptions(rawValue: 1 << 14)
    /// A window frame whose display list, pictures and window are what the window shows already
    /// is neither drawn nor presented again (`RedrawGate`); off, every frame is drawn.
    public static let skipUnchangedFrames = RenderOptions(rawValue: 1 << 15)
    /// The output drawn in horizontal bands, one thread each, where the executor can
    /// (`BandedSDLExecutor`: SDL's software renderer); off, one renderer draws it whole.
    public static let parallelBands = RenderOptions(rawValue: 1 << 16)
    /// A frame drawn over the last one redraws only where the two can differ (`FrameDamage`),
    /// where the executor draws a restricted output exactly as the whole; off, every frame is
    /// drawn whole.
    public static let drawChangesOnly = RenderOptions(rawValue: 1 << 17)

    /// Every optimisation the app draws with (the cost model may leave out those that do not pay
    /// on the renderer in use).
    public static let all: RenderOptions = [
        .cullOccluded, .foldTints, .foldBlends, .promoteClear, .skipInvisible, .ringPieces, .blendNarrowOpaque,
        .cacheLayers, .unblendedOpaque, .opaqueLayerFormat, .opaqueCover, .skipUnchangedFrames, .parallelBands,
        .drawChangesOnly,
    ]
    /// None: the reference drawing.
    public static let reference: RenderOptions = []

    /// Each option with the name the check, the HUD and `--verbose` use, in pipeline order.
    public static let named: [(option: RenderOptions, name: String)] = [
        (.cullOccluded, "occlusion culling"), (.foldTints, "tint folding"), (.foldBlends, "blend folding"),
        (.promoteClear, "clear promotion"),
        (.skipInvisible, "invisible skip"), (.ringPieces, "ring pieces"),
        (.blendNarrowOpaque, "narrow opaque blend"), (.cacheLayers, "layer cache"),
        (.unblendedOpaque, "unblended opaque"), (.opaqueLayerFormat, "opaque layer format"),
        (.opaqueCover, "opaque cover"), (.skipUnchangedFrames, "unchanged frames"),
        (.parallelBands, "parallel bands"), (.drawChangesOnly, "damage regions"),
    ]

    /// The names of the options in this set, in pipeline order.
    public var names: [String] { Self.named.filter { contains($0.option) }.map(\.name) }
}
