/// A shadow cut into what is cheap to draw: between its corners the fade runs across the edge
/// only, so each pixel row (above and below) or column (left and right) of it is one rect of one
/// alpha; only the four corners need the shadow's triangles. SDL's software renderer blends a
/// rect several times faster than it rasterizes the same pixels as shaded triangles (a room's
/// shadow: about 0.5 ms as a mesh), and the pieces give the mesh's pixels (within a level or two
/// of 8-bit alpha). Pure arithmetic in pixels, like `ShapeTessellator`.
struct ShadowPieces: Equatable {
    /// One row or column of the fade.
    struct Band: Equatable {
        var rect: ShapeTessellator.PixelRect
        /// Multiplies the shadow colour's alpha.
        var coverage: Float
    }

    var bands: [Band]
    /// The corner patches, through which the whole mesh is drawn clipped.
    var corners: [ShapeTessellator.PixelRect]

    /// Where SDL's software rasterizer shades a pixel, from its top-left corner (its centre).
    static let samplePoint = 0.5

    /// Where SDL's software rasterizer puts a vertex: on a whole pixel, the fraction cut off
    /// (`SW_QueueGeometry` casts to int). The bands place the fade's rings the same way, so
    /// bands, corners and the mesh they replace give the same pixels.
    static func rasterized(_ coordinate: Double) -> Double { coordinate.rounded(.towardZero) }

    /// The pieces of `ShapeTessellator.shadow` for the same arguments, or nil when the rect is too
    /// small to have straight runs (then the mesh is drawn whole).
    init?(x: Double, y: Double, width: Double, height: Double, radius: Double, blur: Double) {
        let b = ShapeTessellator.shadowBlur(blur)
        let r = min(max(radius, 0), max(0, min(width, height) / 2))
        // The corners reach this far in from each edge (the rounded corner, or the fade when
        // it is wider: inner rings of a sharper rect turn their corners further in).
        let reach = max(r, b)
        let innerLeft = Int((x + reach).rounded(.up))
        let innerRight = Int((x + width - reach).rounded(.down))
        let innerTop = Int((y + reach).rounded(.up))
        let innerBottom = Int((y + height - reach).rounded(.down))
        guard innerRight > innerLeft, innerBottom > innerTop else { return nil }
        let outerLeft = Int((x - b).rounded(.down)) - 1
        let outerRight = Int((x + width + b).rounded(.up)) + 1
        let outerTop = Int((y - b).rounded(.down)) - 1
        let outerBottom = Int((y + height + b).rounded(.up)) + 1

        var bands: [Band] = []
        let rings = ShapeTessellator.shadowRings(blur: b)
        /// Coverage of the pixel row or column `index` for an edge at `edge`, the fade growing
        /// outward toward `outward` (−1: up or left, +1: down or right), with the ring positions
        /// where the rasterizer puts the mesh's vertices.
        func coverage(_ index: Int, edge: Double, outward: Double) -> Float {
            let point = Double(index) + Self.samplePoint
            var previous: (position: Double, coverage: Float)?
            for ring in rings {
                let position = Self.rasterized(edge + outward * ring.distance)
                defer { previous = (position, ring.coverage) }
                guard let inner = previous else { continue }
                let from = inner.position
                let to = position
                guard (point - from) * outward >= 0, (point - to) * outward <= 0, from != to else { continue }
                let t = Float((point - from) / (to - from))
                return inner.coverage + (ring.coverage - inner.coverage) * t
            }
            return 0
        }
        func band(_ rect: ShapeTessellator.PixelRect, _ coverage: Float) {
            if coverage > 0 { bands.append(Band(rect: rect, coverage: coverage)) }
        }
        let runWidth = innerRight - innerLeft
        let runHeight = innerBottom - innerTop
        for row in outerTop..<innerTop {
            band(.init(x: innerLeft, y: row, width: runWidth, height: 1), coverage(row, edge: y, outward: -1))
        }
        for row in innerBottom..<outerBottom {
            band(.init(x: innerLeft, y: row, width: runWidth, height: 1), coverage(row, edge: y + height, outward: 1))
        }
        for column in outerLeft..<innerLeft {
            band(.init(x: column, y: innerTop, width: 1, height: runHeight), coverage(column, edge: x, outward: -1))
        }
        for column in innerRight..<outerRight {
            band(
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
