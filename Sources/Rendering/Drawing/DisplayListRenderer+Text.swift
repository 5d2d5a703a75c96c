import Graphics

/// Text (a cached texture per string, font and scale, tinted) and the placeholder for what could
/// not be loaded.
extension DisplayListRenderer {
    func drawText(_ string: String, font: Font, color: Color, frame: Rect, textScale: Double) {
        guard executor.hasFonts else {
            // Placeholder bars keep the layout readable when no font exists.
            fill(frame.insetBy(dx: 0, dy: frame.height * 0.25), color: color.withAlpha(color.alpha * 0.35), radius: 0)
            return
        }
        guard let entry = resources.text.texture(for: string, font: font, pixelScale: scale) else { return }
        let c = RGBA8(color)
        // Glyphs are rasterized at the device scale; a layer drawn at another scale resizes them.
        let drawnFactor = textScale * current.scale / scale
        // Unscaled text lands on whole pixels (crisp, sampled alike everywhere); so does text scaled
        // by under half a pixel over its width (a spring's 0.9999 would blur, then sharpen as it lands).
        let unscaled = abs(drawnFactor - 1) * Double(max(entry.width, entry.height)) < 0.5
        let factor = unscaled ? 1 : drawnFactor
        // Scaled text lands on whole pixels too, each edge rounded: SDL's software renderer
        // truncates, so text 0.05 px left of a pixel moved a whole pixel from the same text 0.05 px
        // right of it (a room's title jumped as the live wrapper handed over to the panel).
        let left = LayerGeometry.nearestPixel(frame.minX)
        let top = LayerGeometry.nearestPixel(frame.minY)
        let width =
            unscaled
            ? Double(entry.width) : LayerGeometry.nearestPixel(frame.minX + Double(entry.width) * factor) - left
        let height =
            unscaled
            ? Double(entry.height) : LayerGeometry.nearestPixel(frame.minY + Double(entry.height) * factor) - top
        executor.copy(
            entry.texture, source: nil,
            destination: FloatBox(x: Float(left), y: Float(top), w: Float(width), h: Float(height)),
            paint: TexturePaint(blend: .blend, tint: (c.r, c.g, c.b), alpha: c.a, sampling: .linear))
    }

    func drawMissing(_ rect: Rect) {
        fill(rect, color: Color(hex: 0xD8D8DC), radius: 0)
        let magenta = RGBA8(r: 0xE0, g: 0x2D, b: 0x8C, a: 0xFF)
        executor.drawLine(
            from: (Float(rect.minX), Float(rect.minY)), to: (Float(rect.maxX), Float(rect.maxY)), color: magenta)
        executor.drawLine(
            from: (Float(rect.maxX), Float(rect.minY)), to: (Float(rect.minX), Float(rect.maxY)), color: magenta)
    }
}
