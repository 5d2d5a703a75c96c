import CSDL2
import Graphics

/// Text (a cached texture per string, font and scale, tinted) and the placeholder for what could
/// not be loaded.
extension DisplayListRenderer {
    func drawText(_ string: String, font: Font, color: Color, frame: Rect, textScale: Double) {
        guard fonts.hasFonts else {
            // Placeholder bars keep the layout readable when no font exists.
            fill(frame.insetBy(dx: 0, dy: frame.height * 0.25), color: color.withAlpha(color.alpha * 0.35), radius: 0)
            return
        }
        guard let entry = resources.text.texture(for: string, font: font, pixelScale: scale) else { return }
        let c = color.rgba8
        SDL_SetTextureColorMod(entry.texture, c.0, c.1, c.2)
        SDL_SetTextureAlphaMod(entry.texture, c.3)
        // Glyphs are rasterized at the device scale; a layer drawn at another scale resizes them.
        let drawnFactor = textScale * current.scale / scale
        // Unscaled text lands on whole pixels (crisp, sampled alike everywhere); so does text scaled
        // by under half a pixel over its width (a spring's 0.9999 would blur, then sharpen as it lands).
        let unscaled = abs(drawnFactor - 1) * Double(max(entry.width, entry.height)) < 0.5
        let factor = unscaled ? 1 : drawnFactor
        // Scaled text lands on whole pixels too, each edge rounded: SDL's software renderer
        // truncates, so text 0.05 px left of a pixel moved a whole pixel from the same text 0.05 px
        // right of it (a room's title jumped as the live wrapper handed over to the panel).
        let left = frame.minX.rounded()
        let top = frame.minY.rounded()
        let width = unscaled ? Double(entry.width) : (frame.minX + Double(entry.width) * factor).rounded() - left
        let height = unscaled ? Double(entry.height) : (frame.minY + Double(entry.height) * factor).rounded() - top
        var dst = SDL_FRect(x: Float(left), y: Float(top), w: Float(width), h: Float(height))
        SDL_RenderCopyExF(renderer, entry.texture, nil, &dst, 0, nil, SDL_FLIP_NONE)
    }

    func drawMissing(_ rect: Rect) {
        fill(rect, color: Color(hex: 0xD8D8DC), radius: 0)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, 0xE0, 0x2D, 0x8C, 0xFF)
        SDL_RenderDrawLineF(renderer, Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY))
        SDL_RenderDrawLineF(renderer, Float(rect.maxX), Float(rect.minY), Float(rect.minX), Float(rect.maxY))
    }
}
