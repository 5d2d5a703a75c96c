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

    /// An offscreen target's premultiplied colour made straight where the executor cannot
    /// composite it as it is (`StraightAlpha`). `texture` must be the render target.
    func straightenAlphaIfUnsupported(width: Int32, height: Int32, of texture: ExecutorTexture) {
        guard !composesPremultiplied, width > 0, height > 0 else { return }
        executor.straightenAlpha(PixelBox(x: 0, y: 0, w: width, h: height), of: texture)
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
