import Graphics

/// Pixel arithmetic the renderer shares between its passes: whole-pixel snapping and whether a
/// rasterized layer's texture can be placed without blending.
enum LayerGeometry {
    /// How far from a half pixel a coordinate may lie and still be taken for one: far below
    /// anything a layout or an animation means, far above what sums of doubles leave behind.
    static let tieTolerance = 1e-9

    /// `value.rounded()`, with a value within `tieTolerance` of a half taken as that half. A
    /// centred 25 pt clock at x 182.5 came out of the kit as 182.5 or 182.49999999999997 as the
    /// order of its sums changed, and landed a whole pixel apart (2026-11-29).
    static func nearestPixel(_ value: Double) -> Double {
        // In half pixels: an odd whole number is a half; within the tolerance of one, take it.
        let halves = (value * 2).rounded()
        let nearAHalf = halves.truncatingRemainder(dividingBy: 2) != 0 && abs(value * 2 - halves) < 2 * tieTolerance
        return (nearAHalf ? halves / 2 : value).rounded()
    }

    /// Snaps a rect's edges to whole pixels, keeping anything thinner than a pixel one pixel thick
    /// (a 0.5 pt separator is a hairline, as on iOS). Renderers disagree on partial pixels: OpenGL
    /// drops a half-pixel rect that the software renderer rounds up, so snapping makes both agree.
    static func snapped(_ rect: Rect) -> Rect {
        let x0 = nearestPixel(rect.minX)
        let y0 = nearestPixel(rect.minY)
        var x1 = nearestPixel(rect.maxX)
        var y1 = nearestPixel(rect.maxY)
        if x1 <= x0 && rect.width > 0 { x1 = x0 + 1 }
        if y1 <= y0 && rect.height > 0 { y1 = y0 + 1 }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when the first thing drawn is an opaque image or fill over the whole layer, so the
    /// texture has no transparent pixels and can be placed without blending.
    static func startsWithOpaqueCover(
        _ commands: [DrawCommand], contentSize: Size, isOpaqueImage: (ImageRef) -> Bool
    ) -> Bool {
        let whole = Rect(origin: .zero, size: contentSize).insetBy(dx: 0.01, dy: 0.01)
        for command in commands {
            switch command {
            case .fill(let rect, let color, let radius):
                return color.isOpaque && radius == 0 && rect.contains(whole)
            case .image(let image, _, let destination, let radius, let alpha):
                return alpha >= 1 && radius == 0 && destination.contains(whole) && isOpaqueImage(image)
            case .pushClip:
                continue
            default:
                return false
            }
        }
        return false
    }
}
