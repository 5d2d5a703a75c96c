import Graphics

/// What drawing costs on the renderer in use, for the choices that pay on one kind of renderer
/// and not on another. The thresholds live here, chosen by the renderer kind, not as constants
/// beside the code that uses them. SDL's software renderer pays for every pixel it touches, and
/// unevenly: a blended rect costs about 4 ns a pixel but an unblended one streams each row past
/// the cache (a quarter of a microsecond a row whatever its width), and a shaded triangle blends
/// through a temporary surface of its bounds (25–35 ns a pixel for a long thin one). A GPU (and
/// OpenGL on llvmpipe) pays per draw call and little per pixel: one mesh beats many rects.
public struct RenderCostModel: Sendable, Equatable {
    /// The model's name, as the HUD and `--verbose` show it.
    public var name: String
    /// The optimisations that pay here: the renderer draws with the intersection of these and
    /// the options asked for.
    public var worthwhile: RenderOptions
    /// An opaque square fill hides what is beneath it (`OcclusionCulling`) when it paints over
    /// at least these shares of the viewport's width and height (a screen, a sheet part way up);
    /// splitting the background around every small opaque view would cost more commands than it
    /// saves pixels.
    public var occluderShare: (width: Double, height: Double)
    /// Opaque fills this many pixels wide are blended at full alpha instead (`.blendNarrowOpaque`:
    /// the same pixels, since a blend at alpha 255 writes the colour as it is). Measured on the
    /// software renderer: a 29 px strip down the window took 0.22 ms unblended, 0.06 ms blended;
    /// wider rows amortize the per-row cost, rows under 16 px are written plainly.
    public var narrowOpaqueWidths: Range<Double>
    /// What a blended fill loses to the renderer's integer arithmetic, in 8-bit levels on average:
    /// SDL's software blend truncates twice (the colour times alpha, the pixel times one minus
    /// it), a level darker than exact; a GPU rounds. A pass that leaves out a blended fill
    /// (`TintFolding`) takes it off too, so it draws what the blend drew, not what it meant.
    public var blendLoss: Double

    public init(
        name: String, worthwhile: RenderOptions, occluderShare: (width: Double, height: Double),
        narrowOpaqueWidths: Range<Double>, blendLoss: Double = 0
    ) {
        self.name = name
        self.worthwhile = worthwhile
        self.occluderShare = occluderShare
        self.narrowOpaqueWidths = narrowOpaqueWidths
        self.blendLoss = blendLoss
    }

    /// SDL's software renderer (headless runs, and small windows on a software GL).
    public static let softwareRenderer = RenderCostModel(
        name: "software", worthwhile: .all, occluderShare: (0.5, 0.25), narrowOpaqueWidths: 16..<96, blendLoss: 1)

    /// A GPU renderer: culling still saves fill, but shadows are cheaper as one mesh than as
    /// bands (`.ringPieces`) and no strip is faster blended.
    public static let gpu = RenderCostModel(
        name: "gpu", worthwhile: RenderOptions.all.subtracting([.ringPieces, .blendNarrowOpaque]),
        occluderShare: (0.5, 0.25), narrowOpaqueWidths: 0..<0)

    public static func == (lhs: RenderCostModel, rhs: RenderCostModel) -> Bool {
        lhs.name == rhs.name && lhs.worthwhile == rhs.worthwhile && lhs.occluderShare == rhs.occluderShare
            && lhs.narrowOpaqueWidths == rhs.narrowOpaqueWidths && lhs.blendLoss == rhs.blendLoss
    }
}
