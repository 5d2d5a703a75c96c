import Graphics

/// One named, tunable constant of an effect: the seed's value, the range a designer may move it
/// in and its unit ("s", "pt", "pt/s", "" for ratios).
public struct TuningParameter: Hashable, Sendable {
    public let name: String
    public let defaultValue: Double
    public let range: ClosedRange<Double>
    public let unit: String
    /// What it changes, in a few words (shown in the tuning panel).
    public let summary: String

    public init(_ name: String, default value: Double, range: ClosedRange<Double>, unit: String = "", summary: String) {
        self.name = name
        defaultValue = value
        self.range = range
        self.unit = unit
        self.summary = summary
    }

    /// The scene (or "kit") it belongs to: the name's first part.
    public var group: String { String(name.prefix { $0 != "." }) }
}

/// Why a tuned value was refused.
public enum TuningError: Error, Equatable, Sendable {
    case unknownName(String)
    case outOfRange(name: String, value: Double, range: ClosedRange<Double>)

    public var message: String {
        switch self {
        case .unknownName(let name):
            return "there is no parameter \"\(MessageText.quoted(name, limit: 80))\""
        case .outOfRange(let name, let value, let range):
            return
                "\(MessageText.quoted(name, limit: 80)) must be from \(range.lowerBound) to \(range.upperBound), not \(value)"
        }
    }
}

/// The app's tunable constants and their current values: one per app, reached through the window
/// (`View.tuning`). Effects read their values when they start, so a change applies to the next
/// transition without a restart.
@MainActor
public final class Tuning {
    public private(set) var parameters: [TuningParameter] = []
    private var values: [String: Double] = [:]
    /// Goes up on every change (the tuning panel and the curve graph redraw when it moves).
    public private(set) var generation = 0

    public init(parameters: [TuningParameter] = []) {
        register(parameters)
    }

    /// Adds parameters to the catalog (ones already known are kept as they are).
    public func register(_ more: [TuningParameter]) {
        for parameter in more where !parameters.contains(where: { $0.name == parameter.name }) {
            parameters.append(parameter)
        }
    }

    public func parameter(named name: String) -> TuningParameter? {
        parameters.first { $0.name == name }
    }

    /// The current value: what was set, else the seed's.
    public subscript(_ parameter: TuningParameter) -> Double {
        values[parameter.name] ?? parameter.defaultValue
    }

    public func value(named name: String) -> Double? {
        parameter(named: name).map { self[$0] }
    }

    /// Sets a value by name; unknown names and values outside the range are refused.
    public func set(_ name: String, to value: Double) throws(TuningError) {
        guard let parameter = parameter(named: name) else { throw .unknownName(name) }
        guard value.isFinite, parameter.range.contains(value) else {
            throw .outOfRange(name: name, value: value, range: parameter.range)
        }
        values[name] = value == parameter.defaultValue ? nil : value
        generation += 1
    }

    /// Back to the seed's value.
    public func reset(_ name: String) {
        guard values.removeValue(forKey: name) != nil else { return }
        generation += 1
    }

    public func isChanged(_ parameter: TuningParameter) -> Bool { values[parameter.name] != nil }

    /// The parameters of one group ("rooms", "kit"…), in the order they were registered.
    public func parameters(in group: String) -> [TuningParameter] {
        parameters.filter { $0.group == group }
    }

    /// Every value (name → current value), sorted by name: what a saved file holds.
    public var snapshot: [(name: String, value: Double)] {
        parameters.map { ($0.name, self[$0]) }.sorted { $0.name < $1.name }
    }
}
