import Graphics
import Rendering

/// One drawing call of a frame as `BandedSDLExecutor` records it, to be replayed on every band.
/// Textures are named by their first band's SDL texture; each band swaps in its own twin.
enum RecordedDrawCall {
    case target(OpaquePointer?)
    case clip(PixelBox?)
    /// The part of the output the calls after it may write (`RenderExecutor.restrictOutput`).
    case restrict(PixelBox?)
    case clear(RGBA8)
    case fill([PixelBox], color: RGBA8, blend: ExecutorBlend)
    case copy(OpaquePointer, source: PixelBox?, destination: FloatBox, paint: TexturePaint)
    case triangles([ExecutorVertex], indices: [Int32], texture: OpaquePointer?, paint: TexturePaint)
    /// An offscreen target's colour made straight (`RenderExecutor.straightenAlpha`): the target
    /// the lane is aimed at, its twin of the named texture.
    case straighten(OpaquePointer, box: PixelBox)
    /// The target (a picture drawn upright) carried onto the named texture's twin
    /// (`RenderExecutor.resample`).
    case resample(OpaquePointer, ResampleJob)
    /// A turned slab or its outline, whole (`RenderExecutor.fillSheared`).
    case fillSheared(ShearedPixels, color: RGBA8, blend: ExecutorBlend)
    /// A turned slab's picture, whole (`RenderExecutor.copySheared`).
    case copySheared(OpaquePointer, texelOrigin: PixelPoint, area: ShearedPixels, paint: TexturePaint)

    /// Whether the call draws (what a lane that does not draw the output leaves out there).
    var draws: Bool {
        switch self {
        case .target, .clip, .restrict: false
        case .clear, .fill, .copy, .triangles, .fillSheared, .copySheared, .straighten, .resample: true
        }
    }

    /// The texture the call reads from (not the target it draws into), if any.
    var texture: OpaquePointer? {
        switch self {
        case .copy(let name, _, _, _), .copySheared(let name, _, _, _): name
        case .triangles(_, _, let name, _): name
        default: nil
        }
    }
}
