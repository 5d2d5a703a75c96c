import CSDL2
import Graphics

/// Rasterized subtrees (`.layer` commands): one texture per layer, redrawn only when its commands
/// or its pixel size change; layers no view shows any more are retired with their content.
extension DisplayListRenderer {
    /// Draws a rasterized subtree: from its cached texture when its commands are unchanged and
    /// the texture is the size shown or up to twice it (a layer shrinking away is scaled down, not
    /// redrawn every frame), otherwise after redrawing them into the texture (see `renderSize`).
    func drawLayer(id: Int, destination: Rect, contentSize: Size, commands: [DrawCommand], alpha: Double) {
        let shownWidth = Int32(pixel: max(1, destination.width.rounded()))
        let shownHeight = Int32(pixel: max(1, destination.height.rounded()))
        guard contentSize.width > 0, contentSize.height > 0, shownWidth <= 8192, shownHeight <= 8192 else { return }
        guard options.contains(.cacheLayers) else {
            // The reference: drawn afresh at the size shown, composited, let go.
            guard
                let fresh = renderLayer(
                    reusing: nil, width: shownWidth, height: shownHeight, contentSize: contentSize, commands: commands)
            else { return }
            composite(fresh, at: destination, shownWidth: shownWidth, shownHeight: shownHeight, alpha: alpha)
            SDL_DestroyTexture(fresh.texture)
            return
        }
        var layer = cachedLayers[id]
        let picturesArrived = layer.map { $0.isMissingPictures && $0.arrivalsWhenDrawn != assets.arrivals } ?? false
        let scalesDown =
            !picturesArrived
            && layer.map {
                $0.commands == commands && $0.contentSize == contentSize && $0.width >= shownWidth
                    && $0.height >= shownHeight && $0.width <= 2 * shownWidth && $0.height <= 2 * shownHeight
            } ?? false
        let (width, height) = renderSize(
            shownWidth: shownWidth, shownHeight: shownHeight,
            naturalWidth: Int32(pixel: (contentSize.width * current.scale).rounded()),
            naturalHeight: Int32(pixel: (contentSize.height * current.scale).rounded()))
        if !scalesDown
            && (layer == nil || layer?.width != width || layer?.height != height || layer?.commands != commands
                || picturesArrived)
        {
            // A reused cell takes other content: what it showed is kept, and content shown
            // before (a panel scrolling back in) comes back without being drawn again — nor its
            // picture decoded again.
            let keepsOld = layer.map { $0.width == width && $0.height == height && !$0.isMissingPictures } ?? false
            if let old = layer, keepsOld { retiredLayers.append(old) }
            if let match = retiredLayers.firstIndex(where: {
                $0.width == width && $0.height == height && !$0.isMissingPictures && $0.commands == commands
            }) {
                layer = retiredLayers.remove(at: match)
            } else {
                layer = renderLayer(
                    reusing: keepsOld ? nil : layer, width: width, height: height, contentSize: contentSize,
                    commands: commands)
            }
            while retiredLayers.count > Self.maximumRetiredLayers {
                SDL_DestroyTexture(retiredLayers.removeFirst().texture)
            }
        }
        guard var ready = layer else { return }
        ready.lastUsedFrame = frameNumber
        cachedLayers[id] = ready
        pictures.touch(ready.pictures)
        composite(ready, at: destination, shownWidth: shownWidth, shownHeight: shownHeight, alpha: alpha)
    }

    /// Copies a layer's texture onto the current target at `destination` with `alpha`.
    private func composite(
        _ ready: CachedLayer, at destination: Rect, shownWidth: Int32, shownHeight: Int32, alpha: Double
    ) {
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
        // Texels land on pixels one to one, or (shrinking) are filtered down on a GPU. SDL's
        // software renderer filters a blended copy through a temporary surface and a second pass
        // (it made the icons zoom slower than drawing the menu afresh): there a layer shrinking
        // for a moment is sampled nearest.
        let scaled = ready.width != shownWidth || ready.height != shownHeight
        SDL_SetTextureScaleMode(
            ready.texture, scaled && !isSoftware ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
        var dst = SDL_FRect(
            x: Float(destination.minX.rounded()), y: Float(destination.minY.rounded()), w: Float(shownWidth),
            h: Float(shownHeight))
        SDL_RenderCopyF(renderer, ready.texture, nil, &dst)
    }

    /// The size a layer is drawn into: the size it is shown at, except a view shown a little
    /// smaller than its own size (a screen shrinking away behind a zoom, from 1 to 0.8) is
    /// drawn at its own size once and scaled down after, instead of redrawn at every size of
    /// the animation. Far smaller (a Rooms panel in its row) it is drawn at the size shown, so
    /// its texture costs no more memory than the pixels on screen.
    func renderSize(shownWidth: Int32, shownHeight: Int32, naturalWidth: Int32, naturalHeight: Int32) -> (
        Int32, Int32
    ) {
        let ratio = min(
            Double(shownWidth) / Double(max(1, naturalWidth)), Double(shownHeight) / Double(max(1, naturalHeight)))
        guard ratio >= Self.drawnAtOwnSizeFrom, shownWidth <= naturalWidth, shownHeight <= naturalHeight,
            naturalWidth <= 8192, naturalHeight <= 8192
        else { return (shownWidth, shownHeight) }
        return (naturalWidth, naturalHeight)
    }

    /// Shown at this share of its own size or more (and not larger), a layer is drawn at its own size.
    static let drawnAtOwnSizeFrom = 0.75

    private func renderLayer(
        reusing old: CachedLayer?, width: Int32, height: Int32, contentSize: Size, commands: [DrawCommand]
    ) -> CachedLayer? {
        var texture = old?.texture
        if old?.width != width || old?.height != height {
            if let stale = texture { SDL_DestroyTexture(stale) }
            if let spare = retiredLayers.firstIndex(where: { $0.width == width && $0.height == height }) {
                texture = retiredLayers.remove(at: spare).texture
            } else {
                texture = SDL_CreateTexture(
                    renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width,
                    height)
                texturesMade += 1
            }
        }
        guard let texture else { return nil }
        layerRenders += 1
        let skippedBefore = picturesSkipped
        let saved = targets
        let full = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        targets.append(
            TargetState(
                texture: texture, origin: (0, 0), clips: [full], alpha: 1, pixelBounds: full,
                scale: Double(width) / contentSize.width))
        SDL_SetRenderTarget(renderer, texture)
        SDL_RenderSetClipRect(renderer, nil)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderClear(renderer)
        for command in commands { execute(command) }
        while targets.count > saved.count + 1 { endGroup() }
        targets = saved
        SDL_SetRenderTarget(renderer, current.texture)
        applyClip()
        return CachedLayer(
            texture: texture, width: width, height: height, contentSize: contentSize, commands: commands,
            isOpaque: LayerGeometry.startsWithOpaqueCover(
                commands, contentSize: contentSize, isOpaqueImage: assets.isOpaque),
            lastUsedFrame: frameNumber,
            pictures: commands.compactMap { if case .image(let image, _, _, _, _) = $0 { image } else { nil } },
            isMissingPictures: picturesSkipped != skippedBefore,
            arrivalsWhenDrawn: assets.arrivals)
    }

    func releaseIdleLayers() {
        guard frameNumber % 60 == 0 else { return }
        for (id, layer) in cachedLayers where frameNumber - layer.lastUsedFrame > 120 {
            // Kept with its content for a view showing the same again (a panel scrolling back
            // in), else its texture for the next layer of that size, so a steady scroll makes no
            // textures; only a few are kept.
            retiredLayers.append(layer)
            cachedLayers[id] = nil
        }
        while retiredLayers.count > Self.maximumRetiredLayers {
            SDL_DestroyTexture(retiredLayers.removeFirst().texture)
        }
    }
}
