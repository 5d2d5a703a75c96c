import Foundation

/// What a PNG file says about itself before any pixel is decoded: its size, and whether it can
/// hold transparency (an alpha channel, or a `tRNS` chunk before the image data).
struct PNGHeader: Equatable {
    var width: Int
    var height: Int
    var isOpaque: Bool

    var shorterSide: Int { min(width, height) }

    init(width: Int, height: Int, isOpaque: Bool) {
        self.width = width
        self.height = height
        self.isOpaque = isOpaque
    }

    /// Reads the header of the file at `path`; nil when it is not a PNG (or cannot be read).
    init?(path: String) {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        // The signature, IHDR and the chunks up to the image data are all in the first few KB for
        // the pictures we ship; a tRNS past this reach would only cost a blend, never a wrong pixel.
        guard let data = try? file.read(upToCount: 64 * 1024) else { return nil }
        self.init(bytes: [UInt8](data))
    }

    init?(bytes: [UInt8]) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 33, Array(bytes[0..<8]) == signature, Self.chunkType(bytes, at: 8) == "IHDR" else {
            return nil
        }
        width = Self.bigEndian(bytes, at: 16)
        height = Self.bigEndian(bytes, at: 20)
        guard width > 0, height > 0 else { return nil }
        let colourType = bytes[25]
        // 4 = grey with alpha, 6 = RGBA; the others are opaque unless a tRNS chunk says otherwise.
        var opaque = colourType != 4 && colourType != 6
        var offset = 33
        while opaque, offset + 8 <= bytes.count {
            let type = Self.chunkType(bytes, at: offset)
            if type == "IDAT" || type == "IEND" { break }
            if type == "tRNS" { opaque = false }
            offset += 12 + Self.bigEndian(bytes, at: offset)
        }
        isOpaque = opaque
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func chunkType(_ bytes: [UInt8], at offset: Int) -> String {
        guard offset + 8 <= bytes.count else { return "" }
        return String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
    }
}
