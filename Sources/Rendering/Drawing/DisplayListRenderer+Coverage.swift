import Graphics

extension DisplayListRenderer {
    /// A filled rounded rect as `RoundedRectCoverage`: its inside as row spans at the colour's
    /// alpha (unblended when opaque), each run of edge pixels as a blended rect at its coverage,
    /// the runs of one alpha in one call.
    func drawRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        let c = RGBA8(color)
        let pieces = RoundedRectCoverage(
            x: rect.minX, y: rect.minY, width: rect.width, height: rect.height, radius: radius, alpha: c.a,
            within: currentClipInTargetPixels)
        if !pieces.solid.isEmpty {
            if color.isOpaque && optionsInForce.contains(.unblendedOpaque) {
                // Unblended, except the widths the software renderer fills faster blended at full
                // alpha (the cost model's `narrowOpaqueWidths`: the same pixels).
                let narrow = optionsInForce.contains(.blendNarrowOpaque)
                var plain: [PixelBox] = []
                var blended: [PixelBox] = []
                for span in pieces.solid {
                    if narrow && costModel.narrowOpaqueWidths.contains(Double(span.width)) {
                        blended.append(PixelBox(span))
                    } else {
                        plain.append(PixelBox(span))
                    }
                }
                fillRects(plain, color: c, blend: .replace)
                fillRects(blended, color: c, blend: .blend)
            } else {
                fillRects(pieces.solid.map(PixelBox.init), color: c, blend: .blend)
            }
        }
        guard !pieces.edge.isEmpty else { return }
        var byAlpha = [[PixelBox]](repeating: [], count: 256)
        for run in pieces.edge { byAlpha[Int(run.alpha)].append(PixelBox(run.rect)) }
        for alpha in 1..<256 where !byAlpha[alpha].isEmpty {
            executor.fill(byAlpha[alpha], color: c.with(alpha: UInt8(alpha)), blend: .blend)
        }
    }

    private func fillRects(_ rects: [PixelBox], color: RGBA8, blend: ExecutorBlend) {
        guard !rects.isEmpty else { return }
        executor.fill(rects, color: color, blend: blend)
    }
}
