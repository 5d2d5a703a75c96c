/// How well a template matches a frame where a box says: the normalized cross-correlation of the
/// template's pixels with the frame sampled under the box (bilinear, so the box may sit and size
/// anywhere between pixels). Normalized, a match holds while the element fades or the lighting
/// changes (a gain and an offset); 1 is a perfect match.
struct TemplateMatcher {
    /// The template's pixels at the grid's points, row after row, less their mean, over their spread.
    private let values: [Float]
    /// Where the grid's columns and rows sit in the template, in its pixels (centres).
    private let columns: [Float]
    private let rows: [Float]
    let templateWidth: Double
    let templateHeight: Double

    /// `template`'s pixels every `stride` pixels each way (a large template need not be read whole).
    init?(template: GreyImage, stride: Int = 1) {
        let step = max(1, stride)
        let xs = Array(Swift.stride(from: 0, to: template.width, by: step))
        let ys = Array(Swift.stride(from: 0, to: template.height, by: step))
        var raw: [Float] = []
        raw.reserveCapacity(xs.count * ys.count)
        for y in ys { for x in xs { raw.append(template.pixels[y * template.width + x]) } }
        let mean = raw.reduce(0, +) / Float(max(raw.count, 1))
        let centred = raw.map { $0 - mean }
        let spread = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
        // A flat template (one colour) matches everything equally: nothing to follow.
        guard spread > 1e-3 else { return nil }
        values = centred.map { $0 / spread }
        columns = xs.map { Float($0) + 0.5 }
        rows = ys.map { Float($0) + 0.5 }
        templateWidth = Double(template.width)
        templateHeight = Double(template.height)
    }

    /// The correlation of the template with `frame` under `box` (in the frame's pixels).
    func score(_ frame: GreyImage, _ box: TrackedBox) -> Float {
        // The grid is separable: each column's place across the frame, and each row's down it,
        // once per score, not per sample.
        let sx = Float(box.width / templateWidth)
        let sy = Float(box.height / templateHeight)
        let (left, across) = Self.places(columns, origin: Float(box.x) - 0.5, scale: sx, limit: frame.width)
        let (top, down) = Self.places(rows, origin: Float(box.y) - 0.5, scale: sy, limit: frame.height)
        let width = frame.width
        let gridWidth = columns.count
        // Sums of a row in Float (short), the whole in Double: 8-bit values squared over ten
        // thousand samples are past Float's seven digits, and the spread is their difference.
        var sum = 0.0
        var sumSquares = 0.0
        var dot = 0.0
        frame.pixels.withUnsafeBufferPointer { p in
            values.withUnsafeBufferPointer { v in
                for row in 0..<rows.count {
                    let y0 = top[row].index
                    let y1 = top[row].next
                    let ay = down[row]
                    let upper = y0 * width
                    let lower = y1 * width
                    let base = row * gridWidth
                    var rowSum: Float = 0
                    var rowSquares: Float = 0
                    var rowDot: Float = 0
                    for column in 0..<gridWidth {
                        let x0 = left[column].index
                        let x1 = left[column].next
                        let ax = across[column]
                        let a = p[upper + x0]
                        let b = p[upper + x1]
                        let c = p[lower + x0]
                        let d = p[lower + x1]
                        let above = a + (b - a) * ax
                        let sample = above + (c + (d - c) * ax - above) * ay
                        rowSum += sample
                        rowSquares += sample * sample
                        rowDot += v[base + column] * sample
                    }
                    sum += Double(rowSum)
                    sumSquares += Double(rowSquares)
                    dot += Double(rowDot)
                }
            }
        }
        let n = Double(values.count)
        let variance = sumSquares - sum * sum / n
        // A flat patch of frame (the element gone, a blank screen: under a level of spread on
        // average) matches nothing.
        guard variance > n else { return -1 }
        return Float(dot / variance.squareRoot())
    }

    /// Where each grid line lands in the frame: the pixel before it, the one after (the same at the
    /// frame's edge) and how far between them.
    private static func places(_ lines: [Float], origin: Float, scale: Float, limit: Int) -> (
        [(index: Int, next: Int)], [Float]
    ) {
        let last = Float(limit - 1)
        var pixels: [(index: Int, next: Int)] = []
        var fractions: [Float] = []
        pixels.reserveCapacity(lines.count)
        fractions.reserveCapacity(lines.count)
        for line in lines {
            let at = min(max(origin + line * scale, 0), last)
            let index = Int(at)
            pixels.append((index, at < last ? index + 1 : index))
            fractions.append(at - Float(index))
        }
        return (pixels, fractions)
    }
}
