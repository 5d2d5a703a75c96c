import Graphics

/// A rasterized subtree kept between frames: its texture, the commands drawn into it and what
/// the renderer needs to know to reuse it.
struct CachedLayer {
    var texture: ExecutorTexture
    /// The pixels its content fills, from the texture's top-left corner.
    var width: Int32
    var height: Int32
    /// The texture's own size: at least the content's, rounded up to `TextureFit.step`,
    /// so a layer shown a little smaller every frame (a screen shrinking behind a zoom) is drawn
    /// again into the same texture instead of a new one each frame.
    var textureWidth: Int32
    var textureHeight: Int32
    /// The size in points its commands fill (drawn into `width` × `height` pixels).
    var contentSize: Size
    var commands: [DrawCommand]
    var isOpaque: Bool
    /// Whether its texture has no alpha channel (an opaque layer's, `opaqueLayerFormat`): such a
    /// texture never holds a layer with transparent pixels.
    var hasNoAlpha = false
    var lastUsedFrame: Int
    /// The pictures drawn into it: they count as on screen while it is.
    var pictures: [ImageRef] = []
    /// A picture in it was still decoding: drawn again once pictures arrive.
    var isMissingPictures = false
    /// The resources' content epoch when it was drawn: a layer missing a picture is drawn again
    /// once the epoch moves (the picture may have arrived).
    var epochWhenDrawn = 0
    /// For a sheared picture (`.shearedLayer`): the part of its content (points) the texture
    /// holds, stretched to `width` × `height` — what it is shown at, texel for pixel.
    var shownPart: Rect?
    /// Bytes of its texture.
    var bytes: Int { Int(textureWidth) * Int(textureHeight) * 4 }
}
