import CSDL2
import Graphics
import Rendering

/// The render executor on SDL_Renderer: each call of the protocol is one or two SDL calls
/// (`SDLDrawCalls`), with no choice of its own (which blend, what to keep, what pays is the
/// drawing's, in Rendering). Text comes from SDL_ttf through the font library.
@MainActor
final class SDLExecutor: RenderExecutor, SDLTextureMaking {
    let calls: SDLDrawCalls
    let fonts: FontLibrary
    let capabilities: ExecutorCapabilities

    /// Above this size (pixels) SDL 2.26's `SDL_RenderGeometry` can crash on textured triangles
    /// (see DESIGN.md).
    static let largestTexturedTriangles = 512.0
    /// SDL's software renderer addresses a texture's bytes with 32-bit offsets: one past them
    /// corrupts memory.
    static let largestTextureBytes = Int(Int32.max)

    init(renderer: OpaquePointer, fonts: FontLibrary) {
        calls = SDLDrawCalls(renderer: renderer)
        self.fonts = fonts
        capabilities = Self.capabilities(of: calls)
    }

    static func capabilities(of calls: SDLDrawCalls) -> ExecutorCapabilities {
        ExecutorCapabilities(
            isSoftware: calls.isSoftware, composesPremultiplied: calls.premultipliedBlend != nil,
            offersAlphaLessTargets: calls.alphaLessFormat != nil,
            largestTexturedTriangles: largestTexturedTriangles, largestTextureBytes: largestTextureBytes)
    }

    var hasFonts: Bool { fonts.hasFonts }

    func makeTarget(width: Int32, height: Int32, hasAlpha: Bool) -> ExecutorTexture? {
        calls.makeTarget(width: width, height: height, hasAlpha: hasAlpha).map(ExecutorTexture.init)
    }

    func makeImageTexture(width: Int32, height: Int32) -> ExecutorTexture? {
        calls.makeImageTexture(width: width, height: height).map(ExecutorTexture.init)
    }

    func replacePixels(of texture: ExecutorTexture, with image: PixelImage) {
        calls.replacePixels(of: texture.pointer, with: image)
    }

    func makeTexture(from surface: UnsafeMutablePointer<SDL_Surface>) -> ExecutorTexture? {
        SDL_CreateTextureFromSurface(calls.renderer, surface).map(ExecutorTexture.init)
    }

    func makeTextTexture(_ text: String, font: Font, pixelScale: Double) -> SizedTexture? {
        guard let surface = fonts.render(text, font: font, pixelScale: pixelScale) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = makeTexture(from: surface) else { return nil }
        return SizedTexture(texture: texture, width: surface.pointee.w, height: surface.pointee.h)
    }

    func destroy(_ texture: ExecutorTexture) { SDL_DestroyTexture(texture.pointer) }

    func setTarget(_ texture: ExecutorTexture?) { calls.setTarget(texture?.pointer) }

    func setClip(_ rect: PixelBox?) { calls.setClip(rect) }

    func clear(_ color: RGBA8) { calls.clear(color) }

    func fill(_ rects: [PixelBox], color: RGBA8, blend: ExecutorBlend) { calls.fill(rects, color: color, blend: blend) }

    func copy(_ texture: ExecutorTexture, source: PixelBox?, destination: FloatBox, paint: TexturePaint) {
        calls.copy(texture.pointer, source: source, destination: destination, paint: paint)
    }

    func drawTriangles(
        _ vertices: [ExecutorVertex], indices: UnsafeBufferPointer<Int32>, texture: ExecutorTexture?,
        paint: TexturePaint
    ) {
        calls.drawTriangles(vertices, indices: indices, texture: texture?.pointer, paint: paint)
    }

    func drawLine(from start: (x: Float, y: Float), to end: (x: Float, y: Float), color: RGBA8) {
        calls.drawLine(from: start, to: end, color: color)
    }

    func readPixels(_ rect: PixelBox) -> [UInt32]? { calls.readPixels(rect) }

    func writePixels(_ pixels: [UInt32], into texture: ExecutorTexture, rect: PixelBox) {
        calls.writePixels(pixels, into: texture.pointer, rect: rect)
    }
}
