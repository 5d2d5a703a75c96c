import Graphics

/// Folds a uniform tint over a picture into the colour beneath it. The pattern — an opaque fill,
/// an opaque image over exactly that rect at alpha p, then a fill of colour T at alpha t over the
/// same rect (the Rooms detail view: background, fading art, the seed's tint) — costs two
/// full-size blended passes. The result is (1 − t)(p·I + (1 − p)·B) + t·T, which is one opaque
/// fill of D = ((1 − t)(1 − p)·B + t·T) / (1 − p + p·t) and one image blended at a = (1 − t)·p:
/// the same pixels for one blended pass. The tint's blend, left out, would have lost the
/// renderer's `blendLoss` to rounding: the folded fill is that much darker where it shows, so a
/// shadow over the folded picture (a level off on its own) stays within the render check's two.
public struct TintFolding: RenderPass {
    public init() {}

    public var option: RenderOptions { .foldTints }

    public func apply(to list: DisplayList, in context: PassContext) -> DisplayList {
        DisplayList(
            commands: Self.folded(
                list.commands, isOpaqueImage: context.isOpaqueImage, blendLoss: context.costModel.blendLoss),
            clearColor: list.clearColor,
            viewport: list.viewport)
    }

    public static func folded(
        _ commands: [DrawCommand], isOpaqueImage: (ImageRef) -> Bool, blendLoss: Double = 0
    ) -> [DrawCommand] {
        var result = commands
        var index = 0
        while index < result.count {
            defer { index += 1 }
            guard case .fill(let base, let backColor, 0) = result[index], backColor.isOpaque else { continue }
            // Clips may sit between the fill and the image: ones that contain the rect, and the
            // clip occlusion culling puts around what shows of a picture mostly under a sheet
            // (the rect's uncovered part rounded out to whole points; what lies beyond the rect
            // in it is covered later, so the picture may spill there).
            var imageIndex = index + 1
            var clippedToBase = false
            while imageIndex < result.count, case .pushClip(let clip) = result[imageIndex], clip.contains(base) {
                if base.insetBy(dx: -1, dy: -1).contains(clip) { clippedToBase = true }
                imageIndex += 1
            }
            guard imageIndex < result.count,
                case .image(let image, let source, let destination, 0, let p) = result[imageIndex],
                destination == base || (clippedToBase && destination.contains(base)), isOpaqueImage(image)
            else { continue }
            // The clips around the picture may close before the tint.
            var tintIndex = imageIndex + 1
            while tintIndex < result.count, case .popClip = result[tintIndex],
                tintIndex - imageIndex <= imageIndex - index
            {
                tintIndex += 1
            }
            guard tintIndex < result.count, case .fill(let tintRect, let tint, 0) = result[tintIndex], tintRect == base,
                !tint.isOpaque
            else { continue }
            let t = tint.alpha
            let weight = 1 - p + p * t
            guard weight > 1e-6 else { continue }
            let back = (1 - t) * (1 - p)
            // The fill shows through 1 − a of each pixel: the loss over that share (at most 4
            // levels, where the picture nearly hides it).
            let loss = min(blendLoss / 255 / max(weight, 1e-6), 4.0 / 255)
            func channel(_ b: Double, _ c: Double) -> Double { max(0, (back * b + t * c) / weight - loss) }
            let folded = Color(
                red: channel(backColor.red, tint.red), green: channel(backColor.green, tint.green),
                blue: channel(backColor.blue, tint.blue), alpha: 1)
            result[index] = .fill(rect: base, color: folded, cornerRadius: 0)
            result[imageIndex] = .image(
                image, source: source, destination: destination, cornerRadius: 0, alpha: (1 - t) * p)
            result.remove(at: tintIndex)
        }
        return result
    }
}
