import Motion

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fits a measured motion (one property of a tracked element over time) with the two models a
/// teardown hands over: a spring released from rest (UIKit's `usingSpringWithDamping`, in its
/// damping ratio and duration) and a cubic Bézier curve over a duration. Each model also finds when
/// the motion started and where it went from and to; the error is the root mean square distance,
/// in the samples' own units, between the samples and the fitted curve.
public enum MotionFit {
    /// The still value before the motion, the value it came to rest at, and the index of the first
    /// sample that left the start; nil when nothing moved (by at least `threshold`).
    public static func movement(of samples: [MotionSample], threshold: Double = 1) -> (
        from: Double, to: Double, firstMoving: Int
    )? {
        guard let first = samples.first else { return nil }
        let to = median(samples.suffix(3).map(\.value))
        let from = first.value
        let reach = samples.map { abs($0.value - from) }.max() ?? 0
        guard reach >= threshold else { return nil }
        // Left the start: by a twentieth of the whole reach or two thresholds, whichever is less.
        let leave = max(threshold * 0.5, min(reach * 0.05, threshold * 2))
        guard let index = samples.firstIndex(where: { abs($0.value - from) > leave }) else { return nil }
        return (from, to, index)
    }

    /// The spring that best follows `samples`, or nil when they do not move. `start`, when known
    /// (the moment the transition began, marked on the video), is taken as it is rather than fitted:
    /// the samples may then begin after it (an element that showed only once it was moving).
    public static func spring(_ samples: [MotionSample], threshold: Double = 1, start knownStart: Double? = nil)
        -> SpringFit?
    {
        guard let move = movement(of: samples, threshold: threshold) else { return nil }
        let startGuess = knownStart ?? startEstimate(samples, firstMoving: move.firstMoving)
        let free = Pinned(start: knownStart, samples: samples)
        func model(_ q: [Double]) -> SpringFit? {
            let p = free.all(q)
            let zeta = p[2]
            let duration = exp(p[1])
            guard zeta > 0.05, zeta < 3, duration > 0.02, duration < 20 else { return nil }
            return SpringFit(dampingRatio: zeta, duration: duration, start: p[0], from: p[3], to: p[4], error: 0)
        }
        func cost(_ p: [Double]) -> Double {
            guard let fit = model(p) else { return .infinity }
            return meanSquare(samples) { fit.value(at: $0) }
        }
        var best: (point: [Double], cost: Double)?
        for zeta in [0.3, 0.5, 0.7, 0.85, 1.0] {
            for duration in [0.3, 0.5, 0.8, 1.2, 2.0] {
                let start = free.varied([startGuess, log(duration), zeta, move.from, move.to])
                let found = NelderMead.minimize(
                    start: start, steps: free.varied([0.02, 0.2, 0.1, 0.5, 0.5]), iterations: 300, cost: cost)
                if best == nil || found.cost < best!.cost { best = found }
            }
        }
        guard let best else { return nil }
        let polished = NelderMead.minimize(
            start: best.point, steps: free.varied([0.005, 0.03, 0.02, 0.1, 0.1]), iterations: 600, cost: cost)
        guard var fit = model(polished.point) else { return nil }
        fit.error = polished.cost.squareRoot()
        return fit
    }

    /// The cubic Bézier curve (and duration) that best follows `samples`, or nil when they do not
    /// move; `start` as the spring's.
    public static func bezier(_ samples: [MotionSample], threshold: Double = 1, start knownStart: Double? = nil)
        -> BezierFit?
    {
        guard let move = movement(of: samples, threshold: threshold) else { return nil }
        let startGuess = knownStart ?? startEstimate(samples, firstMoving: move.firstMoving)
        let free = Pinned(start: knownStart, samples: samples)
        func model(_ q: [Double]) -> BezierFit? {
            let p = free.all(q)
            let duration = exp(p[1])
            guard duration > 0.02, duration < 20, (0...1).contains(p[2]), (0...1).contains(p[4]),
                abs(p[3]) < 3, abs(p[5]) < 3
            else { return nil }
            return BezierFit(
                curve: TimingCurve(p[2], p[3], p[4], p[5]), duration: duration, start: p[0], from: p[6], to: p[7],
                error: 0)
        }
        func cost(_ p: [Double]) -> Double {
            guard let fit = model(p) else { return .infinity }
            return meanSquare(samples) { fit.value(at: $0) }
        }
        var best: (point: [Double], cost: Double)?
        let curves: [TimingCurve] = [.easeInOut, .easeOut, .easeIn, .linear, TimingCurve(0.25, 0.1, 0.25, 1)]
        for curve in curves {
            for duration in [0.25, 0.5, 1.0] {
                let start = free.varied([
                    startGuess, log(duration), curve.c1x, curve.c1y, curve.c2x, curve.c2y, move.from, move.to,
                ])
                let found = NelderMead.minimize(
                    start: start, steps: free.varied([0.02, 0.2, 0.1, 0.1, 0.1, 0.1, 0.5, 0.5]), iterations: 400,
                    cost: cost)
                if best == nil || found.cost < best!.cost { best = found }
            }
        }
        guard let best else { return nil }
        let polished = NelderMead.minimize(
            start: best.point, steps: free.varied([0.005, 0.03, 0.03, 0.03, 0.03, 0.03, 0.1, 0.1]), iterations: 800,
            cost: cost)
        guard var fit = model(polished.point) else { return nil }
        fit.error = polished.cost.squareRoot()
        return fit
    }

    /// A model's numbers with its start (the first) either searched or pinned to a known moment,
    /// and its end value (the last) either searched or pinned: a motion that comes to rest past
    /// the frame's edge (bounds only, at the end) rests where the edge is, as far as the video shows.
    private struct Pinned {
        var start: Double?
        var to: Double?

        init(start: Double?, samples: [MotionSample]) {
            self.start = start
            to = samples.last.flatMap { $0.bound == .exact ? nil : $0.value }
        }

        /// The numbers the search varies: all but a pinned start and end.
        func varied(_ all: [Double]) -> [Double] {
            Array(all.dropFirst(start == nil ? 0 : 1).dropLast(to == nil ? 0 : 1))
        }
        /// Every number of the model from those the search varies.
        func all(_ varied: [Double]) -> [Double] {
            (start.map { [$0] } ?? []) + varied + (to.map { [$0] } ?? [])
        }
    }

    /// Half-way between the last still sample and the first moving one.
    private static func startEstimate(_ samples: [MotionSample], firstMoving: Int) -> Double {
        let moving = samples[firstMoving].time
        guard firstMoving > 0 else { return moving - 1.0 / 60 }
        return (samples[firstMoving - 1].time + moving) / 2
    }

    private static func meanSquare(_ samples: [MotionSample], _ model: (Double) -> Double) -> Double {
        var sum = 0.0
        for sample in samples {
            let miss = sample.miss(model(sample.time))
            sum += miss * miss
        }
        return sum / Double(max(samples.count, 1))
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// A spring released from rest at `start`, carrying a value from `from` to `to`: UIKit's
/// duration-based spring (`usingSpringWithDamping:` `dampingRatio`, `withDuration:` `duration`,
/// as the kit's model reads a duration), and the same spring in every other dialect.
public struct SpringFit: Equatable, Sendable {
    public var dampingRatio: Double
    public var duration: Double
    public var start: Double
    public var from: Double
    public var to: Double
    /// Root mean square distance between the samples and the curve.
    public var error: Double

    public init(dampingRatio: Double, duration: Double, start: Double, from: Double, to: Double, error: Double) {
        self.dampingRatio = dampingRatio
        self.duration = duration
        self.start = start
        self.from = from
        self.to = to
        self.error = error
        spring = SpringDialects(duration: duration, dampingRatio: dampingRatio)
    }

    /// The same spring as SwiftUI, Compose and Origami say it.
    public let spring: SpringDialects

    public func value(at time: Double) -> Double {
        guard time > start else { return from }
        let solution = SpringSolution(
            dampingRatio: dampingRatio, angularFrequency: spring.angularFrequency, initialDisplacement: 1,
            initialVelocity: 0)
        return to + (from - to) * solution.position(at: time - start)
    }
}

/// A cubic Bézier timing curve over `duration` from `start`, carrying a value from `from` to `to`.
public struct BezierFit: Equatable, Sendable {
    public var curve: TimingCurve
    public var duration: Double
    public var start: Double
    public var from: Double
    public var to: Double
    /// Root mean square distance between the samples and the curve.
    public var error: Double

    public init(curve: TimingCurve, duration: Double, start: Double, from: Double, to: Double, error: Double) {
        self.curve = curve
        self.duration = duration
        self.start = start
        self.from = from
        self.to = to
        self.error = error
    }

    public func value(at time: Double) -> Double {
        from + (to - from) * curve.progress(at: (time - start) / duration)
    }
}
