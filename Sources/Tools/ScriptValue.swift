import Graphics

/// What is wrong with a script, in words a person can act on.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    package init(message: String) { self.message = message }
}

/// Helpers for reading JSON values.
package enum ScriptValue {
    package static func number(_ value: JSONValue?) -> Double? {
        guard case .number(let number) = value, number.isFinite else { return nil }
        return number
    }

    package static func pair(_ value: JSONValue?) -> Point? {
        guard case .array(let array) = value, array.count == 2, let x = number(array[0]), let y = number(array[1])
        else {
            return nil
        }
        return Point(x: x, y: y)
    }

    /// `point` if both coordinates are within the script's limits, else an error naming `what`.
    package static func checked(_ point: Point, _ what: String) throws(ScriptError) -> Point {
        let limit = InputLimits.coordinate
        guard abs(point.x) <= limit, abs(point.y) <= limit else {
            throw ScriptError(
                message: "\(what) has a coordinate beyond ±\(Int(limit)) points (got \(point.x), \(point.y))")
        }
        return point
    }
}

/// Numbers as the files the app writes hold them (scripts, tunings, dumps).
package enum NumberText {
    /// Shortest text that reads back as the same Double.
    package static func json(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// To four decimals, as the dump gives times and values.
    package static func rounded(_ value: Double) -> Double {
        (value * 10_000).rounded() / 10_000
    }
}
