extension Int32 {
    /// A pixel coordinate from geometry that may be huge or not a number (a drag to 8e307 once
    /// crashed the conversion): clamped far outside any window, NaN as 0.
    init(pixel value: Double) {
        guard !value.isNaN else {
            self = 0
            return
        }
        self = Int32(Swift.min(Swift.max(value.rounded(), -16_777_216), 16_777_216))
    }
}
