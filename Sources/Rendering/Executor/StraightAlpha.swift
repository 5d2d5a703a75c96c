/// Premultiplied pixels made straight. An offscreen target (a group, a rasterized layer) is drawn
/// from transparent with ordinary blending, so it holds colour multiplied by its alpha; where
/// that cannot be composited as such, its partly covered pixels (antialiased edges, translucent
/// content) are divided back to straight colour, else they would be multiplied by their alpha
/// twice (a fading group's edges came out too dark on the software renderer).
package enum StraightAlpha {
    /// Straightens every partly covered pixel (0xAARRGGBB) in place, rounding to nearest; true
    /// when any changed.
    package static func straighten(_ pixels: inout [UInt32]) -> Bool {
        var changed = false
        pixels.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                let pixel = buffer[index]
                let alpha = pixel >> 24
                guard alpha != 0, alpha != 255 else { continue }
                func straight(_ shift: UInt32) -> UInt32 {
                    min(255, (((pixel >> shift) & 0xFF) * 255 + alpha / 2) / alpha) << shift
                }
                buffer[index] = (alpha << 24) | straight(16) | straight(8) | straight(0)
                changed = true
            }
        }
        return changed
    }
}
