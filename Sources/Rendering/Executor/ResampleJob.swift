import Graphics

/// A picture drawn upright carried onto a turned slab's copy (`RenderExecutor.resample`): what
/// `AffineResampling` needs, and whether the copy goes onto the output texel for pixel at
/// `region` — then a band of the output needs only the copy's rows that land on its own, and
/// works out no other.
package struct ResampleJob: Sendable {
    /// The picture's size in pixels, from the target's top-left corner.
    package var pictureSize: (w: Int32, h: Int32)
    /// Whether the picture holds colour multiplied by its alpha.
    package var premultiplied: Bool
    /// Picture pixels → target pixels.
    package var map: AffineTransform
    package var shownTexels: AffineResampling.PixelRegion
    /// The target's pixels the copy covers; the copy is its size.
    package var region: AffineResampling.PixelRegion
    /// Whether the copy is drawn onto the output (else onto an offscreen target, all of it).
    package var landsOnOutput: Bool

    package init(
        pictureSize: (w: Int32, h: Int32), premultiplied: Bool, map: AffineTransform,
        shownTexels: AffineResampling.PixelRegion, region: AffineResampling.PixelRegion, landsOnOutput: Bool
    ) {
        self.pictureSize = pictureSize
        self.premultiplied = premultiplied
        self.map = map
        self.shownTexels = shownTexels
        self.region = region
        self.landsOnOutput = landsOnOutput
    }

    /// The copy's rows `rows` (counted from its top; all of them when nil) from the picture's
    /// pixels (0xAARRGGBB); nil when the map collapses the plane.
    package func image(of picture: [UInt32], rows: Range<Int>? = nil, parallel: Bool = true) -> PixelImage? {
        AffineResampling.resample(
            argb: picture, width: Int(pictureSize.w), height: Int(pictureSize.h), premultiplied: premultiplied,
            map: map, shownTexels: shownTexels, region: region, rows: rows, parallel: parallel)
    }
}
