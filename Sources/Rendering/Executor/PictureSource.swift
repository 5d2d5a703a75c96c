import Graphics

/// Where the drawing's pictures come from: decoded off the main thread or on demand, shrunk to
/// what the output can show, and made into textures by the executor's library. The drawing
/// decides when to ask and what to keep (`PictureTextures`); the source decodes and uploads.
@MainActor
package protocol PictureSource: AnyObject {
    /// Bumped when every picture must be decoded again (the output's size changed): textures of
    /// an older generation are let go.
    var generation: Int { get }
    /// A real window decodes in the background; a headless run decodes when a frame draws.
    var decodesInBackground: Bool { get }
    /// Whether background decodes are done and waiting to be taken in.
    var hasDecodedWaiting: Bool { get }
    /// The names of pictures decoded in the background since last asked.
    func receiveDecoded() -> [String]
    /// Bytes a decode of `image` would hold while it runs (0 when it is decoded already).
    func decodeWorkingBytes(of image: ImageRef) -> Int
    /// Whether every pixel of `image` is opaque (known from its file's header).
    func isOpaque(_ image: ImageRef) -> Bool
    /// `image` as a texture: decoded now or earlier and uploaded, still decoding, or missing.
    func upload(_ image: ImageRef) -> PictureUpload
    /// The drawing let `image`'s texture go: the next draw decodes it again.
    func didEvict(_ image: ImageRef)
    /// Pictures are shown at most `side` pixels along their longer side: decoded no larger (growing
    /// past what shrunk pictures kept decodes them again, a new `generation`).
    func setLargestDrawnSide(_ side: Int)
    /// The names of pictures withdrawn since last asked (run-time pictures let go): their
    /// textures go now, not when the budget gets to them.
    func takeWithdrawn() -> [String]
}

/// What asking a `PictureSource` for a picture's texture gives.
package enum PictureUpload {
    case made(SizedTexture)
    /// Still decoding (a real window): nothing is drawn yet.
    case decoding
    case missing
}
