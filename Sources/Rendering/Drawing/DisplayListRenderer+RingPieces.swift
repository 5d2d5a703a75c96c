import Graphics

extension DisplayListRenderer {
    /// A shadow as `RingPieces`; a rect too small to have straight runs as its whole mesh.
    func drawShadow(_ rect: Rect, radius: Double, blur: Double, color: Color) {
        let mesh = ShapeTessellator.shadow(
            x: rect.minX, y: rect.minY, width: rect.width, height: rect.height, radius: radius, blur: blur)
        guard drawsRingsInPieces,
            let pieces = RingPieces.shadow(
                x: rect.minX, y: rect.minY, width: rect.width, height: rect.height, radius: radius, blur: blur)
        else {
            drawMesh(mesh, color: color)
            return
        }
        draw(pieces, of: mesh, color: color)
    }

    /// The bands as rects (those of one alpha in one call), then each corner as the mesh's
    /// triangles there, clipped to the corner's patch.
    private func draw(_ pieces: RingPieces, of mesh: ShapeTessellator.Mesh, color: Color) {
        let c = RGBA8(color)
        var byAlpha: [UInt8: [PixelBox]] = [:]
        for band in pieces.bands {
            let alpha = UInt8((Float(c.a) * band.coverage).rounded())
            guard alpha > 0 else { continue }
            byAlpha[alpha, default: []].append(PixelBox(band.rect))
        }
        for (alpha, rects) in byAlpha.sorted(by: { $0.key < $1.key }) {
            executor.fill(rects, color: c.with(alpha: alpha), blend: .blend)
        }

        let vertices = executorVertices(of: mesh, color: color)
        let clip = currentClipInTargetPixels
        for patch in pieces.corners {
            let left = max(patch.x, clip.x)
            let top = max(patch.y, clip.y)
            let right = min(patch.x + patch.width, clip.x + clip.width)
            let bottom = min(patch.y + patch.height, clip.y + clip.height)
            guard right > left, bottom > top else { continue }
            let indices = RingPieces.triangles(of: mesh, touching: patch)
            guard !indices.isEmpty else { continue }
            executor.setClip(
                PixelBox(
                    x: Int32(clamping: left), y: Int32(clamping: top), w: Int32(clamping: right - left),
                    h: Int32(clamping: bottom - top)))
            indices.withUnsafeBufferPointer { indices in
                executor.drawTriangles(vertices, indices: indices, texture: nil, paint: TexturePaint(blend: .blend))
            }
        }
        applyClip()
    }

    /// The clip `applyClip` gives the executor, in whole pixels of the current target.
    var currentClipInTargetPixels: ShapeTessellator.PixelRect {
        guard let clip = current.clips.last else {
            return .init(x: -(1 << 20), y: -(1 << 20), width: 1 << 21, height: 1 << 21)
        }
        let local = clip.offsetBy(dx: -current.origin.x, dy: -current.origin.y)
        let left = Int(local.minX.rounded())
        let top = Int(local.minY.rounded())
        return .init(
            x: left, y: top, width: max(0, Int(local.maxX.rounded()) - left),
            height: max(0, Int(local.maxY.rounded()) - top))
    }
}
