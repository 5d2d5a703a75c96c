import Rendering

#if arch(x86_64) && canImport(_Builtin_intrinsics)
    import _Builtin_intrinsics.intel
#endif

/// SDL 2.26's translucent fill of a 32-bit surface (`SDL_BlendFillRect_ARGB8888` in
/// `SDL_BLENDMODE_BLEND`): every channel, alpha too, becomes `channel × (255 − a) / 255` (an
/// integer division) plus the colour's own `channel × a / 255`. SDL computes it a pixel at a
/// time in scalar code, about 4 ns a pixel; a dimming layer over a 2× window is four million of
/// them a frame. On x86-64 this computes the same bytes four pixels at once in SSE2's 16-bit lanes
/// (the product is at most 255 × 255, and `x / 255 == (x + 1 + x >> 8) >> 8` for every such x).
enum BlendFill {
    /// The four bytes (in memory order) SDL adds after scaling a pixel by `255 − a`.
    static func addend(_ color: RGBA8) -> SIMD4<UInt16> {
        let a = UInt16(color.a)
        // ARGB8888 in memory: blue, green, red, alpha.
        return SIMD4(
            UInt16(color.b) * a / 255, UInt16(color.g) * a / 255, UInt16(color.r) * a / 255, a)
    }

    /// Blends `color` over `count` pixels from `row` on. Without `alphaChannel` the surface is
    /// XRGB8888 (SDL_BlendFillRect_RGB888, a window's surface): the same for red, green and blue,
    /// and the fourth byte written as 0.
    static func blend(row: UnsafeMutablePointer<UInt32>, count: Int, color: RGBA8, alphaChannel: Bool = true) {
        let kept: UInt32 = alphaChannel ? 0xFFFF_FFFF : 0x00FF_FFFF
        let add = addend(color)
        let keep = UInt16(255 - color.a)
        var index = 0
        #if arch(x86_64) && canImport(_Builtin_intrinsics)
            let zero = _mm_setzero_si128()
            let one = _mm_set1_epi16(1)
            let keepLanes = _mm_set1_epi16(Int16(keep))
            let (blue, green, red, alpha) = (Int16(add[0]), Int16(add[1]), Int16(add[2]), Int16(add[3]))
            let addLanes = _mm_set_epi16(alpha, red, green, blue, alpha, red, green, blue)
            /// Two pixels' eight channels, widened to 16 bits, blended.
            @inline(__always)
            func blended(_ channels: __m128i) -> __m128i {
                let scaled = _mm_mullo_epi16(channels, keepLanes)
                let divided = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(scaled, one), _mm_srli_epi16(scaled, 8)), 8)
                return _mm_add_epi16(divided, addLanes)
            }
            let keptBytes = _mm_set1_epi32(Int32(bitPattern: kept))
            let bytes = UnsafeMutableRawPointer(row)
            while index + 4 <= count {
                let pixels = bytes.loadUnaligned(fromByteOffset: index * 4, as: __m128i.self)
                let low = blended(_mm_unpacklo_epi8(pixels, zero))
                let high = blended(_mm_unpackhi_epi8(pixels, zero))
                let packed = _mm_and_si128(_mm_packus_epi16(low, high), keptBytes)
                bytes.storeBytes(of: packed, toByteOffset: index * 4, as: __m128i.self)
                index += 4
            }
        #endif
        while index < count {
            row[index] = blendPixel(row[index], keep: keep, add: add) & kept
            index += 1
        }
    }

    /// One pixel, as SDL blends it.
    @inline(__always)
    static func blendPixel(_ pixel: UInt32, keep: UInt16, add: SIMD4<UInt16>) -> UInt32 {
        let channels = SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self))
        let scaled = SIMD4<UInt32>(truncatingIfNeeded: channels) &* UInt32(keep) / 255
        let result = SIMD4<UInt16>(truncatingIfNeeded: scaled) &+ add
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: result), to: UInt32.self)
    }
}
