import Motion
import Views

/// One of a scene's animations, declared once: the transition plays it and the code export
/// (C) writes it, so what is exported cannot drift from what plays. Numbers are fixed or read
/// from a tuning parameter when the animation starts.
public struct MotionSpec: Sendable {
    /// A number of a motion: a constant, or a tuning parameter's value at the time.
    public enum Number: Sendable, Equatable {
        case fixed(Double)
        case tuned(TuningParameter)

        @MainActor
        public func value(in tuning: Tuning) -> Double {
            switch self {
            case .fixed(let value): value
            case .tuned(let parameter): tuning[parameter]
            }
        }

        /// The tuning parameter's name, when it is tuned.
        var parameterName: String? {
            if case .tuned(let parameter) = self { parameter.name } else { nil }
        }
    }

    public enum Timing: Sendable, Equatable {
        /// UIKit's duration-based spring (`usingSpringWithDamping`), the velocity in distances/s.
        case spring(duration: Number, dampingRatio: Number, initialVelocity: Number = .fixed(0))
        /// A timed curve, after a delay.
        case curve(duration: Number, delay: Number = .fixed(0), curve: Curve)
    }

    /// UIKit's named curves (the export writes their names, the kit plays their control points).
    public enum Curve: String, Sendable {
        case linear, easeIn, easeOut, easeInOut

        public var timingCurve: TimingCurve {
            switch self {
            case .linear: .linear
            case .easeIn: .easeIn
            case .easeOut: .easeOut
            case .easeInOut: .easeInOut
            }
        }
    }

    /// An identifier-like name ("present", "zoom").
    public var name: String
    public var summary: String
    public var timing: Timing

    public init(name: String, summary: String, timing: Timing) {
        self.name = name
        self.summary = summary
        self.timing = timing
    }

    /// The motion with the values tuned now, as code exports it.
    @MainActor
    public func resolved(in tuning: Tuning) -> SceneMotion {
        var tunedBy: [String: String] = [:]
        func number(_ number: Number, _ key: String) -> Double {
            if let name = number.parameterName { tunedBy[key] = name }
            return number.value(in: tuning)
        }
        let resolved: SceneMotion.Timing
        switch timing {
        case .spring(let duration, let dampingRatio, let initialVelocity):
            resolved = .spring(
                duration: number(duration, "duration"), dampingRatio: number(dampingRatio, "dampingRatio"),
                initialVelocity: number(initialVelocity, "initialVelocity"))
        case .curve(let duration, let delay, let curve):
            resolved = .curve(
                duration: number(duration, "duration"), delay: number(delay, "delay"), curve: curve.rawValue)
        }
        return SceneMotion(name: name, summary: summary, timing: resolved, tunedBy: tunedBy)
    }

    /// The spring's timing as the kit plays it from `start` (the motion lab's expected curve);
    /// nil for a curve.
    @MainActor
    public func springTiming(start: Double, in tuning: Tuning) -> SpringTiming? {
        guard case .spring(let duration, let dampingRatio, let initialVelocity) = timing else { return nil }
        return SpringTiming(
            start: start, duration: duration.value(in: tuning), dampingRatio: dampingRatio.value(in: tuning),
            initialVelocity: initialVelocity.value(in: tuning))
    }

    /// The duration with the values tuned now.
    @MainActor
    public func duration(in tuning: Tuning) -> Double {
        switch timing {
        case .spring(let duration, _, _), .curve(let duration, _, _): duration.value(in: tuning)
        }
    }
}

extension View {
    /// Animates `changes` along `motion`, or, while a finger drives the transition
    /// (`followsFinger`), linearly over the same duration, so what it moves stays under the finger
    /// as the drag scrubs it.
    @MainActor
    public static func animate(
        _ motion: MotionSpec, in tuning: Tuning, followsFinger: Bool, changes: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        guard followsFinger else { return animate(motion, in: tuning, changes: changes, completion: completion) }
        View.animate(duration: motion.duration(in: tuning), curve: .linear, changes: changes, completion: completion)
    }

    /// Animates `changes` along `motion` with the values tuned now (`View.animate` for its timing).
    @MainActor
    public static func animate(
        _ motion: MotionSpec, in tuning: Tuning, changes: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        switch motion.timing {
        case .spring(let duration, let dampingRatio, let initialVelocity):
            View.animate(
                duration: duration.value(in: tuning), dampingRatio: dampingRatio.value(in: tuning),
                initialVelocity: initialVelocity.value(in: tuning), changes: changes, completion: completion)
        case .curve(let duration, let delay, let curve):
            View.animate(
                duration: duration.value(in: tuning), delay: delay.value(in: tuning), curve: curve.timingCurve,
                changes: changes, completion: completion)
        }
    }
}
