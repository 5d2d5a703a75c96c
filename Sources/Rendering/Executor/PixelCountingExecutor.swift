import Graphics

/// Forwards every call to another executor and counts the pixels asked to be written — fills,
/// copies, triangles (by their area) and clears, onto the output or an offscreen target, cut to
/// the clip — so the bench can say how much pixel work a frame was, not only how long it took
/// (issue 43: the gain of drawing less, or on more cores, explained).
@MainActor
package final class PixelCountingExecutor: RenderExecutor {
    private let base: any RenderExecutor
    /// Pixels written since the executor was made.
    package private(set) var pixelsWritten = 0
    private var clip: PixelBox? {
        didSet { updateLimit() }
    }
    /// The part of the output the frame may write (`restrictOutput`).
    private var restriction: PixelBox? {
        didSet { updateLimit() }
    }
    /// Where drawing lands now: the target, within the clip and (on the output) the restriction.
    /// Kept, not worked out per box: the inspector's slabs are thousands of boxes a frame.
    private var limit = (minX: 0.0, minY: 0.0, maxX: 0.0, maxY: 0.0)
    private var targetSize: (width: Int32, height: Int32) = (0, 0)
    /// The output's size in pixels (the backend says when it changes).
    package var outputSize: (width: Int32, height: Int32) = (0, 0) {
        didSet { updateLimit() }
    }
    private var sizes: [ExecutorTexture: (width: Int32, height: Int32)] = [:]
    private var aimsAtOutput = true

    /// Counting on from `counted` (a renderer made anew, the count carried over).
    package init(_ base: any RenderExecutor, counted: Int = 0) {
        self.base = base
        pixelsWritten = counted
    }

    package var capabilities: ExecutorCapabilities { base.capabilities }
    package var hasFonts: Bool { base.hasFonts }

    package func makeTarget(width: Int32, height: Int32, hasAlpha: Bool) -> ExecutorTexture? {
        let made = base.makeTarget(width: width, height: height, hasAlpha: hasAlpha)
        if let made { sizes[made] = (width, height) }
        return made
    }

    package func makeImageTexture(width: Int32, height: Int32) -> ExecutorTexture? {
        base.makeImageTexture(width: width, height: height)
    }

    package func replacePixels(of texture: ExecutorTexture, with image: PixelImage) {
        base.replacePixels(of: texture, with: image)
    }

    package func makeTextTexture(_ text: String, font: Font, pixelScale: Double) -> SizedTexture? {
        base.makeTextTexture(text, font: font, pixelScale: pixelScale)
    }

    package func destroy(_ texture: ExecutorTexture) {
        sizes[texture] = nil
        base.destroy(texture)
    }

    package func setTarget(_ texture: ExecutorTexture?) {
        aimsAtOutput = texture == nil
        targetSize = texture.flatMap { sizes[$0] } ?? (0, 0)
        updateLimit()
        base.setTarget(texture)
    }

    private func updateLimit() {
        var box = (minX: 0.0, minY: 0.0, maxX: Double(target.width), maxY: Double(target.height))
        for cut in [clip, aimsAtOutput ? restriction : nil] {
            guard let cut else { continue }
            box.minX = max(box.minX, Double(cut.x))
            box.minY = max(box.minY, Double(cut.y))
            box.maxX = min(box.maxX, Double(cut.x + cut.w))
            box.maxY = min(box.maxY, Double(cut.y + cut.h))
        }
        limit = box
    }

    /// The size of what is drawn into now.
    private var target: (width: Int32, height: Int32) { aimsAtOutput ? outputSize : targetSize }

    package func setClip(_ rect: PixelBox?) {
        clip = rect
        base.setClip(rect)
    }

    package func clear(_ color: RGBA8) {
        if aimsAtOutput, let restriction {
            count(
                x: Double(restriction.x), y: Double(restriction.y), w: Double(restriction.w), h: Double(restriction.h))
        } else {
            pixelsWritten += Int(target.width) * Int(target.height)
        }
        base.clear(color)
    }

    package func restrictOutput(to box: PixelBox?) {
        restriction = box
        base.restrictOutput(to: box)
    }

    package func fill(_ rects: [PixelBox], color: RGBA8, blend: ExecutorBlend) {
        for rect in rects { count(x: Double(rect.x), y: Double(rect.y), w: Double(rect.w), h: Double(rect.h)) }
        base.fill(rects, color: color, blend: blend)
    }

    package func copy(_ texture: ExecutorTexture, source: PixelBox?, destination: FloatBox, paint: TexturePaint) {
        count(x: Double(destination.x), y: Double(destination.y), w: Double(destination.w), h: Double(destination.h))
        base.copy(texture, source: source, destination: destination, paint: paint)
    }

    package func fillSheared(_ area: ShearedPixels, color: RGBA8, blend: ExecutorBlend) {
        count(area)
        base.fillSheared(area, color: color, blend: blend)
    }
    package func copySheared(
        _ texture: ExecutorTexture, texelOrigin: PixelPoint, onto area: ShearedPixels, paint: TexturePaint
    ) {
        count(area)
        base.copySheared(texture, texelOrigin: texelOrigin, onto: area, paint: paint)
    }
    /// A sheared rect's pixels within the limit: its columns times its rows when all its rows lie
    /// inside (the common case, no strip worked out), else strip by strip.
    private func count(_ area: ShearedPixels) {
        let span = area.rowSpan
        if Double(span.lowerBound) >= limit.minY, Double(span.upperBound) <= limit.maxY {
            let left = max(Double(area.columns.lowerBound), limit.minX)
            let right = min(Double(area.columns.upperBound), limit.maxX)
            if right > left { pixelsWritten += Int(right - left) * area.rows.count }
            return
        }
        ShearedStrips.forEachStrip(columns: area.columns, shear: area.shear, originX: area.originX) { strip in
            count(
                x: Double(strip.columns.lowerBound), y: Double(area.rows.lowerBound + strip.offset),
                w: Double(strip.columns.count), h: Double(area.rows.count))
        }
    }
    package func drawTriangles(
        _ vertices: [ExecutorVertex], indices: UnsafeBufferPointer<Int32>, texture: ExecutorTexture?,
        paint: TexturePaint
    ) {
        var area = 0.0
        var index = 0
        while index + 2 < indices.count {
            let (a, b, c) = (
                vertices[Int(indices[index])], vertices[Int(indices[index + 1])], vertices[Int(indices[index + 2])]
            )
            area += abs(Double((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y))) / 2
            index += 3
        }
        pixelsWritten += Int(area.rounded())
        base.drawTriangles(vertices, indices: indices, texture: texture, paint: paint)
    }

    package func drawLine(from start: (x: Float, y: Float), to end: (x: Float, y: Float), color: RGBA8) {
        pixelsWritten += Int(max(abs(end.x - start.x), abs(end.y - start.y)).rounded())
        base.drawLine(from: start, to: end, color: color)
    }

    package func readPixels(_ rect: PixelBox) -> [UInt32]? { base.readPixels(rect) }
    package func resample(into texture: ExecutorTexture, _ job: ResampleJob) {
        base.resample(into: texture, job)
    }
    package func markScratch(_ texture: ExecutorTexture) { base.markScratch(texture) }
    package func straightenAlpha(_ box: PixelBox, of texture: ExecutorTexture) {
        pixelsWritten += Int(box.w) * Int(box.h)
        base.straightenAlpha(box, of: texture)
    }

    package func writePixels(_ pixels: [UInt32], into texture: ExecutorTexture, rect: PixelBox) {
        pixelsWritten += Int(rect.w) * Int(rect.h)
        base.writePixels(pixels, into: texture, rect: rect)
    }

    /// A box's pixels within `limit`.
    private func count(x: Double, y: Double, w: Double, h: Double) {
        let minX = max(x, limit.minX)
        let minY = max(y, limit.minY)
        let maxX = min(x + w, limit.maxX)
        let maxY = min(y + h, limit.maxY)
        guard maxX > minX, maxY > minY else { return }
        pixelsWritten += Int(((maxX - minX) * (maxY - minY)).rounded())
    }
}
