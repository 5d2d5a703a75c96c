/// Where a tracked element is in a frame: its box's top-left corner and size, in the frame's pixels.
package struct TrackedBox: Equatable, Sendable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The same box in a picture `factor` times as large.
    package func scaled(by factor: Double) -> TrackedBox {
        TrackedBox(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }
}
