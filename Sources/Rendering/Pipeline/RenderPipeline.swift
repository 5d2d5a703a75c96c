import Graphics

/// The display list passes, in the one order they run, built from a set of options. Adding a pass
/// is one value here plus one switch in `RenderOptions`. The executor's own choices (ring pieces,
/// narrow opaque blends, the layer cache) are switched by the same options.
public struct RenderPipeline: Sendable {
    public let options: RenderOptions
    public let passes: [any RenderPass]

    /// Every pass there is, in order: culling first (it decides what is drawn at all), then tint
    /// folding (whose pattern may include the clip culling puts around a picture), blend folding
    /// (a translucent fill onto the opaque fill beneath, as culling left it), then the clear
    /// promotion (which may take the very fill tint folding produced), then the invisible skip.
    public static let allPasses: [any RenderPass] = [
        OcclusionCulling(), TintFolding(), BlendFolding(), ClearPromotion(), InvisibleDrawSkip(),
    ]

    /// The passes for a list drawn over a frame already drawn (the tools beside and over the
    /// scene): all but the clear promotion, which only a list starting a frame may use.
    public var overDrawnFrame: RenderPipeline { RenderPipeline(options: options.subtracting(.promoteClear)) }

    public init(options: RenderOptions = .all) {
        self.options = options
        passes = Self.allPasses.filter { options.contains($0.option) }
    }

    public func run(_ list: DisplayList, in context: PassContext) -> DisplayList {
        passes.reduce(list) { $1.apply(to: $0, in: context) }
    }
}
