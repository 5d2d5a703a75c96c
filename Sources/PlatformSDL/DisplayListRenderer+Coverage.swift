import CSDL2
import Graphics

extension DisplayListRenderer {
    /// A filled rounded rect as `RoundedRectCoverage`: its inside as row spans at the colour's
    /// alpha (unblended when opaque), each run of edge pixels as a blended rect at its coverage,
    /// the runs of one alpha in one call.
    func drawRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        let c = color.rgba8
        let pieces = RoundedRectCoverage(
            x: rect.minX, y: rect.minY, width: rect.width, height: rect.height, radius: radius, alpha: c.3,
            within: currentClipInTargetPixels)
        if !pieces.solid.isEmpty {
            SDL_SetRenderDrawColor(renderer, c.0, c.1, c.2, c.3)
            if color.isOpaque && optionsInForce.contains(.unblendedOpaque) {
                // Unblended, except the widths the software renderer fills faster blended at full
                // alpha (the cost model's `narrowOpaqueWidths`: the same pixels).
                let narrow = optionsInForce.contains(.blendNarrowOpaque)
                var plain: [SDL_Rect] = []
                var blended: [SDL_Rect] = []
                for span in pieces.solid {
                    if narrow && costModel.narrowOpaqueWidths.contains(Double(span.width)) {
                        blended.append(Self.sdlRect(span))
                    } else {
                        plain.append(Self.sdlRect(span))
                    }
                }
                fillRects(plain, mode: SDL_BLENDMODE_NONE)
                fillRects(blended, mode: SDL_BLENDMODE_BLEND)
            } else {
                fillRects(pieces.solid.map(Self.sdlRect), mode: SDL_BLENDMODE_BLEND)
            }
        }
        guard !pieces.edge.isEmpty else { return }
        var byAlpha = [[SDL_Rect]](repeating: [], count: 256)
        for run in pieces.edge { byAlpha[Int(run.alpha)].append(Self.sdlRect(run.rect)) }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        for alpha in 1..<256 where !byAlpha[alpha].isEmpty {
            SDL_SetRenderDrawColor(renderer, c.0, c.1, c.2, UInt8(alpha))
            SDL_RenderFillRects(renderer, byAlpha[alpha], Int32(byAlpha[alpha].count))
        }
    }

    private func fillRects(_ rects: [SDL_Rect], mode: SDL_BlendMode) {
        guard !rects.isEmpty else { return }
        SDL_SetRenderDrawBlendMode(renderer, mode)
        SDL_RenderFillRects(renderer, rects, Int32(rects.count))
    }

    private static func sdlRect(_ rect: ShapeTessellator.PixelRect) -> SDL_Rect {
        SDL_Rect(
            x: Int32(clamping: rect.x), y: Int32(clamping: rect.y), w: Int32(clamping: rect.width),
            h: Int32(clamping: rect.height))
    }
}
