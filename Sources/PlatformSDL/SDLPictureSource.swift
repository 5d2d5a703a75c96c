import CSDL2
import Graphics
import Rendering

/// The asset store's pictures as the drawing asks for them: decoded (or still decoding) by the
/// store, made into textures on this renderer, and the decoded copy let go once uploaded.
@MainActor
final class SDLPictureSource: PictureSource {
    let assets: AssetStore
    private let textures: any SDLTextureMaking

    init(assets: AssetStore, textures: any SDLTextureMaking) {
        self.assets = assets
        self.textures = textures
    }

    var generation: Int { assets.generation }
    var decodesInBackground: Bool { assets.decodesInBackground }
    var hasDecodedWaiting: Bool { assets.hasDecodedWaiting }
    func receiveDecoded() -> [String] { assets.receiveDecoded() }
    func decodeWorkingBytes(of image: ImageRef) -> Int { assets.decodeWorkingBytes(of: image) }
    func isOpaque(_ image: ImageRef) -> Bool { assets.isOpaque(image) }
    func didEvict(_ image: ImageRef) { assets.didEvict(image) }
    func setLargestDrawnSide(_ side: Int) { assets.setLargestDrawnSide(side) }
    func takeWithdrawn() -> [String] { assets.takeWithdrawn() }

    func upload(_ image: ImageRef) -> PictureUpload {
        switch assets.pixels(for: image) {
        case .decoding: return .decoding
        case .missing: return .missing
        case .decoded(let surface):
            guard let texture = textures.makeTexture(from: surface) else { return .missing }
            let made = SizedTexture(texture: texture, width: surface.pointee.w, height: surface.pointee.h)
            assets.didUpload(image)
            PixelMemory.giveFreedPagesBack()
            return .made(made)
        }
    }
}

/// What makes a decoded picture a texture the executor draws: one SDL texture, or one on each
/// band (`BandedSDLExecutor`).
@MainActor
protocol SDLTextureMaking: AnyObject {
    func makeTexture(from surface: UnsafeMutablePointer<SDL_Surface>) -> ExecutorTexture?
}
