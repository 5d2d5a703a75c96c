import Graphics

/// Where the recreation and the reference video disagree: each pixel the difference of the two,
/// channel by channel — black where they agree, bright where they do not (a panel a few points
/// off shows as two bright edges). The video is fitted into the scene as it is shown (its aspect
/// kept, centred); outside it the picture is black. Here, with the video's other pixel work, so
/// it is built optimized even in debug builds (a frame at 3× took ~0.1 s unoptimized).
package enum ReferenceDifference {
    /// `scene` (the frame's pixels) against `video` (the reference frame at any size), at the
    /// scene's size.
    package static func image(scene: PixelImage, video: PixelImage) -> PixelImage {
        let (width, height) = (scene.width, scene.height)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        guard video.width > 0, video.height > 0, width > 0, height > 0 else {
            return PixelImage(width: width, height: height, rgba: out)
        }
        // The video fitted into the scene, centred: scene pixels per video pixel, and its corner.
        let scale = min(Double(width) / Double(video.width), Double(height) / Double(video.height))
        let left = (Double(width) - Double(video.width) * scale) / 2
        let top = (Double(height) - Double(video.height) * scale) / 2
        let columns = (0..<width).map { x -> Int in
            let source = Int(((Double(x) + 0.5 - left) / scale).rounded(.down))
            return (0..<video.width).contains(source) ? source : -1
        }
        scene.rgba.withUnsafeBufferPointer { scenePixels in
            video.rgba.withUnsafeBufferPointer { videoPixels in
                for y in 0..<height {
                    let sourceRow = Int(((Double(y) + 0.5 - top) / scale).rounded(.down))
                    let row = y * width * 4
                    guard (0..<video.height).contains(sourceRow) else {
                        for x in 0..<width { out[row + x * 4 + 3] = 255 }
                        continue
                    }
                    for x in 0..<width {
                        let at = row + x * 4
                        out[at + 3] = 255
                        let source = columns[x]
                        guard source >= 0 else { continue }
                        let from = (sourceRow * video.width + source) * 4
                        for channel in 0..<3 {
                            let a = Int(scenePixels[at + channel])
                            let b = Int(videoPixels[from + channel])
                            out[at + channel] = UInt8(abs(a - b))
                        }
                    }
                }
            }
        }
        return PixelImage(width: width, height: height, rgba: out)
    }
}
