import Foundation
import Graphics
import Platform
import Scenes

/// A recorded interaction to replay: scene, window size and timed events on the virtual clock.
/// The JSON format is a contract other tools rely on (see docs/SCRIPTING.md, "Input scripts").
public struct InputScript: Equatable, Sendable {
    public var scene: SceneID?
    public var size: Size?
    public var events: [ScriptEvent]

    public init(scene: SceneID? = nil, size: Size? = nil, events: [ScriptEvent]) {
        self.scene = scene
        self.size = size
        self.events = events
    }

    /// Parses and validates the whole script before anything runs; errors name the event index.
    public static func parse(_ data: Data) throws(ScriptError) -> InputScript {
        guard data.count <= InputLimits.scriptBytes else {
            throw ScriptError(
                message:
                    "the file is \(data.count / 1_048_576) MB; scripts may be at most \(InputLimits.scriptBytes / 1_048_576) MB (split it into several runs)"
            )
        }
        var reader = JSONReader(data)
        var script = InputScript(events: [])
        var sawEvents = false
        do {
            guard reader.nextIsObject() else { throw reader.failure("the top level must be an object") }
            try reader.readObject { reader, key in
                switch key {
                case "scene":
                    guard case .string(let name) = try reader.readValue(), let scene = SceneID(rawValue: name) else {
                        throw ScriptError(
                            message:
                                "\"scene\" must be one of \(SceneID.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    script.scene = scene
                case "size":
                    let value = try reader.readValue()
                    guard let pair = ScriptValue.pair(value),
                        InputLimits.isValidWindow(Size(width: pair.x, height: pair.y))
                    else {
                        throw ScriptError(message: "\"size\" must be [width, height]: \(InputLimits.sizeRule)")
                    }
                    script.size = Size(width: pair.x, height: pair.y)
                case "events":
                    guard reader.nextIsArray() else { throw ScriptError(message: "\"events\" must be an array") }
                    sawEvents = true
                    // Each event becomes a ScriptEvent as soon as it is read.
                    try reader.readArray { reader, index in
                        let raw = try reader.readValue()
                        do throws(ScriptError) {
                            script.events.append(try ScriptEvent(json: raw))
                        } catch {
                            throw ScriptError(message: "event \(index): \(error.message)")
                        }
                    }
                default:
                    _ = try reader.readValue()
                }
            }
            try reader.expectEnd()
        } catch let error as ScriptError {
            throw error
        } catch let error as JSONReader.Failure {
            throw ScriptError(message: "not valid JSON: \(error.message)")
        } catch {
            throw ScriptError(message: "not valid JSON: \(error)")
        }
        guard sawEvents else { throw ScriptError(message: "\"events\" must be an array") }
        return script
    }
}

/// What is wrong with a script, in words a person can act on.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Helpers for reading JSON values.
enum ScriptValue {
    static func number(_ value: JSONValue?) -> Double? {
        guard case .number(let number) = value, number.isFinite else { return nil }
        return number
    }

    static func pair(_ value: JSONValue?) -> Point? {
        guard case .array(let array) = value, array.count == 2, let x = number(array[0]), let y = number(array[1])
        else {
            return nil
        }
        return Point(x: x, y: y)
    }

    /// `point` if both coordinates are within the script's limits, else an error naming `what`.
    static func checked(_ point: Point, _ what: String) throws(ScriptError) -> Point {
        let limit = InputLimits.coordinate
        guard abs(point.x) <= limit, abs(point.y) <= limit else {
            throw ScriptError(
                message: "\(what) has a coordinate beyond ±\(Int(limit)) points (got \(point.x), \(point.y))")
        }
        return point
    }
}
