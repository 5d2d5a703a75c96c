import Foundation
import Motion

/// Tuned values as a file: one JSON object, parameter name → number, sorted by name. What the
/// panel's Save and `--tune-out` write and `--tune` reads.
@MainActor
package enum TuningFile {
    static func text(of tuning: Tuning) -> String {
        let lines = tuning.snapshot.map { "  \"\($0.name)\": \(NumberText.json($0.value))" }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// Reads `data` into `tuning`; nothing changes unless every entry is a known name with a value
    /// in range. The error names the first problem.
    static func load(_ data: Data, into tuning: Tuning) throws(ScriptError) {
        let value: JSONValue
        do {
            var reader = JSONReader(data)
            value = try reader.readValue()
            try reader.expectEnd()
        } catch let error as JSONReader.Failure {
            throw ScriptError(message: "not valid JSON: \(error.message)")
        } catch {
            throw ScriptError(message: "not valid JSON: \(error)")
        }
        guard case .object(let entries) = value else {
            throw ScriptError(message: "it must be one JSON object of parameter names and numbers")
        }
        var accepted: [(String, Double)] = []
        for (name, entry) in entries {
            guard let parameter = tuning.parameter(named: name) else {
                throw ScriptError(message: TuningError.unknownName(name).message)
            }
            guard let number = ScriptValue.number(entry) else {
                throw ScriptError(message: "\(name) must be a number")
            }
            guard parameter.range.contains(number) else {
                throw ScriptError(
                    message: TuningError.outOfRange(name: name, value: number, range: parameter.range).message)
            }
            accepted.append((name, number))
        }
        for (name, number) in accepted { try? tuning.set(name, to: number) }
    }
}
