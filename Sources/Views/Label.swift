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

    /// Text that changes every frame (a read-out of live numbers): drawn as its words and each
    /// digit apart, so a renderer that keeps a texture per string keeps a few dozen for any
    /// number instead of making one per frame. The pieces sit where the whole line's would.
    public var isLiveReadout = false

    private var cachedLines: (width: Double, lines: [String])?
    /// Sizes measured lately, by the width offered: a panel that lays out every frame asks each
    /// of its labels at two widths (its widest line, then its column), and wrapping their text
    /// again each time was a quarter of the monkey's frames. A few widths, gone when the text,
    /// font or line limit change.
    private var measuredSizes: [Double: Size] = [:]

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
        measuredSizes = [:]
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
        if let measured = measuredSizes[size.width] { return measured }
        let metrics = contentMetrics
        let wrapper = TextWrapper(font: font, metrics: metrics)
        let laidOut = wrapper.lines(for: text, width: size.width, limit: numberOfLines)
        let widest = laidOut.map { metrics.width(of: $0, font: font) }.max() ?? 0
        let fitting = Size(width: widest.rounded(.up), height: Double(laidOut.count) * wrapper.lineHeight)
        // Kept only when measured in a window, as the lines are.
        if window != nil {
            if measuredSizes.count >= 4 { measuredSizes = [:] }
            measuredSizes[size.width] = fitting
        }
        return fitting
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
            if isLiveReadout {
                for (piece, offset) in Self.readoutPieces(of: line) {
                    let start = offset.isEmpty ? 0 : metrics.width(of: offset, font: font)
                    context.text(
                        piece, font: font, color: textColor, at: Point(x: x + start, y: y),
                        lineSize: Size(width: metrics.width(of: piece, font: font), height: lineHeight))
                }
            } else {
                context.text(
                    line, font: font, color: textColor, at: Point(x: x, y: y),
                    lineSize: Size(width: width, height: lineHeight))
            }
            y += lineHeight
        }
    }

    /// A line cut into runs of anything but digits, and each digit, with the text before each
    /// piece (whose width places it).
    static func readoutPieces(of line: String) -> [(piece: String, before: String)] {
        var pieces: [(String, String)] = []
        var before = ""
        var run = ""
        for character in line {
            if character.isNumber {
                if !run.isEmpty {
                    pieces.append((run, before))
                    before += run
                    run = ""
                }
                pieces.append((String(character), before))
                before.append(character)
            } else {
                run.append(character)
            }
        }
        if !run.isEmpty { pieces.append((run, before)) }
        return pieces
    }
}
