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
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ScriptError(message: "not valid JSON (\(error.localizedDescription))")
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
            guard let pair = ScriptValue.pair(sizeValue), pair.x >= 1, pair.y >= 1 else {
                throw ScriptError(message: "\"size\" must be [width, height] with both at least 1")
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
}
