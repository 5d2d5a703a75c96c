import CSDL2
import Graphics

/// Groups (`.beginGroup` … `.endGroup`): a translucent subtree drawn into a pooled offscreen
/// target, then composited as one picture.
extension DisplayListRenderer {
    func beginGroup(bounds: Rect, alpha: Double) {
        let (s, sy) = (current.scale, current.scaleY)
        let windowPixels = Rect(
            x: (bounds.minX * s).rounded(.down), y: (bounds.minY * sy).rounded(.down),
            width: (bounds.width * s).rounded(.up) + 1, height: (bounds.height * sy).rounded(.up) + 1)
        guard
            let texture = acquireLayer(
                width: Int32(pixel: max(1, windowPixels.width)), height: Int32(pixel: max(1, windowPixels.height)))
        else { return }
        SDL_SetRenderTarget(renderer, texture)
        SDL_RenderSetClipRect(renderer, nil)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderClear(renderer)
        let inheritedClip = current.clips.last ?? windowPixels
        targets.append(
            TargetState(
                texture: texture, origin: (windowPixels.minX, windowPixels.minY), clips: [inheritedClip], alpha: alpha,
                pixelBounds: windowPixels, scale: s, verticalScale: current.verticalScale, contentBounds: bounds))
        applyClip()
    }

    func endGroup() {
        let finished = targets.removeLast()
        guard let texture = finished.texture else { return }
        if !finished.startsWithOpaqueCover {
            straightenAlphaIfUnsupported(
                width: Int32(finished.pixelBounds.width), height: Int32(finished.pixelBounds.height), of: texture)
        }
        SDL_SetRenderTarget(renderer, current.texture)
        applyClip()
        let a = UInt8(max(0, min(255, (finished.alpha * 255).rounded())))
        if let premultiplied = premultipliedBlend, SDL_SetTextureBlendMode(texture, premultiplied) == 0 {
            // The offscreen layer holds colour already multiplied by its alpha: scale both by the group alpha.
            SDL_SetTextureColorMod(texture, a, a, a)
        } else {
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        }
        SDL_SetTextureAlphaMod(texture, a)
        var src = SDL_Rect(x: 0, y: 0, w: Int32(finished.pixelBounds.width), h: Int32(finished.pixelBounds.height))
        var dst = SDL_FRect(
            x: Float(finished.pixelBounds.minX - current.origin.x),
            y: Float(finished.pixelBounds.minY - current.origin.y),
            w: Float(finished.pixelBounds.width), h: Float(finished.pixelBounds.height))
        SDL_RenderCopyF(renderer, texture, &src, &dst)
        releaseLayer(texture)
    }

    /// Whether this renderer can composite premultiplied colour (SDL's software renderer cannot:
    /// it knows only the standard blend modes).
    var composesPremultiplied: Bool {
        if let known = premultipliedSupport { return known }
        let probe = SDL_CreateTexture(
            renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 1, 1)
        let supported = probe != nil && premultipliedBlend.map { SDL_SetTextureBlendMode(probe, $0) == 0 } ?? false
        if let probe { SDL_DestroyTexture(probe) }
        premultipliedSupport = supported
        return supported
    }

    /// An offscreen target (a group, a rasterized layer) is drawn from transparent with ordinary
    /// blending, so it holds colour multiplied by its alpha. Where that cannot be composited as
    /// such, its partly covered pixels (antialiased edges, translucent content) are divided back
    /// to straight colour, else they would be multiplied by their alpha twice: a fading group's
    /// edges came out too dark on the software renderer. `texture` must be the render target.
    func straightenAlphaIfUnsupported(width: Int32, height: Int32, of texture: OpaquePointer) {
        guard !composesPremultiplied, width > 0, height > 0 else { return }
        var rect = SDL_Rect(x: 0, y: 0, w: width, h: height)
        var pixels = [UInt32](repeating: 0, count: Int(width) * Int(height))
        guard SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue, &pixels, width * 4) == 0 else {
            return
        }
        var changed = false
        for index in pixels.indices {
            let pixel = pixels[index]
            let alpha = pixel >> 24
            guard alpha != 0, alpha != 255 else { continue }
            func straight(_ shift: UInt32) -> UInt32 {
                min(255, (((pixel >> shift) & 0xFF) * 255 + alpha / 2) / alpha) << shift
            }
            pixels[index] = (alpha << 24) | straight(16) | straight(8) | straight(0)
            changed = true
        }
        if changed { SDL_UpdateTexture(texture, &rect, pixels, width * 4) }
    }

    /// An offscreen target of at least `width` × `height`: an idle one that fits, else a new
    /// one rounded up to 64 px (a group growing a little during an animation keeps its target).
    private func acquireLayer(width: Int32, height: Int32) -> OpaquePointer? {
        if let index = resources.groupTargets.firstIndex(where: {
            !$0.inUse && $0.width >= width && $0.height >= height
        }) {
            resources.groupTargets[index].inUse = true
            resources.groupTargets[index].lastUsedFrame = frameNumber
            return resources.groupTargets[index].texture
        }
        guard let (paddedWidth, paddedHeight) = Self.targetSize(width: width, height: height, step: 64) else {
            return nil
        }
        resources.makeRoom(for: Int(paddedWidth) * Int(paddedHeight) * 4)
        // Keep the pool small: drop an idle target when a bigger one is needed.
        if resources.groupTargets.count >= RenderResources.maximumGroupTargets,
            let idle = resources.groupTargets.firstIndex(where: { !$0.inUse })
        {
            SDL_DestroyTexture(resources.groupTargets.remove(at: idle).texture)
        }
        guard let texture = makeTargetTexture(width: paddedWidth, height: paddedHeight) else { return nil }
        resources.groupTargets.append(
            .init(texture: texture, width: paddedWidth, height: paddedHeight, inUse: true, lastUsedFrame: frameNumber))
        return texture
    }

    private func releaseLayer(_ texture: OpaquePointer) {
        if let index = resources.groupTargets.firstIndex(where: { $0.texture == texture }) {
            resources.groupTargets[index].inUse = false
        }
    }

    /// The most bytes one texture may hold: SDL's software renderer addresses them with 32-bit
    /// offsets (as the frame itself, whose limit `InputLimits.framePixels` keeps).
    static let largestTextureBytes = Int(Int32.max)

    /// A target of at least `width` × `height` rounded up to `step` each way, so one that grows a
    /// little keeps its texture — or exactly the size asked for when the rounding would pass
    /// SDL's limit (a window at the largest size its scale allows: 7723² at 3× padded to 64 px
    /// was 63 px too wide each way, and SDL wrote past its buffer); nil when even that would.
    static func targetSize(width: Int32, height: Int32, step: Int32) -> (Int32, Int32)? {
        let fits = { (w: Int32, h: Int32) in w > 0 && h > 0 && Int(w) * Int(h) * 4 <= largestTextureBytes }
        let padded = ((width + step - 1) / step * step, (height + step - 1) / step * step)
        if fits(padded.0, padded.1) { return padded }
        return fits(width, height) ? (width, height) : nil
    }

    /// Layer textures are made in steps of this many pixels each way (see `CachedLayer`).
    static let textureStep: Int32 = 64

    /// A texture to draw into (a group's, a layer's, a sheared picture's copy), counted among
    /// the textures made (a steady frame should make none).
    func makeTargetTexture(
        width: Int32, height: Int32, format: UInt32 = SDL_PIXELFORMAT_ARGB8888.rawValue
    ) -> OpaquePointer? {
        // SDL addresses a texture's bytes with 32-bit offsets: one past them corrupts memory.
        guard width > 0, height > 0, Int(width) * Int(height) * 4 <= Self.largestTextureBytes else { return nil }
        guard let texture = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height)
        else { return nil }
        resources.texturesMade += 1
        return texture
    }
}
