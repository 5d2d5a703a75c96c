import Graphics

/// Horizontal placement of each line inside a label.
public enum TextAlignment: Sendable {
    case left, center, right
}

/// Text in one font and colour, wrapped to the label's width by words (as UILabel with
/// `numberOfLines = 0`), vertically centred in its bounds as UILabel draws.
@MainActor
open class Label: View {
    public var text: String = "" { didSet { invalidateLines() } }
    public var font: Font = .system(17) { didSet { invalidateLines() } }
    public var textColor: Color = .black
    public var textAlignment: TextAlignment = .left
    /// 0 wraps without limit; 1 (the default, as UIKit) keeps one line and truncates the tail with "…".
    public var numberOfLines: Int = 1 { didSet { invalidateLines() } }

    private var cachedLines: (width: Double, lines: [String])?

    public init(text: String = "", font: Font = .system(17), color: Color = .black, alignment: TextAlignment = .left) {
        super.init(frame: .zero)
        self.text = text
        self.font = font
        self.textColor = color
        self.textAlignment = alignment
        isUserInteractionEnabled = false
    }

    private func invalidateLines() {
        cachedLines = nil
    }

    /// The lines as drawn at the current width.
    public var lines: [String] {
        let width = bounds.width
        if let cached = cachedLines, cached.width == width { return cached.lines }
        let laidOut = TextWrapper(font: font, metrics: contentMetrics).lines(
            for: text, width: width, limit: numberOfLines)
        // Kept only when measured in a window: outside one the metrics are an estimate.
        if window != nil { cachedLines = (width, laidOut) }
        return laidOut
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let metrics = contentMetrics
        let wrapper = TextWrapper(font: font, metrics: metrics)
        let laidOut = wrapper.lines(for: text, width: size.width, limit: numberOfLines)
        let widest = laidOut.map { metrics.width(of: $0, font: font) }.max() ?? 0
        return Size(width: widest.rounded(.up), height: Double(laidOut.count) * wrapper.lineHeight)
    }

    open override func drawContent(in context: inout DrawingContext) {
        let metrics = contentMetrics
        let lineHeight = metrics.lineHeight(of: font)
        let laidOut = lines
        let bounds = context.bounds
        var y = bounds.minY + (bounds.height - Double(laidOut.count) * lineHeight) / 2
        for line in laidOut {
            let width = metrics.width(of: line, font: font)
            let x: Double
            switch textAlignment {
            case .left: x = bounds.minX
            case .center: x = bounds.minX + (bounds.width - width) / 2
            case .right: x = bounds.maxX - width
            }
            context.text(
                line, font: font, color: textColor, at: Point(x: x, y: y),
                lineSize: Size(width: width, height: lineHeight))
            y += lineHeight
        }
    }
}
