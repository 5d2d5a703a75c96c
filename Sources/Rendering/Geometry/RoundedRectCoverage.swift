/// A filled rounded rect (a circle when the radius is half its side) as whole-pixel rects of one
/// alpha each, the only thing SDL's software renderer draws both exactly and fast: rows of pixels
/// the shape covers wholly are `solid` spans at the colour's alpha, and each pixel its edge
/// crosses gets the colour's alpha times its share of the shape (`edge`, runs of one alpha).
/// Every pixel is drawn once: nothing is blended twice or left out where spans and edge meet.
/// Geometry could not do this: SDL 2.26 cuts a vertex to whole pixels (`SW_QueueGeometry`), so an
/// antialiased ring's alpha fell half a pixel either way of the edge (off by up to all of full
/// scale against the circle's coverage), and small circles showed the ring's few straight segments.
/// Pure arithmetic in pixels, like `ShapeTessellator`.
struct RoundedRectCoverage: Equatable {
    struct Run: Equatable {
        var rect: ShapeTessellator.PixelRect
        var alpha: UInt8
    }

    /// Pixels wholly inside, drawn at the colour's own alpha.
    var solid: [ShapeTessellator.PixelRect] = []
    /// Pixels the edge crosses, at the colour's alpha times their coverage, rounded.
    var edge: [Run] = []

    /// The shape and its corners' centres (the rect inset by the radius), in pixels.
    struct Shape {
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double
        var radius: Double

        init(x: Double, y: Double, width: Double, height: Double, radius: Double) {
            minX = x
            minY = y
            maxX = x + width
            maxY = y + height
            self.radius = min(max(radius, 0), width / 2, height / 2)
        }

        var innerMinX: Double { minX + radius }
        var innerMaxX: Double { maxX - radius }
        var innerMinY: Double { minY + radius }
        var innerMaxY: Double { maxY - radius }

        /// How far the edge lies in from the straight side `depth` into a corner's rows.
        func inset(depth: Double) -> Double {
            guard depth > 0 else { return 0 }
            return radius - max(radius * radius - depth * depth, 0).squareRoot()
        }

        /// The share of pixel (`x`, `y`) inside the shape: exact along the straight sides (and for
        /// a shape thinner than a pixel); in a corner, the edge taken as straight across the pixel
        /// along the circle's tangent (within 0.015 of exact from a 3-pixel radius up, 0.06 at 1).
        func coverage(x: Int, y: Int) -> Double {
            let left = Double(x)
            let top = Double(y)
            let across = min(max(min(left + 1, maxX) - max(left, minX), 0), 1)
            let down = min(max(min(top + 1, maxY) - max(top, minY), 0), 1)
            let rect = across * down
            let centreX = left + 0.5
            let centreY = top + 0.5
            let dx = max(innerMinX - centreX, centreX - innerMaxX, 0)
            let dy = max(innerMinY - centreY, centreY - innerMaxY, 0)
            guard radius > 0, dx > 0, dy > 0 else { return rect }
            let distance = (dx * dx + dy * dy).squareRoot()
            return min(
                rect,
                Self.halfPlaneCoverage(
                    inside: radius - distance, major: max(dx, dy) / distance, minor: min(dx, dy) / distance))
        }

        /// The area of a unit pixel on the inner side of a straight edge `inside` pixels from its
        /// centre (negative: outside), the edge's normal having components `major` ≥ `minor` ≥ 0:
        /// linear while the edge crosses both long sides of the pixel, quadratic in its corners.
        static func halfPlaneCoverage(inside u: Double, major a: Double, minor b: Double) -> Double {
            let half = (a + b) / 2
            let flat = (a - b) / 2
            if u >= half { return 1 }
            if u <= -half { return 0 }
            if u < -flat { return (u + half) * (u + half) / (2 * a * b) }
            if u > flat { return 1 - (half - u) * (half - u) / (2 * a * b) }
            return 0.5 + u / a
        }
    }

    /// One row's pieces, left to right (compared with the row above to merge straight runs).
    private struct Piece: Equatable {
        var x: Int
        var width: Int
        var alpha: UInt8
        var isSolid: Bool
    }

    /// The pieces of row `row` within `columns`: its solid middle (where the row lies wholly
    /// inside the shape, `far` being how deep its farthest line lies in a corner) and the edge
    /// pixels either side, each at its coverage, runs of one level merged.
    private static func addPieces(
        ofRow row: Int, columns: Range<Int>, far: Double, shape: Shape, alpha: UInt8, column: (Double) -> Int,
        to pieces: inout [Piece]
    ) {
        var solidFrom = columns.upperBound
        var solidTo = columns.upperBound
        if Double(row) >= shape.minY && Double(row + 1) <= shape.maxY {
            let inset = shape.inset(depth: far)
            let a = column((shape.minX + inset).rounded(.up))
            let b = column((shape.maxX - inset).rounded(.down))
            if a < b {
                solidFrom = a
                solidTo = b
            }
        }
        let colourAlpha = Double(alpha)
        /// Adds the edge pixels `range` of this row, each at its coverage.
        func addEdge(_ range: Range<Int>) {
            for px in range {
                let level = (colourAlpha * shape.coverage(x: px, y: row)).rounded()
                guard level >= 1 else { continue }
                let value = UInt8(min(level, 255))
                if let last = pieces.last, !last.isSolid, last.alpha == value, last.x + last.width == px {
                    pieces[pieces.count - 1].width += 1
                } else {
                    pieces.append(Piece(x: px, width: 1, alpha: value, isSolid: false))
                }
            }
        }
        addEdge(columns.lowerBound..<solidFrom)
        if solidFrom < solidTo {
            pieces.append(Piece(x: solidFrom, width: solidTo - solidFrom, alpha: alpha, isSolid: true))
            addEdge(solidTo..<columns.upperBound)
        }
    }

    /// The rounded rect in pixels, filled with a colour of 8-bit alpha `alpha`, within `visible`
    /// (pixels outside it are neither computed nor listed). Rows alike (the straight middle, a
    /// straight side's edge column) merge into taller rects.
    init(
        x: Double, y: Double, width: Double, height: Double, radius: Double, alpha: UInt8,
        within visible: ShapeTessellator.PixelRect
    ) {
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite, width > 0, height > 0, alpha > 0 else {
            return
        }
        let shape = Shape(x: x, y: y, width: width, height: height, radius: radius.isFinite ? radius : 0)
        let clipLeft = Double(visible.x)
        let clipRight = Double(visible.x + visible.width)
        /// A column bound kept inside the visible columns before it becomes an Int.
        func column(_ value: Double) -> Int { Int(min(max(value, clipLeft), clipRight)) }
        let top = max(shape.minY.rounded(.down), Double(visible.y))
        let bottom = min(shape.maxY.rounded(.up), Double(visible.y + visible.height))
        guard top < bottom, column(shape.minX.rounded(.down)) < column(shape.maxX.rounded(.up)) else { return }

        var previous: [Piece] = []
        var previousIndices: [Int] = []
        var pieces: [Piece] = []
        var row = Int(top)
        while row < Int(bottom) {
            let rowTop = max(Double(row), shape.minY)
            let rowBottom = min(Double(row + 1), shape.maxY)
            // How deep the row's nearest and farthest lines lie in a corner.
            let near = max(shape.innerMinY - rowBottom, rowTop - shape.innerMaxY, 0)
            let far = max(shape.innerMinY - rowTop, rowBottom - shape.innerMaxY, 0)
            // A row wholly between the corners stands for every row down to the lower corners.
            let isStraight = far == 0 && Double(row) >= shape.minY && Double(row + 1) <= shape.maxY
            let rows = isStraight ? max(Int(min(shape.innerMaxY.rounded(.down), bottom)) - row, 1) : 1
            defer { row += rows }
            let reach = shape.inset(depth: near)
            let from = column((shape.minX + reach).rounded(.down))
            let to = column((shape.maxX - reach).rounded(.up))
            pieces.removeAll(keepingCapacity: true)
            if from < to {
                Self.addPieces(
                    ofRow: row, columns: from..<to, far: far, shape: shape, alpha: alpha, column: column, to: &pieces)
            }
            if !pieces.isEmpty && pieces == previous {
                for index in previousIndices {
                    if index >= 0 {
                        solid[index].height += rows
                    } else {
                        edge[-index - 1].rect.height += rows
                    }
                }
                continue
            }
            previousIndices.removeAll(keepingCapacity: true)
            for piece in pieces {
                let rect = ShapeTessellator.PixelRect(x: piece.x, y: row, width: piece.width, height: rows)
                if piece.isSolid {
                    previousIndices.append(solid.count)
                    solid.append(rect)
                } else {
                    previousIndices.append(-edge.count - 1)
                    edge.append(Run(rect: rect, alpha: piece.alpha))
                }
            }
            swap(&previous, &pieces)
        }
    }
}
