import CSDL2
import Graphics

/// The teardown inspector's turned slabs (`.shearedFill`, `.shearedLayer`): a rect whose columns
/// slide down in proportion to their x, drawn as strips of whole columns that share one offset
/// (`ShearedStrips`) — plain fills and plain copies, exact and cheap on the software renderer,
/// where a textured triangle pair costs a pass over its whole bounding box.
extension DisplayListRenderer {
    /// The strips of `rect` (target pixels) under `shear`, only those the clip lets show.
    private func shearedStrips(of rect: Rect, shear: Double) -> (strips: [ShearedStrips.Strip], left: Int, right: Int) {
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

    /// The picture's shown part as a texture of exactly the size it is shown at, so every strip
    /// is a plain copy, texel for pixel (SDL's software renderer stretches at a third of the
    /// speed it copies, and a copy cut anywhere samples the same texels). The part is drawn at
    /// a scale a little above the larger of its two stretches (steps of an eighth of an octave;
    /// at most 4,096 pixels a side) into a scratch texture and stretched once into the kept one;
    /// both are drawn again only when the commands, the part or the size shown change.
    func drawShearedLayer(
        id: Int, source: Rect, destination: Rect, shear: Double, contentSize: Size, commands: [DrawCommand],
        alpha: Double
    ) {
        guard contentSize.width > 0, contentSize.height > 0, source.width > 0, source.height > 0, !commands.isEmpty,
            alpha > 0
        else { return }
        // A picture of one colour needs no texture: a plain fill (most of the stack's pixels).
        if let color = DrawCommand.solidColor(ofPicture: commands, contentSize: contentSize) {
            drawShearedFill(destination, shear: shear, color: color.withAlpha(color.alpha * alpha))
            return
        }
        let (strips, left, right) = shearedStrips(of: destination, shear: shear)
        let top = Int32(destination.minY.rounded())
        let height = Int32(destination.maxY.rounded()) - top
        let width = Int32(right - left)
        guard !strips.isEmpty, width > 0, height > 0, width <= 8192, height <= 8192 else { return }
        guard
            let (shown, isFresh) = shownCopy(
                id: id, source: source, width: width, height: height,
                contentSize: contentSize, commands: commands)
        else { return }
        defer { if isFresh { SDL_DestroyTexture(shown.texture) } }
        if !isFresh { pictures.touch(shown.pictures, shownArea: Double(width) * Double(height)) }
        let a = UInt8(max(0, min(255, (alpha * 255).rounded())))
        if shown.isOpaque && a == 255 {
            SDL_SetTextureBlendMode(shown.texture, SDL_BLENDMODE_NONE)
            SDL_SetTextureColorMod(shown.texture, 255, 255, 255)
        } else if let premultiplied = premultipliedBlend, SDL_SetTextureBlendMode(shown.texture, premultiplied) == 0 {
            SDL_SetTextureColorMod(shown.texture, a, a, a)
        } else {
            SDL_SetTextureBlendMode(shown.texture, SDL_BLENDMODE_BLEND)
        }
        SDL_SetTextureAlphaMod(shown.texture, a)
        SDL_SetTextureScaleMode(shown.texture, SDL_ScaleModeNearest)
        for strip in strips {
            var part = SDL_Rect(
                x: Int32(strip.columns.lowerBound - left), y: 0, w: Int32(strip.columns.count), h: height)
            var target = SDL_Rect(
                x: Int32(strip.columns.lowerBound), y: top + Int32(strip.offset), w: Int32(strip.columns.count),
                h: height)
            SDL_RenderCopy(renderer, shown.texture, &part, &target)
        }
    }

    /// The part `source` of the picture at `width` × `height` pixels: kept under `id` while the
    /// commands, the part and the size stay the same. With the layer cache off (the reference)
    /// it is made afresh and `isFresh`: the caller lets it go once drawn.
    private func shownCopy(
        id: Int, source: Rect, width: Int32, height: Int32, contentSize: Size, commands: [DrawCommand]
    ) -> (layer: CachedLayer, isFresh: Bool)? {
        let caching = optionsInForce.contains(.cacheLayers)
        let kept = caching ? resources.layers[id] : nil
        if var kept, kept.width == width, kept.height == height, kept.shownPart == source, kept.commands == commands,
            !(kept.isMissingPictures && kept.epochWhenDrawn != resources.contentEpoch)
        {
            kept.lastUsedFrame = frameNumber
            resources.layers[id] = kept
            return (kept, false)
        }
        // The whole picture at one scale, into the scratch texture.
        let stretch = max(Double(width) / source.width, Double(height) / source.height)
        let steps = (log2(max(stretch, 1.0 / 64)) * 8).rounded(.up)
        let scale = min(pow(2, steps / 8), 4096 / max(contentSize.width, contentSize.height))
        let drawnWidth = Int32(max(1, (contentSize.width * scale).rounded(.up)))
        var drawnHeight = Int32(max(1, (contentSize.height * scale).rounded(.up)))
        // As `drawLayer`: an opaque layer leaves out a row its content does not reach.
        if LayerGeometry.startsWithOpaqueCover(commands, contentSize: contentSize, isOpaqueImage: assets.isOpaque) {
            let reached = Int32((contentSize.height * Double(drawnWidth) / contentSize.width).rounded(.down))
            drawnHeight = max(1, min(drawnHeight, reached))
        }
        guard
            let drawn = renderLayer(
                reusing: caching ? shearScratch : nil, width: drawnWidth, height: drawnHeight,
                contentSize: contentSize, commands: commands, anyLargerFits: true)
        else { return nil }
        if caching { shearScratch = drawn }
        defer { if !caching { SDL_DestroyTexture(drawn.texture) } }
        // The kept texture, reused while it holds the size without wasting half of it again.
        var texture = kept?.texture
        var (textureWidth, textureHeight) = (kept?.textureWidth ?? 0, kept?.textureHeight ?? 0)
        let step = Self.textureStep
        if texture == nil || textureWidth < width || textureHeight < height || textureWidth > width * 3 / 2 + step
            || textureHeight > height * 3 / 2 + step
        {
            if let old = texture { SDL_DestroyTexture(old) }
            textureWidth = min(8192, (width + step - 1) / step * step)
            textureHeight = min(8192, (height + step - 1) / step * step)
            resources.makeRoom(for: Int(textureWidth) * Int(textureHeight) * 4)
            texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), textureWidth,
                textureHeight)
            resources.texturesMade += 1
        }
        guard let texture else { return nil }
        // Texels copied as they are (no blending): the kept texture holds what the drawn one does.
        let texels = Double(drawnWidth) / contentSize.width
        var part = SDL_Rect(
            x: Int32((source.minX * texels).rounded()), y: Int32((source.minY * texels).rounded()),
            w: max(1, Int32((source.width * texels).rounded())), h: max(1, Int32((source.height * texels).rounded())))
        part.w = min(part.w, drawnWidth - part.x)
        part.h = min(part.h, drawnHeight - part.y)
        var whole = SDL_Rect(x: 0, y: 0, w: width, h: height)
        SDL_SetRenderTarget(renderer, texture)
        SDL_RenderSetClipRect(renderer, nil)
        SDL_SetTextureBlendMode(drawn.texture, SDL_BLENDMODE_NONE)
        SDL_SetTextureColorMod(drawn.texture, 255, 255, 255)
        SDL_SetTextureAlphaMod(drawn.texture, 255)
        SDL_SetTextureScaleMode(drawn.texture, SDL_ScaleModeNearest)
        if part.w > 0, part.h > 0 { SDL_RenderCopy(renderer, drawn.texture, &part, &whole) }
        SDL_SetRenderTarget(renderer, current.texture)
        applyClip()
        var shown = drawn
        shown.texture = texture
        (shown.width, shown.height) = (width, height)
        (shown.textureWidth, shown.textureHeight) = (textureWidth, textureHeight)
        shown.hasNoAlpha = false
        shown.shownPart = source
        shown.lastUsedFrame = frameNumber
        if caching { resources.layers[id] = shown }
        return (shown, !caching)
    }
}
