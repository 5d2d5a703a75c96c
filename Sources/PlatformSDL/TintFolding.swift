import Graphics

/// Folds a uniform tint over a picture into the colour beneath it. The pattern — an opaque fill,
/// an opaque image over exactly that rect at alpha p, then a fill of colour T at alpha t over the
/// same rect (the Rooms detail view: background, fading art, the seed's tint) — costs two
/// full-size blended passes. The result is (1 − t)(p·I + (1 − p)·B) + t·T, which is one opaque
/// fill of D = ((1 − t)(1 − p)·B + t·T) / (1 − p + p·t) and one image blended at a = (1 − t)·p:
/// the same pixels for one blended pass.
enum TintFolding {
    static func folded(_ commands: [DrawCommand], isOpaqueImage: (ImageRef) -> Bool) -> [DrawCommand] {
        var result = commands
        var index = 0
        while index < result.count {
            defer { index += 1 }
            guard case .fill(let base, let backColor, 0) = result[index], backColor.isOpaque else { continue }
            // Clips that contain the rect may sit between the fill and the image.
            var imageIndex = index + 1
            while imageIndex < result.count, case .pushClip(let clip) = result[imageIndex], clip.contains(base) {
                imageIndex += 1
            }
            guard imageIndex + 1 < result.count,
                case .image(let image, let source, let destination, 0, let p) = result[imageIndex],
                destination == base, isOpaqueImage(image),
                case .fill(let tintRect, let tint, 0) = result[imageIndex + 1], tintRect == base, !tint.isOpaque
            else { continue }
            let t = tint.alpha
            let weight = 1 - p + p * t
            guard weight > 1e-6 else { continue }
            let back = (1 - t) * (1 - p)
            func channel(_ b: Double, _ c: Double) -> Double { (back * b + t * c) / weight }
            let folded = Color(
                red: channel(backColor.red, tint.red), green: channel(backColor.green, tint.green),
                blue: channel(backColor.blue, tint.blue), alpha: 1)
            result[index] = .fill(rect: base, color: folded, cornerRadius: 0)
            result[imageIndex] = .image(
                image, source: source, destination: destination, cornerRadius: 0, alpha: (1 - t) * p)
            result.remove(at: imageIndex + 1)
        }
        return result
    }
}
