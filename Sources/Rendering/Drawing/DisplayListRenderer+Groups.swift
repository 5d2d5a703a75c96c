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
        executor.setTarget(texture)
        executor.setClip(nil)
        executor.clear(RGBA8(r: 0, g: 0, b: 0, a: 0))
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
        if !(finished.startsWithOpaqueCover && optionsInForce.contains(.opaqueCover)) {
            straightenAlphaIfUnsupported(
                width: Int32(finished.pixelBounds.width), height: Int32(finished.pixelBounds.height), of: texture)
        }
        executor.setTarget(current.texture)
        applyClip()
        let a = Self.opacity(finished.alpha)
        // The offscreen layer holds colour already multiplied by its alpha: scale both by the group alpha.
        let paint =
            composesPremultiplied
            ? TexturePaint(blend: .premultiplied, tint: (a, a, a), alpha: a) : TexturePaint(blend: .blend, alpha: a)
        executor.copy(
            texture,
            source: PixelBox(x: 0, y: 0, w: Int32(finished.pixelBounds.width), h: Int32(finished.pixelBounds.height)),
            destination: FloatBox(
                x: Float(finished.pixelBounds.minX - current.origin.x),
                y: Float(finished.pixelBounds.minY - current.origin.y),
                w: Float(finished.pixelBounds.width), h: Float(finished.pixelBounds.height)),
            paint: paint)
        releaseLayer(texture)
    }

    /// An offscreen target (a group, a rasterized layer) is drawn from transparent with ordinary
    /// blending, so it holds colour multiplied by its alpha. Where that cannot be composited as
    /// such, its partly covered pixels (antialiased edges, translucent content) are divided back
    /// to straight colour, else they would be multiplied by their alpha twice: a fading group's
    /// edges came out too dark on the software renderer. `texture` must be the render target.
    func straightenAlphaIfUnsupported(width: Int32, height: Int32, of texture: ExecutorTexture) {
        guard !composesPremultiplied, width > 0, height > 0 else { return }
        let rect = PixelBox(x: 0, y: 0, w: width, h: height)
        guard var pixels = executor.readPixels(rect) else { return }
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
        if changed { executor.writePixels(pixels, into: texture, rect: rect) }
    }

    /// An offscreen target of at least `width` × `height`: an idle one that holds it (a group's
    /// target is scratch, given back at the group's end: `TextureFit.holds`), else a new one in
    /// whole steps (a group growing a little during an animation keeps its target).
    private func acquireLayer(width: Int32, height: Int32) -> ExecutorTexture? {
        if let kept = resources.takeGroupTarget(where: {
            TextureFit.holds(texture: ($0.width, $0.height), content: (width, height))
        }) {
            return kept
        }
        guard
            let (paddedWidth, paddedHeight) = TextureFit.targetSize(
                for: (width, height), largestBytes: executor.capabilities.largestTextureBytes)
        else {
            return nil
        }
        resources.makeRoom(for: Int(paddedWidth) * Int(paddedHeight) * 4)
        guard let texture = makeTargetTexture(width: paddedWidth, height: paddedHeight) else { return nil }
        resources.keepGroupTarget(texture, width: paddedWidth, height: paddedHeight)
        return texture
    }

    private func releaseLayer(_ texture: ExecutorTexture) {
        resources.returnGroupTarget(texture)
    }

    /// A texture to draw into (a group's, a layer's, a sheared picture's copy), counted among
    /// the textures made (a steady frame should make none).
    func makeTargetTexture(width: Int32, height: Int32, hasAlpha: Bool = true) -> ExecutorTexture? {
        guard width > 0, height > 0, Int(width) * Int(height) * 4 <= executor.capabilities.largestTextureBytes,
            let texture = executor.makeTarget(width: width, height: height, hasAlpha: hasAlpha)
        else { return nil }
        resources.countTextureMade()
        return texture
    }
}
