import Graphics

/// Decides whether a window frame must be drawn at all. A desktop window that shows the same
/// picture as last frame — nothing moving, no input — need not draw or present it again: the
/// window keeps showing what it last presented, and the app idles instead of keeping a core
/// busy redrawing an unchanged screen 60 times a second (UIKit draws only what changed too).
/// Anything that may change the pixels without changing the display list forces a draw: the
/// resources' content epoch moved since the last draw (a picture's texture came or went), a
/// picture decoded or waiting to be uploaded (taken in only by a frame that draws), the window
/// exposed or resized, or a capture needing this frame's pixels.
package struct RedrawGate {
    private var lastDrawn: DisplayList?
    private var lastEpoch = -1
    private var forced = true

    package init() {}

    /// Pixels may have changed or been lost outside the display list (expose, resize, a new
    /// renderer): the next frame draws whatever its list.
    package mutating func invalidate() { forced = true }

    /// True when `list` must be drawn. `contentEpoch` is the resources' epoch now (what was
    /// drawn last is stale when it moved); `picturesPending` says whether pictures wait to be
    /// taken in or uploaded.
    package mutating func shouldDraw(_ list: DisplayList, contentEpoch: Int, picturesPending: Bool) -> Bool {
        if !forced, !picturesPending, contentEpoch == lastEpoch, let lastDrawn, lastDrawn == list { return false }
        forced = false
        lastDrawn = list
        return true
    }

    /// The epoch the resources reached while drawing the last frame (uploads during a draw move
    /// it; the frame drawn already shows them).
    package mutating func didDraw(contentEpoch: Int) { lastEpoch = contentEpoch }
}
