import CSDL2
import Graphics
import Rendering

/// The inspector's turned slabs, recorded whole (`RecordedDrawCall.fillSheared`, `.copySheared`)
/// and cut into strips or row runs here, on the lane's own thread and only over the rows it
/// draws: the main thread no longer works out and records tens of thousands of rectangles a
/// frame, and each band no longer skips the other bands' share of them. The pixels are those of
/// `RenderExecutor`'s own `fillSheared` and `copySheared`: the same runs and strips, cut to the
/// same rows.
extension DrawingLane {
    /// The rows of the output this lane writes and the clip lets show, or nil when it draws into
    /// a texture (all of whose rows it draws).
    private func rowsDrawn(onOutput: Bool) -> Range<Int>? {
        guard onOutput else { return nil }
        guard var within = writable else { return 0..<0 }
        if let clip {
            guard let clipped = Self.intersection(within, clip) else { return 0..<0 }
            within = clipped
        }
        return Int(within.y)..<Int(within.y + within.h)
    }

    func fillSheared(_ area: ShearedPixels, color: RGBA8, blend: ExecutorBlend, onOutput: Bool) {
        let rows = rowsDrawn(onOutput: onOutput)
        if let rows, rows.isEmpty { return }
        let boxes = area.rowRuns(within: rows).map(PixelBox.init(run:))
        guard !boxes.isEmpty else { return }
        fill(boxes, color: color, blend: blend, onOutput: onOutput)
    }

    func copySheared(
        _ texture: OpaquePointer, texelOrigin: PixelPoint, onto area: ShearedPixels, paint: TexturePaint,
        onOutput: Bool
    ) {
        let rows = rowsDrawn(onOutput: onOutput)
        if let rows, rows.isEmpty { return }
        ShearedStrips.forEachStrip(columns: area.columns, shear: area.shear, originX: area.originX) { strip in
            let top = area.rows.lowerBound + strip.offset
            if let rows, top >= rows.upperBound || top + area.rows.count <= rows.lowerBound { return }
            let (texels, target) = area.copy(of: strip, texelOrigin: texelOrigin)
            calls.copy(texture, source: texels, destination: target, paint: paint)
        }
    }
}
