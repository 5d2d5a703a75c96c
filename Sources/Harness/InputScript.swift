import Foundation
import Graphics
import Platform
import Scenes
import Tools

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
