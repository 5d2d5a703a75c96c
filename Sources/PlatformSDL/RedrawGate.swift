import Graphics

/// Decides whether a window frame must be drawn at all. A desktop window that shows the same
/// picture as last frame — nothing moving, no input — need not draw or present it again: the
/// window keeps showing what it last presented, and the app idles instead of keeping a core
/// busy redrawing an unchanged screen 60 times a second (UIKit draws only what changed too).
/// Anything that may change the pixels without changing the display list forces a draw: a
/// picture arriving from the background decoder, a picture waiting to be uploaded, the window
/// exposed or resized, or a capture needing this frame's pixels.
struct RedrawGate {
    private var lastDrawn: DisplayList?
    private var forced = true

    /// Pixels may have changed or been lost outside the display list (expose, resize, a new
    /// renderer): the next frame draws whatever its list.
    mutating func invalidate() { forced = true }

    /// True when `list` must be drawn; `picturesChanged` says whether pictures arrived or wait
    /// to be uploaded since the last draw.
    mutating func shouldDraw(_ list: DisplayList, picturesChanged: Bool) -> Bool {
        if !forced, !picturesChanged, let lastDrawn, lastDrawn == list { return false }
        forced = false
        lastDrawn = list
        return true
    }
}
