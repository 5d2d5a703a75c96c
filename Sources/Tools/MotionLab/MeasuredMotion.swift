/// A motion measured outside the recreation — one side of an element tracked in the reference
/// video — for the curve graph (G), where it is drawn as dots over the recreation's curves: the
/// same axes (seconds from the transition's start, progress from where it began to where it came
/// to rest), so the two can be told apart at a glance.
package struct MeasuredMotion: Equatable, Sendable {
    /// What the legend calls it ("video y").
    package var name: String
    /// Seconds from the transition's start, one per frame measured.
    package var times: [Double]
    /// The value at each time, as a share of the way from its first value (0) to its last (1).
    package var progress: [Double]

    package init(name: String, times: [Double], progress: [Double]) {
        self.name = name
        self.times = times
        self.progress = progress
    }

    /// `values` at `times` as progress from `from` to `to` — by default the first value and the
    /// last at rest (the median of the last three); nil when that is under `threshold`.
    package init?(
        name: String, times: [Double], values: [Double], from: Double? = nil, to: Double? = nil,
        threshold: Double = 2
    ) {
        guard let first = values.first, values.count >= 2 else { return nil }
        let last = values.suffix(3).sorted()
        let (from, to) = (from ?? first, to ?? last[last.count / 2])
        guard abs(to - from) >= threshold else { return nil }
        self.init(name: name, times: times, progress: values.map { ($0 - from) / (to - from) })
    }
}
