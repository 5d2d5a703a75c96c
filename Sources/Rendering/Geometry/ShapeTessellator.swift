#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns soft shadows and rounded pictures into triangles with per-vertex alpha, so shadows fade
/// smoothly and a picture's rounded edge is feathered, with no texture per size. (Filled rounded
/// rects are drawn as `RoundedRectCoverage`: SDL's software renderer puts vertices on whole
/// pixels, too coarse for a 1-pixel feather to follow the edge.) Pure arithmetic in pixels; the
/// renderer feeds the result to `SDL_RenderGeometry`.
struct ShapeTessellator {
    struct Vertex: Equatable {
        var x: Float
        var y: Float
        /// Multiplies the shape colour's alpha.
        var coverage: Float
    }

    struct Mesh: Equatable {
        var vertices: [Vertex] = []
        var indices: [Int32] = []
        /// How many leading indices draw triangles of full coverage (the fan inside a filled
        /// shape): an opaque colour draws them without blending, which costs far less on the
        /// software renderer and gives the same pixels.
        var solidIndexCount = 0
    }

    /// One ring of the shape: the rounded rect pushed out by `distance` (negative = inward).
    struct Ring {
        var distance: Double
        var coverage: Float
    }

    /// A filled rounded rect with a 1-pixel antialiased edge: a rounded picture's mesh.
    static func roundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double) -> Mesh {
        mesh(x: x, y: y, width: width, height: height, radius: radius, rings: edgeRings)
    }

    /// The 1-pixel antialiased edge of a filled shape: full inside, nothing outside.
    static let edgeRings = [Ring(distance: -0.5, coverage: 1), Ring(distance: 0.5, coverage: 0)]

    /// A whole-pixel rectangle.
    struct PixelRect: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// A shadow: full strength `blur` inside the edge, fading to nothing `blur` outside it, along an
    /// S-curve close to a Gaussian's integral so it reads as soft rather than as a hard band.
    /// Hollow: the middle lies under the view casting it (opaque in every scene), and filling it
    /// would blend a whole panel-sized area for nothing.
    static func shadow(x: Double, y: Double, width: Double, height: Double, radius: Double, blur: Double) -> Mesh {
        mesh(
            x: x, y: y, width: width, height: height, radius: radius, rings: shadowRings(blur: shadowBlur(blur)),
            filled: false)
    }

    /// The fade's half width in pixels: never under half a pixel, so even a sharp shadow is soft.
    static func shadowBlur(_ blur: Double) -> Double { max(blur, 0.5) }

    static func shadowRings(blur b: Double) -> [Ring] {
        [
            Ring(distance: -b, coverage: 1), Ring(distance: -b / 2, coverage: 0.84),
            Ring(distance: 0, coverage: 0.5), Ring(distance: b / 2, coverage: 0.16),
            Ring(distance: b, coverage: 0),
        ]
    }

    /// Segments per quarter circle: enough that a large circle's edge looks round, few for small radii.
    static func segments(forRadius radius: Double) -> Int {
        min(max(Int((radius / 2).rounded(.up)), 2), 48)
    }

    static func mesh(
        x: Double, y: Double, width: Double, height: Double, radius: Double, rings: [Ring], filled: Bool = true
    ) -> Mesh {
        let maxRadius = max(0, min(width, height) / 2)
        let r = min(max(radius, 0), maxRadius)
        let outerReach = rings.map { r + $0.distance }.max() ?? r
        let n = segments(forRadius: outerReach)
        let centreX = x + width / 2
        let centreY = y + height / 2
        var result = Mesh()
        result.vertices.append(Vertex(x: Float(centreX), y: Float(centreY), coverage: rings.first?.coverage ?? 1))
        let perRing = 4 * (n + 1)
        for ring in rings {
            // The rect grown by `distance`, with the corner radius grown alike but never below zero.
            let grownX0 = min(x - ring.distance, centreX)
            let grownY0 = min(y - ring.distance, centreY)
            let grownX1 = max(x + width + ring.distance, centreX)
            let grownY1 = max(y + height + ring.distance, centreY)
            let ringRadius = min(max(r + ring.distance, 0), min(grownX1 - grownX0, grownY1 - grownY0) / 2)
            let corners: [(cx: Double, cy: Double, startAngle: Double)] = [
                (grownX1 - ringRadius, grownY0 + ringRadius, -Double.pi / 2),
                (grownX1 - ringRadius, grownY1 - ringRadius, 0),
                (grownX0 + ringRadius, grownY1 - ringRadius, Double.pi / 2),
                (grownX0 + ringRadius, grownY0 + ringRadius, Double.pi),
            ]
            for corner in corners {
                for step in 0...n {
                    let angle = corner.startAngle + Double(step) / Double(n) * Double.pi / 2
                    result.vertices.append(
                        Vertex(
                            x: Float(corner.cx + cos(angle) * ringRadius),
                            y: Float(corner.cy + sin(angle) * ringRadius),
                            coverage: ring.coverage))
                }
            }
        }
        // Fan from the centre to the innermost ring (left out of hollow shapes).
        if filled {
            for k in 0..<perRing {
                result.indices += [0, Int32(1 + k), Int32(1 + (k + 1) % perRing)]
            }
            if rings.first?.coverage == 1 { result.solidIndexCount = result.indices.count }
        }
        // Strips between consecutive rings.
        for ringIndex in 0..<(rings.count - 1) {
            let inner = 1 + ringIndex * perRing
            let outer = inner + perRing
            for k in 0..<perRing {
                let next = (k + 1) % perRing
                result.indices += [
                    Int32(inner + k), Int32(outer + k), Int32(outer + next),
                    Int32(inner + k), Int32(outer + next), Int32(inner + next),
                ]
            }
        }
        return result
    }
}
