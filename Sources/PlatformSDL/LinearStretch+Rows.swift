#if arch(x86_64) && canImport(_Builtin_intrinsics)
    import _Builtin_intrinsics.intel
#endif

/// The stretch a row at a time. SDL computes each destination pixel from a pair of neighbouring
/// source pixels in each of two rows with SSE2's 16-bit multiplies and `madd` (its
/// `scale_mat_SSE`); on x86-64 this does the same, four pixels at once, which is about three times
/// faster than the same arithmetic in 32-bit lanes (`LinearStretch.blend`) — Swift's `SIMD4<UInt32>`
/// multiply has no SSE2 instruction and is emulated. Both give the same bytes (the test compares
/// them); elsewhere, and for a source one pixel wide, the portable blend draws.
extension LinearStretch {
    /// The columns of one stretch, in the form a row kernel reads them.
    struct Columns {
        /// Each destination column's taps, for the portable blend.
        let taps: [Tap]
        /// The left pixel of the pair each column reads (the padded edges read the first pair
        /// with all weight on the left, the last with all on the right, as SDL does).
        let pairs: [Int]
        /// Each column's weights as the `madd` reads them: the left pixel's in the low 16 bits,
        /// the right one's in the high.
        let weights: [Int32]
        /// The first source pixel any column reads, and how many from there (both of a pair).
        let firstSource: Int
        let sourceSpan: Int
        /// Whether there are at least as many columns as source pixels they read (an
        /// enlargement): then each source pixel's vertical step is done once per row and shared
        /// by the columns that read it, rather than once per column.
        var sharesVertical: Bool { sourceSpan > 0 && pairs.count >= sourceSpan }

        init(_ taps: [Tap], sourceWidth: Int) {
            self.taps = taps
            var pairs: [Int] = []
            var weights: [Int32] = []
            if sourceWidth >= 2 {
                pairs.reserveCapacity(taps.count)
                weights.reserveCapacity(taps.count)
                for tap in taps {
                    var first = tap.first
                    var right = Int32(tap.weight)
                    if tap.second == tap.first, first == sourceWidth - 1 {
                        first = sourceWidth - 2
                        right = 128
                    }
                    pairs.append(first)
                    weights.append(right << 16 | (128 - right))
                }
            }
            self.pairs = pairs
            self.weights = weights
            // SDL's pairs never go back as the columns go right.
            let firstSource = pairs.first ?? 0
            self.firstSource = firstSource
            sourceSpan = pairs.last.map { $0 + 2 - firstSource } ?? 0
        }
    }

    /// One destination row: `upper` and `lower` the two source rows it samples, `down` the lower
    /// row's weight in 128ths, written to `target` (one pixel per column).
    static func stretchRow(
        upper: UnsafePointer<UInt32>, lower: UnsafePointer<UInt32>, down: UInt32, columns: Columns,
        into target: UnsafeMutablePointer<UInt32>
    ) {
        #if arch(x86_64) && canImport(_Builtin_intrinsics)
            if !columns.pairs.isEmpty {
                stretchRowSSE2(upper: upper, lower: lower, down: down, columns: columns, into: target)
                return
            }
        #endif
        stretchRowPortable(upper: upper, lower: lower, down: down, taps: columns.taps, into: target)
    }

    /// The row with the portable blend (32-bit lanes).
    static func stretchRowPortable(
        upper: UnsafePointer<UInt32>, lower: UnsafePointer<UInt32>, down: UInt32, taps: [Tap],
        into target: UnsafeMutablePointer<UInt32>
    ) {
        taps.withUnsafeBufferPointer { sides in
            for (column, side) in sides.enumerated() {
                target[column] = blend(
                    upper[side.first], upper[side.second], lower[side.first], lower[side.second],
                    down: down, right: side.weight)
            }
        }
    }

    #if arch(x86_64) && canImport(_Builtin_intrinsics)
        /// The row with SDL's SSE2 arithmetic: the vertical step in 16-bit lanes (at most
        /// 255 × 128, so it never wraps), the horizontal one a `madd` into 32 bits, shifted by 14
        /// and packed with saturation (never reached: the result is at most 255).
        private static func stretchRowSSE2(
            upper: UnsafePointer<UInt32>, lower: UnsafePointer<UInt32>, down: UInt32, columns: Columns,
            into target: UnsafeMutablePointer<UInt32>
        ) {
            let zero = _mm_setzero_si128()
            let upWeight = _mm_set1_epi16(Int16(128 - down))
            let downWeight = _mm_set1_epi16(Int16(down))
            let upperBytes = UnsafeRawPointer(upper)
            let lowerBytes = UnsafeRawPointer(lower)
            /// A pair of neighbouring source pixels blended down: (l0…l3, r0…r3) in 16-bit lanes.
            @inline(__always)
            func blendedDown(_ upperPixels: __m128i, _ lowerPixels: __m128i) -> __m128i {
                _mm_add_epi16(
                    _mm_mullo_epi16(_mm_unpacklo_epi8(upperPixels, zero), upWeight),
                    _mm_mullo_epi16(_mm_unpacklo_epi8(lowerPixels, zero), downWeight))
            }
            guard columns.sharesVertical else {
                emitRow(columns: columns, into: target) { pair in
                    let offset = pair &* 4
                    return blendedDown(
                        _mm_cvtsi64_si128(upperBytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)),
                        _mm_cvtsi64_si128(lowerBytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)))
                }
                return
            }
            // Every source pixel the row reads, blended down once: 8 bytes each, two at a time
            // (one more slot, so the last odd one can be written as a pair).
            let span = columns.sourceSpan
            let first = columns.firstSource
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: span + 2) { buffer in
                let shared = UnsafeMutableRawPointer(buffer.baseAddress!)
                var index = 0
                while index + 2 <= span {
                    let offset = (first + index) &* 4
                    let down = blendedDown(
                        _mm_cvtsi64_si128(upperBytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)),
                        _mm_cvtsi64_si128(lowerBytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)))
                    shared.storeBytes(of: down, toByteOffset: index * 8, as: __m128i.self)
                    index += 2
                }
                if index < span {
                    let offset = (first + index) &* 4
                    let down = blendedDown(
                        _mm_cvtsi32_si128(upperBytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)),
                        _mm_cvtsi32_si128(lowerBytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)))
                    shared.storeBytes(of: down, toByteOffset: index * 8, as: __m128i.self)
                }
                let sharedBytes = UnsafeRawPointer(shared)
                emitRow(columns: columns, into: target) { pair in
                    sharedBytes.loadUnaligned(fromByteOffset: (pair &- first) &* 8, as: __m128i.self)
                }
            }
        }

        /// Writes the row's pixels, four at a time: `vertical` gives the pair a column reads
        /// blended down, and the `madd` blends it across.
        @inline(__always)
        private static func emitRow(
            columns: Columns, into target: UnsafeMutablePointer<UInt32>, vertical: (Int) -> __m128i
        ) {
            let zero = _mm_setzero_si128()
            columns.pairs.withUnsafeBufferPointer { pairs in
                columns.weights.withUnsafeBufferPointer { weights in
                    /// One destination pixel's four channels, each in a 32-bit lane.
                    @inline(__always)
                    func pixel(_ column: Int) -> __m128i {
                        let down = vertical(pairs[column])
                        // Left and right pixels' channels side by side: (l0, r0, l1, r1, …).
                        let paired = _mm_unpackhi_epi16(_mm_unpacklo_epi64(down, down), down)
                        let horizontal = _mm_madd_epi16(paired, _mm_set1_epi32(weights[column]))
                        return _mm_srli_epi32(horizontal, 14)
                    }
                    let count = pairs.count
                    let out = UnsafeMutableRawPointer(target)
                    var column = 0
                    while column + 4 <= count {
                        let firstTwo = _mm_packs_epi32(pixel(column), pixel(column + 1))
                        let lastTwo = _mm_packs_epi32(pixel(column + 2), pixel(column + 3))
                        out.storeBytes(
                            of: _mm_packus_epi16(firstTwo, lastTwo), toByteOffset: column * 4, as: __m128i.self)
                        column += 4
                    }
                    while column < count {
                        let one = _mm_packs_epi32(pixel(column), zero)
                        let bytes = _mm_cvtsi128_si32(_mm_packus_epi16(one, zero))
                        out.storeBytes(of: UInt32(bitPattern: bytes), toByteOffset: column * 4, as: UInt32.self)
                        column += 1
                    }
                }
            }
        }
    #endif
}
