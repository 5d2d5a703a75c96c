import CSDL2
import Graphics
import Platform
import Rendering

/// What the renderer keeps, counted for the benchmark, the monkey and the tests.
extension SDLBackend {
    /// How many times rasterized subtrees were drawn into their textures since start: stays put
    /// while they only move (benchmarks and tests read it).
    public var rasterizedLayerRenders: Int { displayListRenderer.layerRenders }

    /// Pixels the drawing asked to be written since the backend started (fills, copies,
    /// triangles and clears, onto the window and offscreen targets, within the clip): the
    /// bench's pixels per frame.
    public var pixelsDrawn: Int { pixelCounter.pixelsWritten }

    /// Pictures are decoded on a background queue and drawn once ready: always so in a real
    /// window; a headless test may ask for it to check what a window shows meanwhile.
    public var decodesPicturesInBackground: Bool {
        get { assets.decodesInBackground }
        set { assets.decodesInBackground = newValue }
    }

    /// Blocks until every background decode asked for so far has finished: a test steps frames
    /// after it instead of polling the wall clock (the frames then take the pictures in).
    public func waitForPictureDecodes() { assets.waitForBackgroundDecodes() }

    /// Pictures held as textures now: a few, however many have been shown.
    public var pictureTextureCount: Int { displayListRenderer.pictureTextureCount }

    /// SDL textures alive now; stays bounded however long the app runs (the monkey checks it).
    public var liveTextureCount: Int { displayListRenderer.liveTextureCount }
    /// Bytes of the textures the renderer keeps (text, pictures, layers, group targets).
    public var resourceBytes: Int { displayListRenderer.resources.bytes }
    /// What it may keep in all (`RenderResources`): over it, only what recent frames drew stays.
    public var resourceByteBudget: Int { displayListRenderer.resources.byteBudget }
    /// Bytes of the kept textures no recent frame drew (what the budget may take).
    public var idleResourceBytes: Int { displayListRenderer.resources.idleBytes }
    /// Textures made since start (the renderer's since the last resize): the benchmark checks
    /// that a steady frame makes none.
    public var texturesCreated: Int { displayListRenderer.texturesCreated }
}

/// Pictures made at run time (`Backend.providePicture`).
extension SDLBackend {
    public func providePicture(named name: String, encoded: [UInt8], width: Int, height: Int) {
        assets.provide(named: name, encoded: encoded, width: width, height: height)
    }

    public func withdrawPicture(named name: String) { assets.withdraw(named: name) }

    public func providePicture(named name: String, pixels: PixelImage) { assets.provide(named: name, pixels: pixels) }

    public func decodePicture(_ encoded: [UInt8]) -> PixelImage? { PNGWriter.decode(encoded: encoded) }
}
