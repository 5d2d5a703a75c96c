/// UIScrollView's resistance past an edge: an overshoot of `x` shows as (1 − 1/(x·c/d + 1))·d,
/// which follows the finger at first and never exceeds the view's dimension d.
public enum RubberBand {
    public static let coefficient = 0.55

    /// The visible overshoot for a finger overshoot `distance` (sign kept) in a view of `dimension`.
    public static func offset(for distance: Double, dimension: Double, coefficient c: Double = coefficient) -> Double {
        guard dimension > 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(distance) * c / dimension + 1)) * dimension
        return distance < 0 ? -magnitude : magnitude
    }

    /// The inverse: the finger overshoot that shows as `offset`, to resume a drag where it is.
    public static func distance(for offset: Double, dimension: Double, coefficient c: Double = coefficient) -> Double {
        guard dimension > 0 else { return 0 }
        let ratio = min(abs(offset) / dimension, 0.999_999)
        let magnitude = (1 / (1 - ratio) - 1) * dimension / c
        return offset < 0 ? -magnitude : magnitude
    }

    /// Clamps `value` to `range`, rubber-banding whatever lies beyond it.
    public static func clamp(
        _ value: Double, to range: ClosedRange<Double>, dimension: Double, coefficient c: Double = coefficient
    ) -> Double {
        if value < range.lowerBound {
            return range.lowerBound + offset(for: value - range.lowerBound, dimension: dimension, coefficient: c)
        }
        if value > range.upperBound {
            return range.upperBound + offset(for: value - range.upperBound, dimension: dimension, coefficient: c)
        }
        return value
    }
}
