import CSDL2
import Graphics

/// Text and image metrics measured with the same fonts and files the renderer draws with,
/// so a label wraps where its pixels actually end.
@MainActor
final class SDLContentMetrics: ContentMetrics {
    private let fonts: FontLibrary
    private let assets: AssetStore
    private let fallback = EstimatedContentMetrics()
    private var widths: [WidthKey: Double] = [:]

    private struct WidthKey: Hashable {
        var text: String
        var font: Font
    }

    init(fonts: FontLibrary, assets: AssetStore) {
        self.fonts = fonts
        self.assets = assets
    }

    func width(of text: String, font: Font) -> Double {
        let key = WidthKey(text: text, font: font)
        if let known = widths[key] { return known }
        guard let face = fonts.face(for: font, pixelScale: 1) else { return fallback.width(of: text, font: font) }
        var w: Int32 = 0
        var h: Int32 = 0
        let measured = TTF_SizeUTF8(face, text, &w, &h) == 0 ? Double(w) : fallback.width(of: text, font: font)
        // Faces are opened at whole pixel sizes; scale to the requested size so fractional sizes stay proportional.
        let opened = max(1, font.size.rounded())
        let result = measured * font.size / opened
        if widths.count > 20_000 { widths.removeAll(keepingCapacity: true) }
        widths[key] = result
        return result
    }

    func lineHeight(of font: Font) -> Double {
        guard let face = fonts.face(for: font, pixelScale: 1) else { return fallback.lineHeight(of: font) }
        let opened = max(1, font.size.rounded())
        return Double(TTF_FontLineSkip(face)) * font.size / opened
    }

    func size(of image: ImageRef) -> Size? {
        assets.size(of: image)
    }

    func prefetch(_ image: ImageRef) {
        assets.prefetch(image)
    }

    func isReady(_ image: ImageRef) -> Bool { assets.isReady(image) }
}
