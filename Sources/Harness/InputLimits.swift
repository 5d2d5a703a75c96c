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

    /// The sentence a bad size gets, wherever it came from.
    public static let sizeRule = "WIDTHxHEIGHT in points, each from 160 to 8192 (e.g. 390x844)"
    /// How much slower animations may run (`--slow`, the script's "slow"): 1 is normal speed.
    public static let slowdown = 1.0...100.0
    public static let slowdownRule = "a number from 1 (normal speed) to 100 (e.g. 10 for ten times slower)"

    /// Whether `size` is a window this app can open.
    public static func isValidWindow(_ size: Size) -> Bool {
        windowSide.contains(size.width) && windowSide.contains(size.height)
    }
}
