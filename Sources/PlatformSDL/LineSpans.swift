import Rendering

/// A one-pixel line as the spans of whole pixels it covers, row by row (Bresenham between the
/// pixels its ends fall in). SDL clips a line to its surface before it steps along it, so a line
/// drawn a band at a time would take other pixels where it crosses a band's edge; as spans every
/// band fills exactly its own rows of the same line.
enum LineSpans {
    static func spans(from start: (x: Float, y: Float), to end: (x: Float, y: Float)) -> [PixelBox] {
        var x = Int32(start.x.rounded(.down))
        var y = Int32(start.y.rounded(.down))
        let endX = Int32(end.x.rounded(.down))
        let endY = Int32(end.y.rounded(.down))
        let stepX: Int32 = x < endX ? 1 : -1
        let stepY: Int32 = y < endY ? 1 : -1
        let width = abs(endX - x)
        let height = -abs(endY - y)
        var error = width + height
        var spans: [PixelBox] = []
        var runStart = x
        while true {
            let atEnd = x == endX && y == endY
            let doubled = 2 * error
            let movesDown = !atEnd && doubled <= width
            if atEnd || movesDown {
                spans.append(PixelBox(x: min(runStart, x), y: y, w: abs(x - runStart) + 1, h: 1))
            }
            if atEnd { return spans }
            if doubled >= height {
                error += height
                x += stepX
            }
            if movesDown {
                error += width
                y += stepY
                runStart = x
            }
        }
    }
}
