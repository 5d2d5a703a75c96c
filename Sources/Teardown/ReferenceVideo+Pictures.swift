#if canImport(Glibc)
    import Glibc
#endif

/// The video's frames as pictures to show: in colour, shrunk to fit the area they are shown in,
/// each kept as a JPEG (a phone screen at 390×844 is some 40 KB, against 1.3 MB as pixels), so a
/// minute of 60 fps fits in a bounded store; the backend decodes the one shown.
extension ReferenceVideo {
    /// Decodes the frames from `start` (to `end`), shrunk to fit `fitting` pixels, as JPEGs handed
    /// one by one to `body` (which returns false to stop, as when a store is full); the frames'
    /// size and their timestamps (seconds from the video's first frame, one per frame handed over).
    package func decodePictures(
        fitting box: (width: Int, height: Int), from start: Double = 0, until end: Double? = nil,
        _ body: (_ index: Int, _ jpeg: [UInt8]) -> Bool
    ) throws(Problem) -> (width: Int, height: Int, times: [Double]) {
        let factor = min(1, Double(box.width) / Double(width), Double(box.height) / Double(height))
        let w = max(2, Int((Double(width) * factor / 2).rounded()) * 2)
        let h = max(2, Int((Double(height) * factor / 2).rounded()) * 2)
        let times = try decode(
            from: start, until: end,
            output: [
                "-vf", "showinfo=checksum=0,scale=\(w):\(h):flags=area,format=yuvj420p", "-f", "image2pipe",
                "-c:v", "mjpeg", "-q:v", "3", "pipe:1",
            ]
        ) { descriptor in
            var splitter = JPEGSplitter()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var index = 0
            while true {
                let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return (index, false) }
                for picture in splitter.append(buffer[0..<got]) {
                    let carryOn = body(index, picture)
                    index += 1
                    if !carryOn { return (index, true) }
                }
            }
        }
        return (w, h, times)
    }
}

/// Cuts a stream of JPEG files laid end to end (ffmpeg's `image2pipe`) into one file each, by
/// reading their structure: marker segments by their lengths, then the entropy-coded data up to
/// the marker that ends it (a 0xFF there is followed by 0x00 or a restart marker), until the end
/// of image. Nothing inside a picture can be taken for its end.
package struct JPEGSplitter {
    private var pending: [UInt8] = []
    /// How far into `pending` the current picture has been read, and whether that is inside
    /// entropy-coded data.
    private var position = 0
    private var inScan = false

    package init() {}

    /// Takes the next bytes of the stream; the pictures they complete.
    package mutating func append(_ bytes: ArraySlice<UInt8>) -> [[UInt8]] {
        pending.append(contentsOf: bytes)
        var pictures: [[UInt8]] = []
        while let end = pictureEnd() {
            pictures.append(Array(pending[0..<end]))
            pending.removeFirst(end)
            position = 0
            inScan = false
        }
        return pictures
    }

    /// Where the picture at the start of `pending` ends (one past its end-of-image marker), or
    /// nil when it is not whole yet; garbage before a start-of-image marker is skipped.
    private mutating func pictureEnd() -> Int? {
        if position == 0 {
            guard let start = firstStart() else { return nil }
            if start > 0 { pending.removeFirst(start) }
            position = 2
        }
        while position + 1 < pending.count {
            if inScan {
                guard pending[position] == 0xFF else {
                    position += 1
                    continue
                }
                let next = pending[position + 1]
                if next == 0x00 || (0xD0...0xD7).contains(next) || next == 0xFF {
                    position += next == 0xFF ? 1 : 2
                    continue
                }
                inScan = false
                continue
            }
            guard pending[position] == 0xFF else {
                position += 1
                continue
            }
            let marker = pending[position + 1]
            switch marker {
            case 0xD9:
                return position + 2
            case 0xFF:
                position += 1
            case 0x01, 0xD0...0xD7:
                position += 2
            default:
                guard position + 3 < pending.count else { return nil }
                let length = Int(pending[position + 2]) << 8 | Int(pending[position + 3])
                guard position + 2 + length <= pending.count else { return nil }
                position += 2 + length
                if marker == 0xDA { inScan = true }
            }
        }
        return nil
    }

    /// Where the first start-of-image marker is.
    private func firstStart() -> Int? {
        guard pending.count >= 2 else { return nil }
        for index in 0..<(pending.count - 1) where pending[index] == 0xFF && pending[index + 1] == 0xD8 {
            return index
        }
        return nil
    }
}
