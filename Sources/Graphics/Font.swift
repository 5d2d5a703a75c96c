/// A font request: the backend maps it onto a face on disk (see `docs/ARCHITECTURE.md`, "Fonts").
public struct Font: Hashable, Sendable {
    public enum Weight: String, Hashable, Sendable {
        case regular
        case bold
    }

    public var size: Double
    public var weight: Weight

    public init(size: Double, weight: Weight = .regular) {
        self.size = size
        self.weight = weight
    }

    public static func system(_ size: Double) -> Font { Font(size: size) }
    public static func bold(_ size: Double) -> Font { Font(size: size, weight: .bold) }
}

/// An image by asset name (a file `Assets/<name>.png`); the backend loads and caches the pixels.
public struct ImageRef: Hashable, Sendable {
    public var name: String

    public init(_ name: String) {
        self.name = name
    }
}

/// What the kit must know about text and images to lay them out, answered by the backend that will draw them.
///
/// Lives here, below the view tree, so that `Label` can wrap lines without knowing about SDL_ttf.
@MainActor
public protocol ContentMetrics: AnyObject {
    /// Advance width of a single line of `text`, in points.
    func width(of text: String, font: Font) -> Double
    /// Distance between baselines of two lines, in points.
    func lineHeight(of font: Font) -> Double
    /// Pixel size of the image, or nil when it cannot be loaded.
    func size(of image: ImageRef) -> Size?
    /// Says that `image` will be drawn soon: a backend may start decoding it now.
    func prefetch(_ image: ImageRef)
    /// Whether `image` can be drawn now, not still decoding in the background.
    func isReady(_ image: ImageRef) -> Bool
}

extension ContentMetrics {
    public func prefetch(_ image: ImageRef) {}
    public func isReady(_ image: ImageRef) -> Bool { true }
}

/// Metrics that need no font files: fixed advance per character. Used by pure kit tests and as the
/// fallback when no font can be found, so layout stays sensible either way.
@MainActor
public final class EstimatedContentMetrics: ContentMetrics {
    public var advancePerEm: Double

    public init(advancePerEm: Double = 0.5) {
        self.advancePerEm = advancePerEm
    }

    public func width(of text: String, font: Font) -> Double {
        Double(text.count) * font.size * advancePerEm
    }

    public func lineHeight(of font: Font) -> Double {
        (font.size * 1.2).rounded()
    }

    public func size(of image: ImageRef) -> Size? { nil }
}
