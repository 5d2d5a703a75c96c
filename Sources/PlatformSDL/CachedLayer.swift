import Graphics

/// A rasterized subtree kept between frames: its texture, the commands drawn into it and what
/// the renderer needs to know to reuse it.
struct CachedLayer {
    var texture: OpaquePointer
    var width: Int32
    var height: Int32
    /// The size in points its commands fill (drawn into `width` × `height` pixels).
    var contentSize: Size
    var commands: [DrawCommand]
    var isOpaque: Bool
    var lastUsedFrame: Int
    /// The pictures drawn into it: they count as on screen while it is.
    var pictures: [ImageRef] = []
    /// A picture in it was still decoding: drawn again once pictures arrive.
    var isMissingPictures = false
    var arrivalsWhenDrawn = 0
}
