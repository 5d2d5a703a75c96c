/// A grey picture, one `Float` per pixel (0…255), row after row: what a reference video's frames
/// are decoded to for tracking (colour adds little to following an element and triples the work).
package struct GreyImage: Equatable, Sendable {
    package let width: Int
    package let height: Int
    package var pixels: [Float]

    package init(width: Int, height: Int, pixels: [Float]) {
        precondition(pixels.count == width * height, "a grey image holds width × height pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    package init(width: Int, height: Int, bytes: [UInt8]) {
        self.init(width: width, height: height, pixels: bytes.map(Float.init))
    }

    /// Half the size each way, each pixel the mean of the two-by-two it covers (a last odd row or
    /// column is dropped).
    package func halved() -> GreyImage {
        let w = max(1, width / 2)
        let h = max(1, height / 2)
        guard width >= 2, height >= 2 else { return self }
        var out = [Float](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<h {
                let top = 2 * y * width
                let bottom = top + width
                for x in 0..<w {
                    let left = 2 * x
                    out[y * w + x] =
                        (source[top + left] + source[top + left + 1] + source[bottom + left] + source[bottom + left + 1])
                        * 0.25
                }
            }
        }
        return GreyImage(width: w, height: h, pixels: out)
    }

    /// The pixels of `x`, `y`, `w` × `h` (clamped to the picture).
    package func cropped(x: Int, y: Int, width w: Int, height h: Int) -> GreyImage {
        let left = min(max(x, 0), width - 1)
        let top = min(max(y, 0), height - 1)
        let cw = max(1, min(w, width - left))
        let ch = max(1, min(h, height - top))
        var out = [Float](repeating: 0, count: cw * ch)
        for row in 0..<ch {
            let from = (top + row) * width + left
            out.replaceSubrange((row * cw)..<(row * cw + cw), with: pixels[from..<(from + cw)])
        }
        return GreyImage(width: cw, height: ch, pixels: out)
    }

    /// The picture between pixel centres at (`x`, `y`) (bilinear; edges extended).
    @inline(__always)
    package func sample(_ x: Double, _ y: Double) -> Float {
        let cx = min(max(x, 0), Double(width - 1))
        let cy = min(max(y, 0), Double(height - 1))
        let x0 = Int(cx)
        let y0 = Int(cy)
        let x1 = min(x0 + 1, width - 1)
        let y1 = min(y0 + 1, height - 1)
        let fx = Float(cx - Double(x0))
        let fy = Float(cy - Double(y0))
        return pixels.withUnsafeBufferPointer { p in
            let top = p[y0 * width + x0] + (p[y0 * width + x1] - p[y0 * width + x0]) * fx
            let bottom = p[y1 * width + x0] + (p[y1 * width + x1] - p[y1 * width + x0]) * fx
            return top + (bottom - top) * fy
        }
    }
}
