import Foundation
import Graphics
import Platform
import Scenes

/// A recorded interaction to replay: scene, window size and timed events on the virtual clock.
/// The JSON format is a contract other tools rely on (see README, "Input scripts").
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
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ScriptError(message: "not valid JSON: \(JSONErrorLocation.describe(error, in: data))")
        }
        guard let root = object as? [String: Any] else { throw ScriptError(message: "the top level must be an object") }
        var script = InputScript(events: [])
        if let sceneName = root["scene"] {
            guard let name = sceneName as? String, let scene = SceneID(rawValue: name) else {
                throw ScriptError(
                    message: "\"scene\" must be one of \(SceneID.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            script.scene = scene
        }
        if let sizeValue = root["size"] {
            guard let pair = ScriptValue.pair(sizeValue), InputLimits.isValidWindow(Size(width: pair.x, height: pair.y))
            else {
                throw ScriptError(message: "\"size\" must be [width, height]: \(InputLimits.sizeRule)")
            }
            script.size = Size(width: pair.x, height: pair.y)
        }
        guard let events = root["events"] as? [Any] else {
            throw ScriptError(message: "\"events\" must be an array")
        }
        for (index, raw) in events.enumerated() {
            do {
                script.events.append(try ScriptEvent(json: raw))
            } catch {
                throw ScriptError(message: "event \(index): \(error.message)")
            }
        }
        return script
    }
}

/// What is wrong with a script, in words a person can act on.
public struct ScriptError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Helpers for reading loosely typed JSON values.
enum ScriptValue {
    static func number(_ value: Any?) -> Double? {
        // JSON booleans arrive as NSNumbers too; their type code is "c".
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }

    static func pair(_ value: Any?) -> Point? {
        guard let array = value as? [Any], array.count == 2, let x = number(array[0]), let y = number(array[1]) else {
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
