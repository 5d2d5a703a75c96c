import CSDL2
import Graphics

/// Text and image metrics measured with the same fonts and files the renderer draws with, at the
/// size it draws them (`pixelScale`), so a label wraps where its pixels actually end: a face
/// opened at 26 px is not exactly twice one at 13 px (each glyph's advance is rounded at its own
/// size), and text placed by 1× widths but drawn at 2× ran into its neighbours ("motion at0.33").
@MainActor
final class SDLContentMetrics: ContentMetrics {
    private let fonts: FontLibrary
    private let assets: AssetStore
    private let fallback = EstimatedContentMetrics()
    private var widths: [WidthKey: Double] = [:]
    /// Device pixels per point the renderer draws text at (the backend's scale).
    var pixelScale = 1.0 {
        didSet { if pixelScale != oldValue { widths.removeAll() } }
    }

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
        guard let face = fonts.face(for: font, pixelScale: pixelScale) else {
            return fallback.width(of: text, font: font)
        }
        var w: Int32 = 0
        var h: Int32 = 0
        // Faces are opened at whole pixel sizes; back to points at the requested size, so fractional
        // sizes stay proportional.
        let opened = max(1, (font.size * pixelScale).rounded())
        let result =
            TTF_SizeUTF8(face, text, &w, &h) == 0
            ? Double(w) * font.size / opened : fallback.width(of: text, font: font)
        if widths.count > 20_000 { widths.removeAll(keepingCapacity: true) }
        widths[key] = result
        return result
    }

    func lineHeight(of font: Font) -> Double {
        guard let face = fonts.face(for: font, pixelScale: pixelScale) else { return fallback.lineHeight(of: font) }
        let opened = max(1, (font.size * pixelScale).rounded())
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
