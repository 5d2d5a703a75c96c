import CSDL2
import Graphics

/// The teardown inspector's turned slabs (`.shearedFill`, `.shearedLayer`): a rect whose columns
/// slide down in proportion to their x, drawn as strips of whole columns that share one offset
/// (`ShearedStrips`) — plain fills and plain copies, exact and cheap on the software renderer,
/// where a textured triangle pair costs a pass over its whole bounding box.
extension DisplayListRenderer {
    /// The strips of `rect` (target pixels) under `shear`, only those the clip lets show.
    private func shearedStrips(of rect: Rect, shear: Double) -> (strips: [ShearedStrips.Strip], left: Int, right: Int)
    {
        let left = Int(rect.minX.rounded())
        let right = Int(rect.maxX.rounded())
        let clip = currentClipInTargetPixels
        let shownLeft = max(left, clip.x)
        let shownRight = min(right, clip.x + clip.width)
        guard shownRight > shownLeft else { return ([], left, right) }
        let top = Int(rect.minY.rounded())
        let bottom = Int(rect.maxY.rounded())
        let strips = ShearedStrips.strips(columns: shownLeft..<shownRight, shear: shear, originX: current.origin.x)
            .filter { top + $0.offset < clip.y + clip.height && bottom + $0.offset > clip.y }
        return (strips, left, right)
    }

    func drawShearedFill(_ rect: Rect, shear: Double, color: Color) {
        let top = Int32(rect.minY.rounded())
        let height = Int32(rect.maxY.rounded()) - top
        guard height > 0, color.alpha > 0 else { return }
        let strips = shearedStrips(of: rect, shear: shear).strips
        guard !strips.isEmpty else { return }
        let rects = strips.map { strip in
            SDL_Rect(
                x: Int32(strip.columns.lowerBound), y: top + Int32(strip.offset), w: Int32(strip.columns.count),
                h: height)
        }
        let c = color.rgba8
        SDL_SetRenderDrawBlendMode(renderer, color.isOpaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, c.0, c.1, c.2, c.3)
        SDL_RenderFillRects(renderer, rects, Int32(rects.count))
    }

    /// The layer's picture is drawn once at a scale a little above the larger of the two it is
    /// shown at (steps of an eighth of an octave, so a stack turned or refitted a little keeps
    /// its textures) and stretched onto each strip, sampled nearest as every copy here is.
    func drawShearedLayer(
        id: Int, destination: Rect, shear: Double, contentSize: Size, commands: [DrawCommand], alpha: Double
    ) {
        guard contentSize.width > 0, contentSize.height > 0, !commands.isEmpty, alpha > 0 else { return }
        // A picture of one colour needs no texture: a plain fill (most of the stack's pixels).
        if let color = DrawCommand.solidColor(ofPicture: commands, contentSize: contentSize) {
            drawShearedFill(destination, shear: shear, color: color.withAlpha(color.alpha * alpha))
            return
        }
        let (strips, left, right) = shearedStrips(of: destination, shear: shear)
        let top = Int32(destination.minY.rounded())
        let height = Int32(destination.maxY.rounded()) - top
        guard !strips.isEmpty, right > left, height > 0 else { return }
        let shown = max(Double(right - left) / contentSize.width, Double(height) / contentSize.height)
        let steps = (log2(max(shown, 1.0 / 64)) * 8).rounded(.up)
        let scale = min(pow(2, steps / 8), 4096 / max(contentSize.width, contentSize.height))
        let width = Int32(max(1, (contentSize.width * scale).rounded(.up)))
        var textureHeight = Int32(max(1, (contentSize.height * scale).rounded(.up)))
        // As `drawLayer`: an opaque layer leaves out a row its content does not reach.
        if LayerGeometry.startsWithOpaqueCover(commands, contentSize: contentSize, isOpaqueImage: assets.isOpaque) {
            let reached = Int32((contentSize.height * Double(width) / contentSize.width).rounded(.down))
            textureHeight = max(1, min(textureHeight, reached))
        }
        guard
            let (ready, isFresh) = readyLayer(
                id: id, width: width, height: textureHeight, contentSize: contentSize, commands: commands)
        else { return }
        defer { if isFresh { SDL_DestroyTexture(ready.texture) } }
        if !isFresh { pictures.touch(ready.pictures, shownArea: Double(right - left) * Double(height)) }
        let a = UInt8(max(0, min(255, (alpha * 255).rounded())))
        if ready.isOpaque && a == 255 {
            SDL_SetTextureBlendMode(ready.texture, SDL_BLENDMODE_NONE)
            SDL_SetTextureColorMod(ready.texture, 255, 255, 255)
        } else if let premultiplied = premultipliedBlend, SDL_SetTextureBlendMode(ready.texture, premultiplied) == 0 {
            SDL_SetTextureColorMod(ready.texture, a, a, a)
        } else {
            SDL_SetTextureBlendMode(ready.texture, SDL_BLENDMODE_BLEND)
        }
        SDL_SetTextureAlphaMod(ready.texture, a)
        SDL_SetTextureScaleMode(ready.texture, SDL_ScaleModeNearest)
        let span = Double(right - left)
        func sourceColumn(_ column: Int) -> Int32 {
            Int32((Double(column - left) * Double(width) / span).rounded())
        }
        for strip in strips {
            let from = sourceColumn(strip.columns.lowerBound)
            let to = max(from + 1, sourceColumn(strip.columns.upperBound))
            var source = SDL_Rect(x: from, y: 0, w: min(to, width) - from, h: textureHeight)
            var target = SDL_Rect(
                x: Int32(strip.columns.lowerBound), y: top + Int32(strip.offset), w: Int32(strip.columns.count),
                h: height)
            guard source.w > 0 else { continue }
            SDL_RenderCopy(renderer, ready.texture, &source, &target)
        }
    }
}
