import CSDL2
import Graphics

/// Our own PNG encoder, over zlib. SDL_image's `IMG_SavePNG` compresses at zlib's default level
/// with libpng's filters tried five ways a row: a 1170×2532 frame took 75–175 ms, so a 3× recording
/// spent more time writing its frames than drawing them (a recording under pressure fell behind
/// and held frames in memory). Here each row takes whichever of four filters leaves the smallest
/// bytes over a sample of its pixels (the usual heuristic) and zlib compresses at a fast level:
/// 27–44 ms for the same frames, files 8–16 % larger. An image with no transparent pixel is
/// written as RGB (a quarter fewer bytes to filter and compress); every pixel decodes as it was.
enum PNGEncoder {
    /// zlib's level: 1 is its fastest, 6 its default. 1 measured no faster than 2 and 2–5 % larger
    /// (measured while every filter was still tried on every byte).
    static let compressionLevel: Int32 = 2

    /// The PNG file's bytes for `image`; nil when zlib fails (it has no reason to).
    static func encode(_ image: PixelImage) -> [UInt8]? {
        let opaque = isOpaque(image)
        let channels = opaque ? 3 : 4
        guard let data = compressed(filteredRows(of: image, channels: channels)) else { return nil }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file.reserveCapacity(data.count + 64)
        var header: [UInt8] = []
        appendBigEndian(UInt32(image.width), to: &header)
        appendBigEndian(UInt32(image.height), to: &header)
        // 8 bits a channel; colour type 2 (RGB) or 6 (RGBA); deflate; adaptive filtering; no interlace.
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", data, to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    private static func isOpaque(_ image: PixelImage) -> Bool {
        image.rgba.withUnsafeBufferPointer { bytes in
            var index = 3
            while index < bytes.count {
                if bytes[index] != 255 { return false }
                index += 4
            }
            return true
        }
    }

    /// Every row with its filter byte in front: the filter whose bytes, read as signed, add up
    /// to the least (None, Sub, Up or Paeth; Average seldom wins on pictures of interfaces),
    /// judged on every fourth pixel — trying all four on every byte cost more than zlib.
    private static func filteredRows(of image: PixelImage, channels: Int) -> [UInt8] {
        let rowBytes = image.width * channels
        var output = [UInt8](repeating: 0, count: image.height * (rowBytes + 1))
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        image.rgba.withUnsafeBufferPointer { rgba in
            output.withUnsafeMutableBufferPointer { out in
                for row in 0..<image.height {
                    current.withUnsafeMutableBufferPointer { line in
                        copyRow(row, of: rgba, width: image.width, channels: channels, into: line)
                    }
                    current.withUnsafeBufferPointer { line in
                        previous.withUnsafeBufferPointer { above in
                            let start = row * (rowBytes + 1)
                            let filter = cheapestFilter(line, above, channels: channels)
                            out[start] = filter == 3 ? 4 : UInt8(filter)
                            filterRow(
                                filter, line, above, channels: channels,
                                into: UnsafeMutableBufferPointer(rebasing: out[(start + 1)...].prefix(rowBytes)))
                        }
                    }
                    swap(&previous, &current)
                }
            }
        }
        return output
    }

    private static func copyRow(
        _ row: Int, of rgba: UnsafeBufferPointer<UInt8>, width: Int, channels: Int,
        into line: UnsafeMutableBufferPointer<UInt8>
    ) {
        let source = row * width * 4
        if channels == 4 {
            line.baseAddress!.update(from: rgba.baseAddress! + source, count: width * 4)
            return
        }
        for x in 0..<width {
            line[x * 3] = rgba[source + x * 4]
            line[x * 3 + 1] = rgba[source + x * 4 + 1]
            line[x * 3 + 2] = rgba[source + x * 4 + 2]
        }
    }

    /// Which filter (0 None, 1 Sub, 2 Up, 3 Paeth) leaves the smallest magnitudes over every
    /// fourth pixel of the row (from its second).
    private static func cheapestFilter(
        _ x: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, channels: Int
    ) -> Int {
        var costs = (0, 0, 0, 0)
        @inline(__always) func size(_ value: UInt8) -> Int { Int(Int8(bitPattern: value).magnitude) }
        var pixel = channels
        while pixel + channels <= x.count {
            for index in pixel..<(pixel + channels) {
                let (value, left, up, upperLeft) = (x[index], x[index - channels], b[index], b[index - channels])
                costs.0 &+= size(value)
                costs.1 &+= size(value &- left)
                costs.2 &+= size(value &- up)
                costs.3 &+= size(value &- paeth(left, up, upperLeft))
            }
            pixel += 4 * channels
        }
        let ordered = [costs.0, costs.1, costs.2, costs.3]
        return ordered.indices.min { ordered[$0] < ordered[$1] } ?? 0
    }

    /// Filter 0 None, 1 Sub, 2 Up, 3 Paeth (PNG's type 4) of `x` under `b` into `out`.
    private static func filterRow(
        _ filter: Int, _ x: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, channels: Int,
        into out: UnsafeMutableBufferPointer<UInt8>
    ) {
        let count = x.count
        let first = min(channels, count)
        switch filter {
        case 0:
            for index in 0..<count { out[index] = x[index] }
        case 1:
            for index in 0..<first { out[index] = x[index] }
            for index in first..<count { out[index] = x[index] &- x[index - channels] }
        case 2:
            for index in 0..<count { out[index] = x[index] &- b[index] }
        default:
            for index in 0..<first { out[index] = x[index] &- b[index] }
            for index in first..<count {
                out[index] = x[index] &- paeth(x[index - channels], b[index], b[index - channels])
            }
        }
    }

    /// PNG's Paeth predictor: whichever of left, above and upper left is nearest to left + above - upper left.
    @inline(__always)
    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let estimate = Int(a) + Int(b) - Int(c)
        let (toA, toB, toC) = (abs(estimate - Int(a)), abs(estimate - Int(b)), abs(estimate - Int(c)))
        if toA <= toB && toA <= toC { return a }
        return toB <= toC ? b : c
    }

    /// The rows as one zlib stream.
    private static func compressed(_ rows: [UInt8]) -> [UInt8]? {
        var size = compressBound(uLong(rows.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = output.withUnsafeMutableBufferPointer { out in
            rows.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &size, input.baseAddress, uLong(input.count), compressionLevel)
            }
        }
        guard status == Z_OK else { return nil }
        output.removeSubrange(Int(size)...)
        return output
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &file)
        let name = Array(type.utf8)
        file += name
        file += data
        // The checksum covers the chunk's type and data, not its length.
        var checksum = name.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        checksum = data.withUnsafeBufferPointer { crc32(checksum, $0.baseAddress, uInt($0.count)) }
        appendBigEndian(UInt32(checksum), to: &file)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
