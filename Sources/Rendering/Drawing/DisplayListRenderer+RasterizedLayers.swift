import Graphics

/// Rasterized subtrees (`.layer` commands): one texture per layer, redrawn only when its commands
/// or its pixel size change; layers no view shows any more are retired with their content.
extension DisplayListRenderer {
    /// Draws a rasterized subtree: from its cached texture when its commands and the size it is
    /// shown at are unchanged, otherwise after redrawing them into the texture at the size shown.
    /// Never a scaled copy: a texture drawn at one size and shown at another (a screen shrinking
    /// behind a zoom) differs from the view drawn at that size by up to the whole range at text
    /// and edges, which the render check catches.
    func drawLayer(id: Int, destination: Rect, contentSize: Size, commands: [DrawCommand], alpha: Double) {
        let shownWidth = Int32(pixel: max(1, destination.width.rounded()))
        let shownHeight = Int32(pixel: max(1, destination.height.rounded()))
        guard contentSize.width > 0, contentSize.height > 0, shownWidth <= 8192, shownHeight <= 8192 else { return }
        guard
            let (ready, isFresh) = readyLayer(
                id: id, width: shownWidth, height: shownHeight, contentSize: contentSize, commands: commands)
        else { return }
        let shown = destination.intersection(targets.last?.pixelBounds ?? destination)
        if !isFresh { pictures.touch(ready.pictures, shownArea: max(0, shown.width) * max(0, shown.height)) }
        composite(ready, at: destination, shownWidth: shownWidth, shownHeight: shownHeight, alpha: alpha)
        if isFresh { executor.destroy(ready.texture) }
    }

    /// The layer's texture holding `commands` drawn at `width` × `height` pixels: the cached one
    /// while they and the size stay the same, otherwise drawn again. With the layer cache off
    /// (the reference) it is drawn afresh and `isFresh`: the caller lets it go once drawn.
    func readyLayer(
        id: Int, width: Int32, height: Int32, contentSize: Size, commands: [DrawCommand]
    ) -> (layer: CachedLayer, isFresh: Bool)? {
        guard optionsInForce.contains(.cacheLayers) else {
            return renderLayer(reusing: nil, width: width, height: height, contentSize: contentSize, commands: commands)
                .map { ($0, true) }
        }
        var layer = resources.layer(.view(id))
        let picturesArrived = layer.map { $0.isMissingPictures && $0.epochWhenDrawn != resources.contentEpoch } ?? false
        if layer == nil || layer?.width != width || layer?.height != height || layer?.commands != commands
            || picturesArrived
        {
            // A reused cell takes other content: what it showed is kept, and content shown
            // before (a panel scrolling back in) comes back without being drawn again — nor its
            // picture decoded again.
            let keepsOld = layer.map { $0.width == width && $0.height == height && !$0.isMissingPictures } ?? false
            if let old = layer, keepsOld { resources.retire(old) }
            if let match = resources.takeRetired(where: {
                $0.width == width && $0.height == height && !$0.isMissingPictures && $0.shownPart == nil
                    && $0.commands == commands
            }) {
                layer = match
            } else {
                layer = renderLayer(
                    reusing: keepsOld ? nil : layer, width: width, height: height, contentSize: contentSize,
                    commands: commands)
            }
            resources.trimRetiredLayers()
        }
        guard var ready = layer else { return nil }
        ready.lastUsedFrame = frameNumber
        resources.keep(ready, as: .view(id))
        return (ready, false)
    }

    /// How a layer's texture is copied onto the current target at `alpha`: unblended when
    /// opaque and whole, else blended (premultiplied where the renderer can); texels land on
    /// pixels one to one, as the texture is always drawn at the size shown.
    func compositePaint(_ layer: CachedLayer, alpha: Double) -> TexturePaint {
        let a = Self.opacity(alpha)
        if layer.isOpaque && a == 255 && optionsInForce.contains(.unblendedOpaque) {
            return TexturePaint(blend: .replace, alpha: a)
        } else if composesPremultiplied {
            return TexturePaint(blend: .premultiplied, tint: (a, a, a), alpha: a)
        }
        return TexturePaint(blend: .blend, alpha: a)
    }

    /// Copies a layer's texture onto the current target at `destination` with `alpha`.
    private func composite(
        _ ready: CachedLayer, at destination: Rect, shownWidth: Int32, shownHeight: Int32, alpha: Double
    ) {
        executor.copy(
            ready.texture, source: PixelBox(x: 0, y: 0, w: shownWidth, h: shownHeight),
            destination: FloatBox(
                x: Float(LayerGeometry.nearestPixel(destination.minX)),
                y: Float(LayerGeometry.nearestPixel(destination.minY)), w: Float(shownWidth), h: Float(shownHeight)),
            paint: compositePaint(ready, alpha: alpha))
    }

    func renderLayer(
        reusing old: CachedLayer?, width: Int32, height: Int32, contentSize: Size, commands: [DrawCommand],
        anyLargerFits: Bool = false
    ) -> CachedLayer? {
        let isOpaque = LayerGeometry.startsWithOpaqueCover(
            commands, contentSize: contentSize, isOpaqueImage: assets.isOpaque)
        // Content is drawn at the size shown each way: an opaque first command paints every pixel.
        let coversEveryPixel = isOpaque && optionsInForce.contains(.opaqueCover)
        // An opaque layer goes into a texture without alpha: blended at a fraction (a screen
        // fading behind a zoom), SDL's software renderer then takes its constant-alpha blit,
        // several times faster than its per-pixel one; a GPU does not mind.
        // (A scratch texture, `anyLargerFits`, keeps its alpha: it holds every kind of content.)
        let noAlpha =
            isOpaque && executor.capabilities.offersAlphaLessTargets && !anyLargerFits
            && optionsInForce.contains(.opaqueLayerFormat)
        guard
            let (texture, textureWidth, textureHeight) = layerTexture(
                reusing: old, width: width, height: height, noAlpha: noAlpha, anyLargerFits: anyLargerFits)
        else { return nil }
        layerRenders += 1
        let skippedBefore = picturesSkipped
        let saved = targets
        let full = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        targets.append(
            TargetState(
                texture: texture, origin: (0, 0), clips: [full], alpha: 1, pixelBounds: full,
                scale: Double(width) / contentSize.width, verticalScale: Double(height) / contentSize.height))
        executor.setTarget(texture)
        executor.setClip(nil)
        // An opaque layer's first command paints every pixel: clearing first would only fill
        // them twice.
        // Only the part it fills is cleared: a texture may be far larger (the shared scratch the
        // inspector's slabs are drawn in grows to the largest, and clearing all of it for every
        // label was most of a room's opening at 2×).
        if !coversEveryPixel {
            executor.fill(
                [PixelBox(x: 0, y: 0, w: width, h: height)], color: RGBA8(r: 0, g: 0, b: 0, a: 0), blend: .replace)
        }
        for command in commands { execute(command) }
        while targets.count > saved.count + 1 { endGroup() }
        // An opaque layer has no partly covered pixel to straighten (the icons menu redrawn at
        // each size through the zoom would read its whole texture back every frame for nothing).
        if !coversEveryPixel { straightenAlphaIfUnsupported(width: width, height: height, of: texture) }
        targets = saved
        executor.setTarget(current.texture)
        applyClip()
        return CachedLayer(
            texture: texture, width: width, height: height, textureWidth: textureWidth, textureHeight: textureHeight,
            contentSize: contentSize, commands: commands,
            isOpaque: isOpaque, hasNoAlpha: noAlpha,
            lastUsedFrame: frameNumber,
            pictures: commands.compactMap { if case .image(let image, _, _, _, _) = $0 { image } else { nil } },
            isMissingPictures: picturesSkipped != skippedBefore,
            epochWhenDrawn: resources.contentEpoch)
    }

    /// A texture to draw a `width` × `height` layer into: the old one while it fits (`TextureFit`,
    /// and with an alpha channel if the content needs one), else a spare retired layer's when the
    /// budget has no room, else a new one. A scratch texture (`anyLargerFits`) takes anything at
    /// least as large and grows to hold the largest of everything drawn in it, each way.
    private func layerTexture(
        reusing old: CachedLayer?, width: Int32, height: Int32, noAlpha: Bool, anyLargerFits: Bool
    ) -> (texture: ExecutorTexture, width: Int32, height: Int32)? {
        func fits(_ w: Int32, _ h: Int32, noAlpha textureHasNoAlpha: Bool) -> Bool {
            let holds =
                anyLargerFits ? w >= width && h >= height : TextureFit.isSnug(texture: (w, h), for: (width, height))
            return holds && textureHasNoAlpha == noAlpha
        }
        if let old, fits(old.textureWidth, old.textureHeight, noAlpha: old.hasNoAlpha) {
            return (old.texture, old.textureWidth, old.textureHeight)
        }
        if let stale = old?.texture { executor.destroy(stale) }
        let grown =
            anyLargerFits ? (max(width, old?.textureWidth ?? 0), max(height, old?.textureHeight ?? 0)) : (width, height)
        let (newWidth, newHeight) = TextureFit.size(for: grown)
        // A retired layer's texture is taken (and the content it kept lost) only when the budget
        // has no room for one more: eight rooms flung past four cells come back without being
        // drawn again once each has been drawn.
        if !resources.hasRoom(forAnother: Int(newWidth) * Int(newHeight) * 4),
            let taken = resources.takeRetired(where: {
                fits($0.textureWidth, $0.textureHeight, noAlpha: $0.hasNoAlpha)
            })
        {
            return (taken.texture, taken.textureWidth, taken.textureHeight)
        }
        resources.makeRoom(for: Int(newWidth) * Int(newHeight) * 4)
        guard let texture = makeTargetTexture(width: newWidth, height: newHeight, hasAlpha: !noAlpha) else {
            return nil
        }
        return (texture, newWidth, newHeight)
    }

    /// Layers the passes left out because something opaque covers them (the row's panels under
    /// a presented room) are still part of the scene: they are kept as if drawn — not their
    /// pictures, which the budget may still take — so the panel comes back on the first frame of
    /// the close without being drawn again (40 ms at 2×, and a texture and its pictures made).
    /// The reference draws them, so both paths keep the same layers.
    func keepCoveredLayers(of commands: [DrawCommand]) {
        for command in commands {
            guard case .layer(let id, _, _, _, _) = command, var layer = resources.layer(.view(id)),
                layer.lastUsedFrame < frameNumber
            else { continue }
            layer.lastUsedFrame = frameNumber
            resources.keep(layer, as: .view(id))
        }
    }
}
