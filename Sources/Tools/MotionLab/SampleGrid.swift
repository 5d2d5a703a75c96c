/// The moments the motion lab keeps a frame at — for the transition's film and for a recording —
/// every sixtieth of a second of animation time from the first one kept, whatever the window
/// drew: a frame drawn late leaves the moments it skipped to be evaluated on their own (`missed`),
/// a transition slowed ten times is kept once per sixtieth of its own time, and a headless run,
/// whose frames fall on the grid, keeps every frame it draws. So a film and a recording are the
/// same list of pictures on a loaded machine, in a window or headless.
package struct SampleGrid {
    static let interval = 1.0 / 60
    /// A frame this close to a moment of the grid is that moment (the clock adds up steps).
    static let tolerance = 1e-6
    /// The most moments evaluated to catch up in one drawn frame (half a second): a longer stall
    /// (a debugger, a suspended process) is held on its last picture, not replayed.
    package static let catchUpLimit = 30

    /// The animation time of moment 0.
    let origin: Double
    /// The last moment kept.
    private(set) var last = 0

    package init(origin: Double) {
        self.origin = origin
    }

    /// Moment `index`'s animation time: the origin plus a multiple, never a running sum.
    package func time(of index: Int) -> Double { origin + Double(index) * Self.interval }

    /// The moment `time` falls on, if it is one after the last kept.
    package func moment(at time: Double) -> Int? {
        let index = ((time - origin) / Self.interval).rounded()
        guard index.isFinite, index > Double(last), index < Double(Int.max / 2),
            abs(self.time(of: Int(index)) - time) <= Self.tolerance
        else { return nil }
        return Int(index)
    }

    /// The moments after the last kept and strictly before `time` (a frame drawn after them):
    /// at most `catchUpLimit`, the latest of them when more were skipped.
    package func missed(before time: Double) -> [Int] {
        let raw = ((time - origin - Self.tolerance) / Self.interval).rounded(.up) - 1
        guard raw.isFinite, raw > Double(last) else { return [] }
        let end = Int(min(raw, Double(last + 100_000)))
        return Array(max(last + 1, end - Self.catchUpLimit + 1)...end)
    }

    /// Marks `index` kept: later frames look for the moments after it.
    package mutating func keep(_ index: Int) {
        last = max(last, index)
    }
}
