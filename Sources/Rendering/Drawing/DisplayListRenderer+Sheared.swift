import Graphics

/// The teardown inspector's turned slabs (`.shearedFill`, `.shearedLayer`): a rect whose columns
/// slide down in proportion to their x, drawn as strips of whole columns that share one offset
/// (`ShearedStrips`) — plain fills and plain copies, exact and cheap on the software renderer,
/// where a textured triangle pair costs a pass over its whole bounding box.
extension DisplayListRenderer {
    /// A rect's whole pixels: its columns and its rows (before the offset).
    private func pixelSpans(of rect: Rect) -> (columns: Range<Int>, rows: Range<Int>) {
        let (left, right) = (Int(rect.minX.rounded()), Int(rect.maxX.rounded()))
        let (top, bottom) = (Int(rect.minY.rounded()), Int(rect.maxY.rounded()))
        return (left..<max(left, right), top..<max(top, bottom))
    }

    func drawShearedFill(_ rect: Rect, shear: Double, color: Color) {
        let (columns, rows) = pixelSpans(of: rect)
        guard color.alpha > 0, let area = shownArea(columns: columns, rows: rows, shear: shear) else { return }
        executor.fillSheared(area, color: RGBA8(color), blend: blendMode(opaque: color.isOpaque))
    }

    /// The sheared rect of `columns` and `rows` within the clip's columns (its rows are the
    /// executor's to cut, band by band); nil when it lies wholly outside the clip. Worked out
    /// from its corners, not strip by strip: a stack's outlines are tens of thousands of strips.
    private func shownArea(columns: Range<Int>, rows: Range<Int>, shear: Double) -> ShearedPixels? {
        let clip = currentClipInTargetPixels
        let area = ShearedPixels(
            columns: columns.clamped(to: clip.x..<(clip.x + clip.width)), rows: rows, shear: shear,
            originX: current.origin.x)
        guard !area.isEmpty, area.rowSpan.overlaps(clip.y..<(clip.y + clip.height)) else { return nil }
        return area
    }

    /// The picture's shown part as a texture of exactly the size it is shown at, so every strip
    /// is a plain copy, texel for pixel (SDL's software renderer stretches at a third of the
    /// speed it copies, and a copy cut anywhere samples the same texels). The picture is drawn
    /// at the larger of its two stretches (at most 4,096 pixels a side) into a scratch texture
    /// and shrunk the other way once, averaged, into the kept one; that is done again only when
    /// the commands, the part or the size shown change.
    func drawShearedLayer(_ picture: LayerPicture, destination: Rect, shown: Rect, shear: Double, alpha: Double) {
        let (contentSize, source, commands) = (picture.contentSize, picture.source, picture.commands)
        guard contentSize.width > 0, contentSize.height > 0, source.width > 0, source.height > 0, !commands.isEmpty,
            alpha > 0
        else { return }
        // A picture of one colour needs no texture: a plain fill (most of the stack's pixels).
        if let color = DrawCommand.solidColor(ofPicture: commands, contentSize: contentSize) {
            drawShearedFill(shown.intersection(destination), shear: shear, color: color.withAlpha(color.alpha * alpha))
            return
        }
        let whole = pixelSpans(of: destination)
        let part = pixelSpans(of: shown)
        let width = Int32(whole.columns.count)
        let height = Int32(whole.rows.count)
        guard width > 0, height > 0, width <= 8192, height <= 8192 else { return }
        let rows = whole.rows.clamped(to: part.rows)
        let columns = whole.columns.clamped(to: part.columns)
        guard let area = shownArea(columns: columns, rows: rows, shear: shear) else { return }
        guard
            let (copy, isFresh) = shownCopy(
                id: picture.id, source: source, width: width, height: height, contentSize: contentSize,
                commands: commands)
        else { return }
        defer { if isFresh { executor.destroy(copy.texture) } }
        if !isFresh { pictures.touch(copy.pictures, shownArea: Double(width) * Double(height)) }
        // Texel for pixel: the copy's column and row are the pixel's, less the slab's corner.
        executor.copySheared(
            copy.texture,
            texelOrigin: PixelPoint(
                x: Int32(area.columns.lowerBound - whole.columns.lowerBound),
                y: Int32(rows.lowerBound - whole.rows.lowerBound)),
            onto: area, paint: compositePaint(copy, alpha: alpha))
    }

    /// The part `source` of the picture at `width` × `height` pixels: kept under `id` while the
    /// commands, the part and the size stay the same. With the layer cache off (the reference)
    /// it is made afresh and `isFresh`: the caller lets it go once drawn.
    private func shownCopy(
        id: Int, source: Rect, width: Int32, height: Int32, contentSize: Size, commands: [DrawCommand]
    ) -> (layer: CachedLayer, isFresh: Bool)? {
        let caching = optionsInForce.contains(.cacheLayers)
        let kept = caching ? resources.layer(.shownCopy(id)) : nil
        if var kept, kept.width == width, kept.height == height, kept.shownPart == source, kept.commands == commands,
            !(kept.isMissingPictures && kept.epochWhenDrawn != resources.contentEpoch)
        {
            kept.lastUsedFrame = frameNumber
            resources.keep(kept, as: .shownCopy(id))
            return (kept, false)
        }
        guard let (texture, textureWidth, textureHeight) = keptTexture(replacing: kept, width: width, height: height)
        else { return nil }
        var shown = CachedLayer(
            texture: texture, width: width, height: height, textureWidth: textureWidth, textureHeight: textureHeight,
            contentSize: contentSize, commands: commands, isOpaque: false, lastUsedFrame: frameNumber,
            epochWhenDrawn: resources.contentEpoch, shownPart: source)
        guard
            let drawn = drawWhole(
                commands, contentSize: contentSize, part: source, into: texture, width: width, height: height,
                caching: caching)
        else { return nil }
        shown.isOpaque = drawn.isOpaque
        shown.pictures = drawn.pictures
        shown.isMissingPictures = drawn.isMissingPictures
        executor.setTarget(current.texture)
        applyClip()
        if caching { resources.keep(shown, as: .shownCopy(id)) }
        return (shown, !caching)
    }

    /// A texture for a copy of `width` × `height`: the slab's own while it holds the size (a stack
    /// turned a long way makes a slab up to six times narrower, and turned back it needs its width
    /// again: the same texture serves both, and memory stays at the slab's own peak); else the
    /// snuggest spare that fits (`TextureFit`) — another slab's copy undrawn for two seconds (a
    /// room closed) or a texture a copy outgrew — so a room opened again, or the next one, makes
    /// none; else a new one, with room to grow when the slab outgrew its own.
    private func keptTexture(replacing kept: CachedLayer?, width: Int32, height: Int32) -> (
        ExecutorTexture, Int32, Int32
    )? {
        if let kept, TextureFit.holds(texture: (kept.textureWidth, kept.textureHeight), content: (width, height)) {
            return (kept.texture, kept.textureWidth, kept.textureHeight)
        }
        let growing = kept != nil
        // The texture it outgrew serves another slab (a label coming into view) as a spare.
        if let kept { resources.keepAsSpare(kept) }
        // A slab that outgrew its texture takes a spare with room to grow on, as a new texture would
        // have (else it outgrows the spare on the next frame of a zoom and takes another).
        let wanted = TextureFit.room(for: (width, height), growing: growing)
        if let spare = resources.takeSpare(where: {
            TextureFit.isSnug(texture: ($0.textureWidth, $0.textureHeight), for: wanted)
        }) {
            return (spare.texture, spare.textureWidth, spare.textureHeight)
        }
        let (textureWidth, textureHeight) = TextureFit.size(for: (width, height), growing: growing)
        resources.makeRoom(for: Int(textureWidth) * Int(textureHeight) * 4)
        guard let texture = makeTargetTexture(width: textureWidth, height: textureHeight) else { return nil }
        return (texture, textureWidth, textureHeight)
    }

    /// The picture drawn whole at the larger of its two stretches (at most 4,096 pixels a side)
    /// into the scratch texture, then its part shrunk the other way, averaged, into the copy. What the copy remembers of the drawing: its opacity and its pictures.
    private func drawWhole(
        _ commands: [DrawCommand], contentSize: Size, part: Rect, into texture: ExecutorTexture, width: Int32,
        height: Int32, caching: Bool
    ) -> (isOpaque: Bool, pictures: [ImageRef], isMissingPictures: Bool)? {
        let stretch = max(Double(width) / part.width, Double(height) / part.height)
        let scale = min(stretch, 4096 / max(contentSize.width, contentSize.height))
        let drawnWidth = Int32(max(1, (contentSize.width * scale).rounded(.up)))
        var drawnHeight = Int32(max(1, (contentSize.height * scale).rounded(.up)))
        // As `drawLayer`: an opaque layer leaves out a row its content does not reach.
        if LayerGeometry.startsWithOpaqueCover(commands, contentSize: contentSize, isOpaqueImage: assets.isOpaque) {
            let reached = Int32((contentSize.height * Double(drawnWidth) / contentSize.width).rounded(.down))
            drawnHeight = max(1, min(drawnHeight, reached))
        }
        guard
            let drawn = renderLayer(
                reusing: caching ? pictureScratch : nil, width: drawnWidth, height: drawnHeight,
                contentSize: contentSize, commands: commands, anyLargerFits: true)
        else { return nil }
        if caching {
            pictureScratch = drawn
            executor.markScratch(drawn.texture)
        }
        let texels = Double(drawnWidth) / contentSize.width
        var source = PixelBox(
            x: Int32((part.minX * texels).rounded()), y: Int32((part.minY * texels).rounded()),
            w: max(1, Int32((part.width * texels).rounded())), h: max(1, Int32((part.height * texels).rounded())))
        source.w = min(source.w, drawnWidth - source.x)
        source.h = min(source.h, drawnHeight - source.y)
        executor.setTarget(texture)
        executor.setClip(nil)
        // Copied as they are (no blending): the copy holds what the drawing does. Shrunk the
        // other way by cos yaw / cos pitch: averaged, so no column of a letter drops.
        if source.w > 0, source.h > 0 {
            executor.copy(
                drawn.texture, source: source, destination: FloatBox(x: 0, y: 0, w: Float(width), h: Float(height)),
                paint: TexturePaint(blend: .replace, sampling: .linear))
        }
        if !caching { executor.destroy(drawn.texture) }
        return (drawn.isOpaque, drawn.pictures, drawn.isMissingPictures)
    }
}
