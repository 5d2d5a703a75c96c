import Graphics
import Rendering

extension DrawingLane {
    /// A still slab's picture, drawn upright in the target this lane is aimed at, carried onto
    /// `texture` (`ResampleJob`): a band resamples only the copy's rows that land on its own rows
    /// of the output (the copy goes there texel for pixel, and no other lane reads this twin's
    /// rows), so the bands share the work and nothing is read back on the main thread.
    func resample(into texture: OpaquePointer, _ job: ResampleJob) {
        var rows = 0..<job.region.y.count
        if job.landsOnOutput, isBand {
            let band = (Int(top) - job.region.y.lowerBound)..<(Int(top + height) - job.region.y.lowerBound)
            rows = rows.clamped(to: band)
        }
        guard !rows.isEmpty,
            let picture = calls.readPixels(PixelBox(x: 0, y: 0, w: job.pictureSize.w, h: job.pictureSize.h)),
            let image = job.image(of: picture, rows: rows, parallel: !isBand)
        else { return }
        calls.replacePixels(of: texture, with: image, atRow: Int32(rows.lowerBound))
    }
}
