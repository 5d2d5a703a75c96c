/// A shadow's rings cut into what is cheap to draw. Between the corners the rings run straight,
/// so coverage changes across the edge only: each pixel row (above and below) or column (left
/// and right) of the rings is one rect of one alpha. Only the four corners need the shape's
/// triangles. SDL's software renderer blends a rect several times faster than it rasterizes the
/// same pixels as shaded triangles (a room's shadow: about 0.5 ms as a mesh), and the pieces give
/// the mesh's pixels (within a level or two of 8-bit alpha). Pure arithmetic in pixels, like
/// `ShapeTessellator`. (Filled rounded rects are drawn exactly as `RoundedRectCoverage`.)
struct RingPieces: Equatable {
    /// One run of rows or columns of one coverage.
    struct Band: Equatable {
        var rect: ShapeTessellator.PixelRect
        /// Multiplies the shape colour's alpha.
        var coverage: Float
    }

    var bands: [Band]
    /// The corner patches, through which the shape's mesh is drawn clipped.
    var corners: [ShapeTessellator.PixelRect]

    /// Where SDL's software rasterizer shades a pixel, from its top-left corner (its centre).
    static let samplePoint = 0.5

    /// Where SDL's software rasterizer puts a vertex: on a whole pixel, the fraction cut off
    /// (`SW_QueueGeometry` casts to int) from the mesh's single-precision coordinate. The bands
    /// place the rings the same way, so bands, corners and the mesh they replace give the same
    /// pixels — including an edge a hair under a whole pixel (174.9999999), which single
    /// precision rounds up to 175 before the cast: cut in double precision it lands a column off.
    static func rasterized(_ coordinate: Double) -> Double { Double(Float(coordinate)).rounded(.towardZero) }

    /// The pieces of `ShapeTessellator.shadow` for the same arguments, or nil when the rect is
    /// too small to have straight runs either way (then the mesh is drawn whole).
    static func shadow(x: Double, y: Double, width: Double, height: Double, radius: Double, blur: Double)
        -> RingPieces?
    {
        let b = ShapeTessellator.shadowBlur(blur)
        return RingPieces(
            x: x, y: y, width: width, height: height, radius: radius, rings: ShapeTessellator.shadowRings(blur: b))
    }

    /// `rings` from the innermost out, as `ShapeTessellator.mesh` takes them, hollow inside the
    /// innermost ring (the view casting the shadow covers it).
    init?(x: Double, y: Double, width: Double, height: Double, radius: Double, rings: [ShapeTessellator.Ring]) {
        guard let innermost = rings.first, let outermost = rings.last else { return nil }
        let r = min(max(radius, 0), max(0, min(width, height) / 2))
        // The corners reach this far in from each edge: the rounded corner, or the innermost ring
        // when it lies deeper (inner rings of a sharper rect turn their corners further in).
        let reach = max(r, -innermost.distance)
        var innerLeft = Int((x + reach).rounded(.up))
        var innerRight = Int((x + width - reach).rounded(.down))
        var innerTop = Int((y + reach).rounded(.up))
        var innerBottom = Int((y + height - reach).rounded(.down))
        // Straight one way only (a pill): the corners meet in the middle the other way.
        guard innerRight > innerLeft || innerBottom > innerTop else { return nil }
        if innerRight < innerLeft {
            innerLeft = (innerLeft + innerRight) / 2
            innerRight = innerLeft
        }
        if innerBottom < innerTop {
            innerTop = (innerTop + innerBottom) / 2
            innerBottom = innerTop
        }
        let spread = outermost.distance
        let outerLeft = Int((x - spread).rounded(.down)) - 1
        let outerRight = Int((x + width + spread).rounded(.up)) + 1
        let outerTop = Int((y - spread).rounded(.down)) - 1
        let outerBottom = Int((y + height + spread).rounded(.up)) + 1

        func coverage(_ index: Int, edge: Double, outward: Double) -> Float {
            Self.coverage(of: index, edge: edge, outward: outward, rings: rings)
        }
        var bands: [Band] = []
        func add(_ rect: ShapeTessellator.PixelRect, _ coverage: Float) { Self.append(rect, coverage, to: &bands) }
        let runWidth = innerRight - innerLeft
        let runHeight = innerBottom - innerTop
        for row in outerTop..<innerTop {
            add(.init(x: innerLeft, y: row, width: runWidth, height: 1), coverage(row, edge: y, outward: -1))
        }
        for row in innerBottom..<outerBottom {
            add(.init(x: innerLeft, y: row, width: runWidth, height: 1), coverage(row, edge: y + height, outward: 1))
        }
        for column in outerLeft..<innerLeft {
            add(.init(x: column, y: innerTop, width: 1, height: runHeight), coverage(column, edge: x, outward: -1))
        }
        for column in innerRight..<outerRight {
            add(
                .init(x: column, y: innerTop, width: 1, height: runHeight),
                coverage(column, edge: x + width, outward: 1))
        }
        self.bands = bands
        corners = [
            .init(x: outerLeft, y: outerTop, width: innerLeft - outerLeft, height: innerTop - outerTop),
            .init(x: innerRight, y: outerTop, width: outerRight - innerRight, height: innerTop - outerTop),
            .init(x: outerLeft, y: innerBottom, width: innerLeft - outerLeft, height: outerBottom - innerBottom),
            .init(x: innerRight, y: innerBottom, width: outerRight - innerRight, height: outerBottom - innerBottom),
        ]
    }

    /// Coverage of the pixel row or column `index` for an edge at `edge`, the rings growing
    /// toward `outward` (−1: up or left, +1: down or right).
    private static func coverage(of index: Int, edge: Double, outward: Double, rings: [ShapeTessellator.Ring]) -> Float
    {
        let point = Double(index) + Self.samplePoint
        var previous: (position: Double, coverage: Float)?
        for ring in rings {
            let position = Self.rasterized(edge + outward * ring.distance)
            defer { previous = (position, ring.coverage) }
            guard let inner = previous else {
                // Inside the innermost ring: hollow.
                if (point - position) * outward < 0 { return 0 }
                continue
            }
            guard (point - inner.position) * outward >= 0, (point - position) * outward <= 0,
                inner.position != position
            else { continue }
            let t = Float((point - inner.position) / (position - inner.position))
            return inner.coverage + (ring.coverage - inner.coverage) * t
        }
        return 0
    }

    /// Adds a row or column, merged into the band before it when that has the same coverage
    /// and lies right next to it.
    private static func append(_ rect: ShapeTessellator.PixelRect, _ coverage: Float, to bands: inout [Band]) {
        guard coverage > 0, rect.width > 0, rect.height > 0 else { return }
        if let last = bands.last, last.coverage == coverage {
            let rowAfter =
                rect.width == last.rect.width && rect.x == last.rect.x
                && rect.y == last.rect.y + last.rect.height
            let columnAfter =
                rect.height == last.rect.height && rect.y == last.rect.y
                && rect.x == last.rect.x + last.rect.width
            if rowAfter {
                bands[bands.count - 1].rect.height += rect.height
                return
            }
            if columnAfter {
                bands[bands.count - 1].rect.width += rect.width
                return
            }
        }
        bands.append(Band(rect: rect, coverage: coverage))
    }

    /// The indices of `mesh`'s triangles whose bounds touch `patch`: a corner is drawn with
    /// these alone (clipped to the patch), not the hundred-odd triangles of the whole ring.
    static func triangles(of mesh: ShapeTessellator.Mesh, touching patch: ShapeTessellator.PixelRect) -> [Int32] {
        let minX = Float(patch.x)
        let minY = Float(patch.y)
        let maxX = Float(patch.x + patch.width)
        let maxY = Float(patch.y + patch.height)
        var result: [Int32] = []
        var index = 0
        while index + 2 < mesh.indices.count {
            let a = mesh.vertices[Int(mesh.indices[index])]
            let b = mesh.vertices[Int(mesh.indices[index + 1])]
            let c = mesh.vertices[Int(mesh.indices[index + 2])]
            if max(a.x, b.x, c.x) >= minX && min(a.x, b.x, c.x) <= maxX && max(a.y, b.y, c.y) >= minY
                && min(a.y, b.y, c.y) <= maxY
            {
                result += mesh.indices[index...(index + 2)]
            }
            index += 3
        }
        return result
    }
}
