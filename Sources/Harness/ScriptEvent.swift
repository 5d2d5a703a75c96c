import Foundation
import Graphics
import Platform
import Scenes
import Tools

/// One entry of a script's `events` array.
public struct ScriptEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case pointer(PointerEvent.Phase, Point)
        /// A finger `id` (down, move, up or cancel) at a point, as a touch screen reports it.
        case touch(TouchEvent.Phase, id: Int, Point)
        /// Down at `from`, a move every frame along the line, up at `to` after `duration`.
        case drag(from: Point, to: Point, duration: Double)
        /// Down, then up one frame later at the same point.
        case tap(Point)
        case key(Key)
        case wheel(Point)
        /// `window`: the whole window, tools over the scene included (as Shift+F12).
        case capture(file: String, window: Bool = false)
        case dump(file: String)
        /// The window changes to this size in points, as a user resizing it.
        case resize(Size)
        case quit
        /// A command for one of the tools (the lab, tuning, the inspector).
        case tool(ToolCommand)
    }

    public var at: Double
    public var kind: Kind

    public init(at: Double, kind: Kind) {
        self.at = at
        self.kind = kind
    }

    init(json object: JSONValue) throws(ScriptError) {
        guard case .object = object else { throw ScriptError(message: "must be an object") }
        guard let at = ScriptValue.number(object["at"]), at >= 0, at <= InputLimits.scriptSeconds else {
            throw ScriptError(
                message:
                    "\"at\" must be a number of seconds from 0 to \(Int(InputLimits.scriptSeconds)) (a script runs at most an hour)"
            )
        }
        guard case .string(let type) = object["type"] else { throw ScriptError(message: "\"type\" is missing") }
        self.at = at
        func point() throws(ScriptError) -> Point {
            guard let x = ScriptValue.number(object["x"]), let y = ScriptValue.number(object["y"]) else {
                throw ScriptError(message: "\"\(type)\" needs numeric \"x\" and \"y\"")
            }
            return try ScriptValue.checked(Point(x: x, y: y), "\"\(type)\"")
        }
        func file() throws(ScriptError) -> String {
            guard case .string(let name) = object["file"], !name.isEmpty else {
                throw ScriptError(message: "\"\(type)\" needs a non-empty \"file\"")
            }
            return name
        }
        switch type {
        case "down": kind = .pointer(.down, try point())
        case "move": kind = .pointer(.move, try point())
        case "up": kind = .pointer(.up, try point())
        case "hover": kind = .pointer(.hover, try point())
        case "tap": kind = .tap(try point())
        case "drag": kind = try Self.drag(object, at: at)
        case "key": kind = try Self.key(object)
        case "wheel": kind = try Self.wheel(object)
        case "capture": kind = try Self.capture(object, file: try file())
        case "dump": kind = .dump(file: try file())
        case "resize": kind = try Self.resize(object)
        case "quit": kind = .quit
        case "slow": kind = try Self.slow(object)
        case "pause": kind = .tool(.lab(.pause))
        case "resume": kind = .tool(.lab(.resume))
        case "step": kind = .tool(.lab(.step))
        case "scrub": kind = try Self.scrub(object)
        case "record": kind = try Self.record(object)
        case "inspect": kind = try Self.inspect(object)
        case "tune": kind = try Self.tune(object)
        case "reference": kind = try Self.reference(object)
        case "touch":
            guard case .string(let name) = object["phase"], let phase = TouchEvent.Phase(rawValue: name) else {
                throw ScriptError(message: "\"touch\" needs \"phase\": \"down\", \"move\", \"up\" or \"cancel\"")
            }
            guard let id = ScriptValue.number(object["id"]), id >= 0, id <= 99, id.rounded() == id else {
                throw ScriptError(message: "\"touch\" needs \"id\": a finger's number from 0 to 99")
            }
            kind = .touch(phase, id: Int(id), try point())
        case "reduce_motion":
            guard case .bool(let on) = object["on"] else {
                throw ScriptError(message: "\"reduce_motion\" needs \"on\": true or false")
            }
            kind = .tool(.reduceMotion(on))
        default:
            throw ScriptError(
                message:
                    "unknown type \"\(type)\" (expected down, move, up, drag, tap, key, wheel, resize, capture, dump, "
                    + "quit, slow, pause, resume, step, scrub, record, tune, inspect, reference, reduce_motion or touch)"
            )
        }
    }
}
