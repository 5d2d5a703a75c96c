/// The rules for fitting content into a texture, for every texture the drawing keeps (a view's
/// layer, a transformed picture's copy, a spare) and the scratch it draws in (`holds`,
/// `targetSize`):
/// textures are made in steps of `step` pixels each way, and a texture taken for content it was
/// not made for must hold it without wasting more than half of it again plus a step — a screen
/// shrinking to 0.8 behind a zoom keeps the texture it started in, while a panel-sized texture
/// is not spent on a label.
enum TextureFit {
    /// Textures are made in steps of this many pixels each way.
    static let step: Int32 = 64
    /// The largest side of any texture made.
    static let largestSide: Int32 = 8192

    /// Whether a `texture`-sized texture holds `content` snugly (see above).
    static func isSnug(texture: (width: Int32, height: Int32), for content: (width: Int32, height: Int32)) -> Bool {
        texture.width >= content.width && texture.height >= content.height
            && texture.width <= content.width * 3 / 2 + step && texture.height <= content.height * 3 / 2 + step
    }

    /// The size to make a texture for `content`: rounded up to whole steps, and half as large again
    /// when `growing` (content that outgrew its texture will likely grow on — a room zooming open
    /// takes one texture on the way, not one per step); never past `largestSide`.
    static func size(for content: (width: Int32, height: Int32), growing: Bool = false) -> (
        width: Int32, height: Int32
    ) {
        let wanted = room(for: content, growing: growing)
        return (roundedUp(wanted.width), roundedUp(wanted.height))
    }

    /// The room content needs before rounding: half as large again when `growing` (see `size`).
    /// A spare taken for growing content must be snug for this, as a new texture would be made for it.
    static func room(for content: (width: Int32, height: Int32), growing: Bool) -> (width: Int32, height: Int32) {
        growing ? (content.width * 3 / 2, content.height * 3 / 2) : content
    }

    /// Whether a `texture`-sized texture holds `content` at all: enough for scratch, given back
    /// within the frame (a group's target), or for a copy's own texture while its content shrinks
    /// (turned back, it needs the size again).
    static func holds(texture: (width: Int32, height: Int32), content: (width: Int32, height: Int32)) -> Bool {
        texture.width >= content.width && texture.height >= content.height
    }

    /// A scratch target for `content`: whole steps each way, or exactly its size when the rounding
    /// would pass `largestBytes` (a window at the largest size its scale allows: 7723² at 3×
    /// padded to 64 px was 63 px too wide each way, and SDL wrote past its buffer); nil when even
    /// that would.
    static func targetSize(for content: (width: Int32, height: Int32), largestBytes: Int) -> (
        width: Int32, height: Int32
    )? {
        let fits = { (w: Int32, h: Int32) in w > 0 && h > 0 && Int(w) * Int(h) * 4 <= largestBytes }
        let padded = ((content.width + step - 1) / step * step, (content.height + step - 1) / step * step)
        if fits(padded.0, padded.1) { return padded }
        return fits(content.width, content.height) ? content : nil
    }

    private static func roundedUp(_ side: Int32) -> Int32 {
        min(largestSide, (side + step - 1) / step * step)
    }
}
