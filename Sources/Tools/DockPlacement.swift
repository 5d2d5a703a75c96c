/// Where the tools' dock is shown.
package enum DockPlacement: Equatable {
    /// No panel is open: the window is the scene's.
    case closed
    /// In a column of its own right of the scene: the window was widened by the dock's width.
    case beside
    /// Over the scene, translucent, at its left or right edge (the side away from the last touch):
    /// the screen had no room to widen the window.
    case over(atLeft: Bool)
}
