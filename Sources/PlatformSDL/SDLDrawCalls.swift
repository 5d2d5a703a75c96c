import CSDL2
import Graphics
import Rendering

/// The executor's drawing calls on one SDL renderer, free of any actor: `SDLExecutor` makes them
/// on the main thread, and `BandedSDLExecutor` replays a frame's recorded calls on one thread per
/// band, each band's renderer touched by its own thread only.
struct SDLDrawCalls: @unchecked Sendable {
    let renderer: OpaquePointer
    /// SDL's blend mode for colour already multiplied by alpha (nil where SDL cannot compose one).
    let premultipliedBlend: SDL_BlendMode?
    let alphaLessFormat: UInt32?
    let isSoftware: Bool

    /// Asks the renderer what it offers: an alpha-less format, and (of a probe texture) whether
    /// it composes premultiplied colour — SDL's software renderer knows only the standard modes.
    init(renderer: OpaquePointer) {
        self.renderer = renderer
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        isSoftware = info.name.map { String(cString: $0) == "software" } ?? false
        let offered = withUnsafeBytes(of: info.texture_formats) { Array($0.bindMemory(to: UInt32.self)) }
        let noAlpha = SDL_PIXELFORMAT_RGB888.rawValue
        alphaLessFormat = offered.prefix(Int(info.num_texture_formats)).contains(noAlpha) ? noAlpha : nil
        let premultiplied = SDL_ComposeCustomBlendMode(
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        let probe = SDL_CreateTexture(
            renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 1, 1)
        let composes = probe != nil && SDL_SetTextureBlendMode(probe, premultiplied) == 0
        if let probe { SDL_DestroyTexture(probe) }
        premultipliedBlend = composes ? premultiplied : nil
    }

    func makeTarget(width: Int32, height: Int32, hasAlpha: Bool) -> OpaquePointer? {
        let format =
            hasAlpha ? SDL_PIXELFORMAT_ARGB8888.rawValue : (alphaLessFormat ?? SDL_PIXELFORMAT_ARGB8888.rawValue)
        return SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height)
    }

    func makeImageTexture(width: Int32, height: Int32) -> OpaquePointer? {
        SDL_CreateTexture(
            renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), width, height)
    }

    func setTarget(_ texture: OpaquePointer?) { SDL_SetRenderTarget(renderer, texture) }

    func setClip(_ rect: PixelBox?) {
        guard var clip = rect.map(Self.sdlRect) else {
            SDL_RenderSetClipRect(renderer, nil)
            return
        }
        SDL_RenderSetClipRect(renderer, &clip)
    }

    func clear(_ color: RGBA8) {
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_RenderClear(renderer)
    }

    func fill(_ rects: [PixelBox], color: RGBA8, blend: ExecutorBlend) {
        guard !rects.isEmpty else { return }
        SDL_SetRenderDrawBlendMode(renderer, sdlBlend(blend))
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        if rects.count == 1 {
            var rect = Self.sdlRect(rects[0])
            SDL_RenderFillRect(renderer, &rect)
            return
        }
        rects.withUnsafeBufferPointer { boxes in
            boxes.withMemoryRebound(to: SDL_Rect.self) { sdl in
                _ = SDL_RenderFillRects(renderer, sdl.baseAddress, Int32(sdl.count))
            }
        }
    }

    func copy(_ texture: OpaquePointer, source: PixelBox?, destination: FloatBox, paint: TexturePaint) {
        apply(paint, to: texture)
        var target = SDL_FRect(x: destination.x, y: destination.y, w: destination.w, h: destination.h)
        guard var from = source.map(Self.sdlRect) else {
            SDL_RenderCopyF(renderer, texture, nil, &target)
            return
        }
        SDL_RenderCopyF(renderer, texture, &from, &target)
    }

    func drawTriangles(
        _ vertices: [ExecutorVertex], indices: UnsafeBufferPointer<Int32>, texture: OpaquePointer?,
        paint: TexturePaint
    ) {
        guard let first = indices.baseAddress, !indices.isEmpty else { return }
        if let texture {
            apply(paint, to: texture)
        } else {
            SDL_SetRenderDrawBlendMode(renderer, sdlBlend(paint.blend))
        }
        vertices.withUnsafeBufferPointer { corners in
            corners.withMemoryRebound(to: SDL_Vertex.self) { sdl in
                _ = SDL_RenderGeometry(
                    renderer, texture, sdl.baseAddress, Int32(sdl.count), first, Int32(indices.count))
            }
        }
    }

    func drawLine(from start: (x: Float, y: Float), to end: (x: Float, y: Float), color: RGBA8) {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_RenderDrawLineF(renderer, start.x, start.y, end.x, end.y)
    }

    /// Read into memory SDL writes whole: zeroing it first cost as much again in a room's opening
    /// under the inspector (every picture handed over is read back, 2026-11-29).
    func readPixels(_ rect: PixelBox) -> [UInt32]? {
        var area = Self.sdlRect(rect)
        let count = Int(rect.w) * Int(rect.h)
        var read = false
        let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            read =
                SDL_RenderReadPixels(
                    renderer, &area, SDL_PIXELFORMAT_ARGB8888.rawValue, buffer.baseAddress, rect.w * 4) == 0
            // SDL writes every pixel or fails; on failure the memory is still made defined.
            if !read { buffer.initialize(repeating: 0) }
            initialized = count
        }
        return read ? pixels : nil
    }

    func writePixels(_ pixels: [UInt32], into texture: OpaquePointer, rect: PixelBox) {
        var area = Self.sdlRect(rect)
        SDL_UpdateTexture(texture, &area, pixels, rect.w * 4)
    }

    /// Writes `image` into `texture` with its top-left corner at row `row`.
    func replacePixels(of texture: OpaquePointer, with image: PixelImage, atRow row: Int32 = 0) {
        replacePixels(of: texture, withRows: 0..<image.height, of: image, atRow: row)
    }

    /// Writes rows `rows` of `image` into `texture`, the first at row `row`: straight from the
    /// image's bytes (cropping first copied a band's share of a page-sized copy every time).
    func replacePixels(of texture: OpaquePointer, withRows rows: Range<Int>, of image: PixelImage, atRow row: Int32) {
        let rows = rows.clamped(to: 0..<image.height)
        guard !rows.isEmpty else { return }
        var area = SDL_Rect(x: 0, y: row, w: Int32(image.width), h: Int32(rows.count))
        image.rgba.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            SDL_UpdateTexture(texture, &area, base + rows.lowerBound * image.width * 4, Int32(image.width * 4))
        }
    }

    // MARK: Translation

    private func apply(_ paint: TexturePaint, to texture: OpaquePointer) {
        if paint.blend == .premultiplied, let premultipliedBlend,
            SDL_SetTextureBlendMode(texture, premultipliedBlend) == 0
        {
            // Set.
        } else {
            SDL_SetTextureBlendMode(texture, paint.blend == .replace ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        }
        SDL_SetTextureColorMod(texture, paint.tint.r, paint.tint.g, paint.tint.b)
        SDL_SetTextureAlphaMod(texture, paint.alpha)
        SDL_SetTextureScaleMode(texture, paint.sampling == .linear ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
    }

    private func sdlBlend(_ blend: ExecutorBlend) -> SDL_BlendMode {
        switch blend {
        case .replace: SDL_BLENDMODE_NONE
        case .blend: SDL_BLENDMODE_BLEND
        case .premultiplied: premultipliedBlend ?? SDL_BLENDMODE_BLEND
        }
    }

    static func sdlRect(_ box: PixelBox) -> SDL_Rect { SDL_Rect(x: box.x, y: box.y, w: box.w, h: box.h) }
}
