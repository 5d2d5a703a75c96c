/// Rounding to whole numbers in a few instructions, with the very results of `rounded()`: the
/// baseline x86-64 has no rounding instruction, so `rounded()` is a call into the C library, and
/// `Int(_:)` a checked conversion — per strip of a sheared slab and per pixel of a resampled one
/// (half the time of a photo's slab went into converting its bytes). Adding 1.5 × 2⁵² to a number below 2⁵¹ leaves it rounded to
/// the nearest whole number (halves to even) in the sum's low bits; a half that went the wrong
/// way is put right. Beyond 2⁵¹, and for what is not a number, the C library's answer.
public enum ExactRounding {
    private static let magic = 6_755_399_441_055_744.0
    private static let limit = 2_251_799_813_685_248.0

    /// `Int(value.rounded())`: halves away from zero.
    @inline(__always)
    public static func nearest(_ value: Double) -> Int {
        guard abs(value) < limit else { return Int(value.rounded()) }
        let shifted = value + magic
        let even = Int(truncatingIfNeeded: Int64(bitPattern: shifted.bitPattern) &- Int64(bitPattern: magic.bitPattern))
        let rest = value - (shifted - magic)
        return even &+ (rest == 0.5 && value > 0 ? 1 : 0) &- (rest == -0.5 && value < 0 ? 1 : 0)
    }

    /// `value.rounded(.up)` as a whole number (a zero's sign aside).
    @inline(__always)
    public static func up(_ value: Double) -> Double {
        guard abs(value) < limit else { return value.rounded(.up) }
        let nearest = (value + magic) - magic
        return nearest < value ? nearest + 1 : nearest
    }
}
