import Graphics

/// What a resampled drawing was made from and the texture it made: drawn again only when any of
/// it changes (a view turned and left alone costs one copy a frame).
struct ResampledCopy {
    var drawing: TransformedDrawing
    var toTarget: AffineTransform
    var region: AffineResampling.PixelRegion
    var texture: SizedTexture
    var lastUsedFrame: Int
    /// Whether it was made for the output: then an executor may have worked out, in each band's
    /// twin of it, only the rows that band shows (`ResampleJob.landsOnOutput`).
    var landsOnOutput: Bool
}

/// A drawing under a transform that is not a vertical shear (a rotated view), or a turned slab
/// held still long enough to be drawn smooth (`TransformedDrawing.resampled`): its picture drawn
/// upright at the size it is shown and carried onto the target pixel by pixel by the executor
/// (`RenderExecutor.resample`: `AffineResampling`, bilinear, antialiased edges), then copied over
/// what is there. The same pixels on every renderer: SDL's geometry samples nearest on the
/// software renderer.
extension DisplayListRenderer {
    func drawResampled(_ drawing: TransformedDrawing) {
        let caching = optionsInForce.contains(.cacheLayers)
        let alpha: Double
        let picture: LayerPicture
        var id: Int?
        switch drawing.content {
        case .fill(let color):
            // A fill is a picture of one colour over its destination (nothing to keep).
            let size = drawing.destination.size
            picture = LayerPicture(
                id: 0, contentSize: size,
                commands: [.fill(rect: Rect(origin: .zero, size: size), color: color, cornerRadius: 0)])
            alpha = 1
        case .picture(let shown, let pictureAlpha):
            (picture, alpha, id) = (shown, pictureAlpha, shown.id)
        }
        let destination = drawing.destination
        guard alpha > 0, destination.width > 0, destination.height > 0, picture.source.width > 0,
            picture.source.height > 0, !picture.commands.isEmpty
        else { return }
        let toTarget = drawing.transform.concatenating(
            AffineTransform(
                a: current.scale, b: 0, c: 0, d: current.scaleY, tx: -current.origin.x, ty: -current.origin.y))
        let clip = currentClipInTargetPixels
        let region = AffineResampling.PixelRegion(
            touching: toTarget.apply(to: drawing.drawnRect).insetBy(dx: -1, dy: -1)
        )
        .clamped(
            to: AffineResampling.PixelRegion(x: clip.x..<(clip.x + clip.width), y: clip.y..<(clip.y + clip.height)))
        guard !region.isEmpty else { return }
        if caching, let id, var kept = resampledCopies[id], kept.drawing == drawing, kept.toTarget == toTarget,
            kept.region == region, kept.landsOnOutput == (current.texture == nil)
        {
            kept.lastUsedFrame = frameNumber
            resampledCopies[id] = kept
            copyResampled(kept.texture, region: region, alpha: alpha)
            return
        }
        let skippedBefore = picturesSkipped
        // The copy it replaces goes back to the spares first: the same slab resampled again takes
        // its own texture back.
        if let old = id.flatMap({ resampledCopies.removeValue(forKey: $0) }) { keepAsSpare(old.texture) }
        guard
            let texture = resample(
                picture, onto: destination, shown: drawing.drawnRect, toTarget: toTarget, region: region,
                caching: caching)
        else { return }
        copyResampled(texture, region: region, alpha: alpha)
        if caching, let id, picturesSkipped == skippedBefore {
            resampledCopies[id] = ResampledCopy(
                drawing: drawing, toTarget: toTarget, region: region, texture: texture, lastUsedFrame: frameNumber,
                landsOnOutput: current.texture == nil)
        } else {
            keepAsSpare(texture)
        }
    }

    /// The picture drawn upright at the size it is shown each way (at most 4,096 pixels a side)
    /// and carried onto `region` of the target: a texture of the region's size.
    private func resample(
        _ picture: LayerPicture, onto destination: Rect, shown: Rect, toTarget: AffineTransform,
        region: AffineResampling.PixelRegion, caching: Bool
    ) -> SizedTexture? {
        let (contentSize, source) = (picture.contentSize, picture.source)
        // Target pixels per content point, along each of the picture's axes.
        let across = (toTarget.a * toTarget.a + toTarget.b * toTarget.b).squareRoot() * destination.width / source.width
        let down = (toTarget.c * toTarget.c + toTarget.d * toTarget.d).squareRoot() * destination.height / source.height
        let limit = 4096 / max(contentSize.width * across, contentSize.height * down, 1)
        let fit = min(1, limit)
        let width = Int32(max(1, (contentSize.width * across * fit).rounded(.up)))
        let height = Int32(max(1, (contentSize.height * down * fit).rounded(.up)))
        guard
            let drawn = renderLayer(
                reusing: caching ? pictureScratch : nil, width: width, height: height, contentSize: contentSize,
                commands: picture.commands, anyLargerFits: true)
        else { return nil }
        if caching {
            pictureScratch = drawn
            executor.markScratch(drawn.texture)
        }
        defer { if !caching { executor.destroy(drawn.texture) } }
        // Picture pixels → content points → destination points → target pixels.
        let (texelsAcross, texelsDown) = (Double(width) / contentSize.width, Double(height) / contentSize.height)
        let toDestination = AffineTransform(scaleX: 1 / texelsAcross, y: 1 / texelsDown)
            .concatenating(AffineTransform(translationX: -source.minX, y: -source.minY))
            .concatenating(
                AffineTransform(scaleX: destination.width / source.width, y: destination.height / source.height)
            )
            .concatenating(AffineTransform(translationX: destination.minX, y: destination.minY))
        let map = toDestination.concatenating(toTarget)
        guard let fromDestination = toDestination.inverted, map.inverted != nil,
            let copy = copyTexture(width: Int32(region.x.count), height: Int32(region.y.count))
        else { return nil }
        let job = ResampleJob(
            pictureSize: (width, height), premultiplied: composesPremultiplied && !drawn.isOpaque, map: map,
            shownTexels: AffineResampling.PixelRegion(
                touching: fromDestination.apply(to: shown).insetBy(dx: 0.01, dy: 0.01)),
            region: region, landsOnOutput: current.texture == nil)
        // Carried over where the picture was drawn: by the executor, which may do it on its own
        // threads, band by band (nothing is read back here).
        executor.setTarget(drawn.texture)
        executor.resample(into: copy.texture, job)
        executor.setTarget(current.texture)
        applyClip()
        return copy
    }

    /// A texture for a copy of `width` × `height` (straight colour, blended when drawn): a spare
    /// that fits it (`TextureFit`), else a new one in whole steps — slabs that settle, move and
    /// settle again make no textures.
    private func copyTexture(width: Int32, height: Int32) -> SizedTexture? {
        let size = (width: width, height: height)
        // The snuggest spare that fits (the oldest of equals), so a bigger one stays for a bigger copy.
        if let index = resampledSpares.indices.filter({
            TextureFit.isSnug(texture: (resampledSpares[$0].width, resampledSpares[$0].height), for: size)
        }).min(by: { resampledSpares[$0].area < resampledSpares[$1].area }) {
            return resampledSpares.remove(at: index)
        }
        let (textureWidth, textureHeight) = TextureFit.size(for: size)
        resources.makeRoom(for: Int(textureWidth) * Int(textureHeight) * 4)
        guard let texture = executor.makeImageTexture(width: textureWidth, height: textureHeight) else { return nil }
        resources.countTextureMade()
        return SizedTexture(texture: texture, width: textureWidth, height: textureHeight)
    }

    /// Spare resampled textures kept for the next copy that fits (the newest last), at most this many.
    static let maximumResampledSpares = 160

    /// Keeps a copy's texture for the next copy that fits; the oldest spares go past the limit, or
    /// past twice the resources' byte budget.
    func keepAsSpare(_ texture: SizedTexture) {
        resampledSpares.append(texture)
        func bytes(_ spare: SizedTexture) -> Int { Int(spare.width) * Int(spare.height) * 4 }
        var total = resampledSpares.reduce(0) { $0 + bytes($1) }
        while resampledSpares.count > Self.maximumResampledSpares || total > 2 * resources.byteBudget {
            let oldest = resampledSpares.removeFirst()
            total -= bytes(oldest)
            executor.destroy(oldest.texture)
        }
    }

    private func copyResampled(_ texture: SizedTexture, region: AffineResampling.PixelRegion, alpha: Double) {
        executor.copy(
            texture.texture, source: PixelBox(x: 0, y: 0, w: Int32(region.x.count), h: Int32(region.y.count)),
            destination: FloatBox(
                x: Float(region.x.lowerBound), y: Float(region.y.lowerBound), w: Float(region.x.count),
                h: Float(region.y.count)),
            paint: TexturePaint(blend: .blend, alpha: Self.opacity(alpha)))
    }

    /// Lets go of the copies no drawing of this frame used.
    func releaseUnusedResampledCopies() {
        for (id, copy) in resampledCopies where copy.lastUsedFrame < frameNumber {
            keepAsSpare(copy.texture)
            resampledCopies[id] = nil
        }
    }
}
