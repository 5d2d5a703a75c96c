import Graphics

/// The limits every way in shares: a flag, a script and a resize obey the same numbers and the
/// same words, so nothing beyond them reaches the kit (no infinite geometry, no endless replay).
public enum InputLimits {
    /// Window sides in points (`--size`, a script's `size`, a `resize` event).
    public static let windowSide = 160.0...8192.0
    /// Script coordinates and wheel deltas, in points either way from the window's origin.
    public static let coordinate = 100_000.0
    /// The longest script, in seconds of virtual time (an hour at 60 Hz is 216,000 frames).
    public static let scriptSeconds = 3600.0
    /// The largest script file; parsing stays within a small multiple of it.
    public static let scriptBytes = 16 * 1024 * 1024
    /// The largest tuning file (`--tune`): a saved tuning is a few hundred bytes.
    public static let tuningBytes = 1024 * 1024

    /// The sentence a bad size gets, wherever it came from.
    public static let sizeRule = "WIDTHxHEIGHT in points, each from 160 to 8192 (e.g. 390x844)"
    /// How much slower animations may run (`--slow`, the script's "slow"): 1 is normal speed.
    public static let slowdown = 1.0...100.0
    /// A recording's pixels per point (a script's `record` "scale", `--record-scale`): 1× to 4×,
    /// as `--scale`; 3× is a phone's own density.
    public static let recordingScale = 1.0...4.0
    public static let slowdownRule = "a number from 1 (normal speed) to 100 (e.g. 10 for ten times slower)"

    /// Whether `size` is a window this app can open.
    public static func isValidWindow(_ size: Size) -> Bool {
        windowSide.contains(size.width) && windowSide.contains(size.height)
    }

    /// The most pixels one frame may have: SDL addresses a frame's rows with 32-bit byte
    /// offsets (4 bytes a pixel), so a frame of 2 GB or more is drawn through a wrapped pointer
    /// (a square of about 23,170 px a side).
    public static let framePixels = Int(Int32.max) / 4

    /// The frame `size` needs at `scale` device pixels per point, in pixels.
    public static func pixels(of size: Size, scale: Double) -> Size {
        Size(width: (size.width * scale).rounded(), height: (size.height * scale).rounded())
    }

    /// The bytes of one frame of `size` points at `scale` (4 a pixel): what a capture holds.
    public static func frameBytes(of size: Size, scale: Double) -> Int {
        let frame = pixels(of: size, scale: scale)
        return Int(frame.width * frame.height) * 4
    }

    /// Whether a window of `size` points can be drawn at `scale`.
    public static func fitsInFrame(_ size: Size, scale: Double) -> Bool {
        let frame = pixels(of: size, scale: scale)
        return frame.width * frame.height <= Double(framePixels)
    }

    /// The largest square window, in whole points, that fits at `scale`.
    public static func largestSquare(scale: Double) -> Int {
        var side = Int((Double(framePixels).squareRoot() / scale).rounded(.down))
        while side > 0, !fitsInFrame(Size(width: Double(side), height: Double(side)), scale: scale) { side -= 1 }
        return min(side, Int(windowSide.upperBound))
    }

    /// Why `size` cannot be drawn at `scale` (nil when it can): the pixels it needs, the limit
    /// and the largest square at that scale.
    public static func frameProblem(_ size: Size, scale: Double) -> String? {
        guard !fitsInFrame(size, scale: scale) else { return nil }
        let frame = pixels(of: size, scale: scale)
        let side = largestSquare(scale: scale)
        let scaleText = scale == scale.rounded() ? String(Int(scale)) : String(scale)
        return "\(windowSizeText(size)) at scale \(scaleText) "
            + "is \(windowSizeText(frame)) pixels, more than one frame can hold (\(framePixels / 1_000_000) million "
            + "pixels); at that scale the largest square window is \(side)x\(side)"
    }
}
