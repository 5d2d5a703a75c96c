import CSDL2
import Graphics
import Platform
import Rendering

/// SDL's software renderer over a surface of its own, with its own textures and pictures (decoded
/// for its scale) but the backend's fonts: what a headless run draws, at any scale, whatever
/// renderer the window uses. Recordings draw their frames with one; it is released with them.
@MainActor
final class SDLOffscreenRenderer: OffscreenRenderer {
    let pixelSize: (width: Int, height: Int)
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let renderer: OpaquePointer
    private let assets: AssetStore
    private let drawing: DisplayListRenderer
    private let diagnostics: Diagnostics

    init?(
        size: Size, scale: Double, fonts: FontLibrary, assetsDirectory: String, cache: PictureDiskCache,
        diagnostics: Diagnostics
    ) {
        let width = Int((size.width * scale).rounded())
        let height = Int((size.height * scale).rounded())
        guard width > 0, height > 0, width <= 32768, height <= 32768,
            let made = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        guard let software = SDL_CreateSoftwareRenderer(made) else {
            SDL_FreeSurface(made)
            return nil
        }
        pixelSize = (width, height)
        surface = made
        renderer = software
        self.diagnostics = diagnostics
        assets = AssetStore(directory: assetsDirectory, diagnostics: diagnostics, cache: cache)
        assets.decodesInBackground = false
        assets.setLargestDrawnSide(max(width, height))
        let executor = SDLExecutor(renderer: software, fonts: fonts)
        drawing = DisplayListRenderer(
            executor: executor, pictures: SDLPictureSource(assets: assets, textures: executor),
            byteBudget: RenderResources.byteBudget(forWindowPixels: width * height))
        drawing.scale = scale
    }

    func render(_ list: DisplayList) -> PixelImage? {
        drawing.draw(list, outputWidth: pixelSize.width, outputHeight: pixelSize.height)
        return SDLBackend.readPixels(
            of: renderer, pixelRect: nil, outputWidth: pixelSize.width, outputHeight: pixelSize.height,
            diagnostics: diagnostics)
    }

    isolated deinit {
        drawing.releaseAll()
        assets.freeAll()
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
        // Its frame-sized buffers go back to the system before the encoder starts beside it.
        PixelMemory.giveFreedPagesBack()
    }
}
