/// SDL 2.26's bilinear stretch (`SDL_SoftStretchLinear`, the SSE2 arithmetic SDL runs on x86-64)
/// computed for any part of the destination: where each destination row and column samples its
/// source (7-bit fractions from a 16.16 step, padded at the edges as SDL pads them), and the blend
/// of four source pixels, byte by byte, without rounding between the vertical and the horizontal
/// step. A stretched picture drawn a band at a time is then the picture SDL draws whole.
struct LinearStretch {
    /// Where one destination row or column samples: the first source index, the second (the same
    /// at the padded edges) and the second's weight in 128ths.
    struct Tap {
        var first: Int
        var second: Int
        var weight: UInt32
    }

    /// The taps of destination indices `range` for a stretch of `source` pixels onto
    /// `destination` along one axis. Where SDL pads (before the first source pixel's centre,
    /// past the last pair) it reads the edge pixel alone; so do these taps, at weight 0.
    static func taps(source: Int, destination: Int, range: Range<Int>) -> [Tap] {
        let step = Int32(truncatingIfNeeded: (Int64(source) << 16) / Int64(destination))
        // SDL's start: half a destination pixel in source terms, rounded as pixman rounds it,
        // less half a source pixel.
        let start = Int32(truncatingIfNeeded: (Int64(step) * 0x8000 + 0x8000) >> 16) - 0x8000
        var leftPad = 0
        var rightPad = 0
        var sum = start
        for _ in 0..<destination {
            if sum < 0 {
                leftPad += 1
            } else if Int(UInt32(bitPattern: sum) >> 16) > source - 2 {
                rightPad += 1
            }
            sum &+= step
        }
        return range.map { index in
            if index < leftPad { return Tap(first: 0, second: 0, weight: 0) }
            if index > destination - 1 - rightPad { return Tap(first: source - 1, second: source - 1, weight: 0) }
            let position = UInt32(bitPattern: start &+ Int32(truncatingIfNeeded: index) &* step)
            let first = Int(position >> 16)
            return Tap(first: first, second: first + 1, weight: (position >> 9) & 127)
        }
    }

    /// One destination pixel from the four source pixels `a`/`b` (upper row, left/right) and
    /// `c`/`d` (lower row), `down` the lower row's weight and `right` the right column's.
    @inline(__always)
    static func blend(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, down: UInt32, right: UInt32) -> UInt32 {
        let up = 128 &- down
        let left = 128 &- right
        let upper = bytes(a) &* up &+ bytes(c) &* down
        let lower = bytes(b) &* up &+ bytes(d) &* down
        let value = (upper &* left &+ lower &* right) &>> 14
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: value), to: UInt32.self)
    }

    /// A pixel's four bytes, each widened to 32 bits (in memory order, as SDL's `color_t`).
    @inline(__always)
    private static func bytes(_ pixel: UInt32) -> SIMD4<UInt32> {
        SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self))
    }
}
