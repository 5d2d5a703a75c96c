import Foundation
import Graphics
import Platform
import Scenes

/// One entry of a script's `events` array.
public struct ScriptEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case pointer(PointerEvent.Phase, Point)
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
        /// A motion lab command.
        case lab(LabCommand)
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
        case "drag":
            guard let from = ScriptValue.pair(object["from"]), let to = ScriptValue.pair(object["to"]) else {
                throw ScriptError(message: "\"drag\" needs \"from\" and \"to\" as [x, y]")
            }
            guard let duration = ScriptValue.number(object["duration"]), duration > 0,
                at + duration <= InputLimits.scriptSeconds
            else {
                throw ScriptError(
                    message:
                        "\"drag\" needs a \"duration\" > 0 in seconds that ends within \(Int(InputLimits.scriptSeconds)) s"
                )
            }
            kind = .drag(
                from: try ScriptValue.checked(from, "\"drag\" \"from\""),
                to: try ScriptValue.checked(to, "\"drag\" \"to\""), duration: duration)
        case "key":
            guard case .string(let name) = object["key"],
                let key = Key(scriptName: name)
            else {
                throw ScriptError(
                    message: "\"key\" must be one of \(Key.scriptNames)")
            }
            kind = .key(key)
        case "wheel":
            let dx = ScriptValue.number(object["dx"]) ?? 0
            let dy = ScriptValue.number(object["dy"]) ?? 0
            if object["dx"] == nil && object["dy"] == nil {
                throw ScriptError(message: "\"wheel\" needs \"dx\" and/or \"dy\"")
            }
            kind = .wheel(try ScriptValue.checked(Point(x: dx, y: dy), "\"wheel\""))
        case "capture":
            var window = false
            switch object["window"] {
            case nil, .null: break
            case .bool(let value): window = value
            default: throw ScriptError(message: "\"capture\" takes \"window\": true or false")
            }
            kind = .capture(file: try file(), window: window)
        case "dump": kind = .dump(file: try file())
        case "resize":
            guard let width = ScriptValue.number(object["width"]), let height = ScriptValue.number(object["height"]),
                InputLimits.isValidWindow(Size(width: width, height: height))
            else {
                throw ScriptError(message: "\"resize\" needs \"width\" and \"height\": \(InputLimits.sizeRule)")
            }
            kind = .resize(Size(width: width, height: height))
        case "quit": kind = .quit
        case "slow":
            guard let factor = ScriptValue.number(object["factor"]), InputLimits.slowdown.contains(factor) else {
                throw ScriptError(message: "\"slow\" needs a \"factor\": \(InputLimits.slowdownRule)")
            }
            kind = .lab(.slow(factor: factor))
        case "pause": kind = .lab(.pause)
        case "resume": kind = .lab(.resume)
        case "step": kind = .lab(.step)
        case "scrub":
            guard let progress = ScriptValue.number(object["progress"]), (0...1).contains(progress) else {
                throw ScriptError(message: "\"scrub\" needs a \"progress\" from 0 to 1")
            }
            kind = .lab(.scrub(progress: progress))
        case "record":
            guard let duration = ScriptValue.number(object["duration"]), duration > 0, duration <= 60 else {
                throw ScriptError(message: "\"record\" needs a \"duration\" in seconds, more than 0 and at most 60")
            }
            var folder: String?
            if let value = object["dir"] {
                guard case .string(let name) = value, !name.isEmpty else {
                    throw ScriptError(message: "\"record\" \"dir\" must be a non-empty folder name")
                }
                folder = name
            }
            var format = "png"
            if let value = object["format"] {
                guard case .string(let name) = value, ["gif", "mp4", "png"].contains(name) else {
                    throw ScriptError(message: "\"record\" \"format\" must be \"gif\", \"mp4\" or \"png\"")
                }
                format = name
            }
            var scale: Double?
            if let value = object["scale"] {
                guard let number = ScriptValue.number(value), InputLimits.recordingScale.contains(number) else {
                    throw ScriptError(message: "\"record\" \"scale\" must be a number from 1 to 4")
                }
                scale = number
            }
            kind = .lab(.record(folder: folder, duration: duration, format: format, scale: scale))
        case "inspect":
            var mode: String?
            if let value = object["mode"] {
                guard case .string(let name) = value, ["3d", "2d", "off"].contains(name) else {
                    throw ScriptError(message: "\"inspect\" \"mode\" must be \"3d\", \"2d\" or \"off\"")
                }
                mode = name
            }
            func angle(_ key: String) throws(ScriptError) -> Double? {
                guard let value = object[key] else { return nil }
                guard let number = ScriptValue.number(value), (-80...80).contains(number) else {
                    throw ScriptError(message: "\"inspect\" \"\(key)\" must be degrees from -80 to 80")
                }
                return number
            }
            let yaw = try angle("yaw")
            let pitch = try angle("pitch")
            var spacing: Double?
            if let value = object["spacing"] {
                guard let number = ScriptValue.number(value), (0...200).contains(number) else {
                    throw ScriptError(message: "\"inspect\" \"spacing\" must be points from 0 to 200")
                }
                spacing = number
            }
            var select: String?
            if let value = object["select"] {
                guard case .string(let id) = value, !id.isEmpty else {
                    throw ScriptError(message: "\"inspect\" \"select\" must be a view's id")
                }
                select = id
            }
            kind = .lab(.inspect(mode: mode, yaw: yaw, pitch: pitch, spacing: spacing, select: select))
        case "tune":
            guard case .string(let name) = object["name"] else {
                throw ScriptError(
                    message: "\"tune\" needs a \"name\" of a tunable parameter (see docs/SCRIPTING.md, \"Live tuning\")"
                )
            }
            guard let parameter = SceneTuning.all.first(where: { $0.name == name }) else {
                throw ScriptError(
                    message: "\"tune\" names \"\(MessageText.quoted(name, limit: 80))\", which is not a tunable "
                        + "parameter (see docs/SCRIPTING.md, \"Live tuning\")")
            }
            guard let value = ScriptValue.number(object["value"]), parameter.range.contains(value) else {
                let given = ScriptValue.number(object["value"]).map { ", not \($0)" } ?? ""
                throw ScriptError(
                    message:
                        "\"tune\" \(name) needs a \"value\" from \(parameter.range.lowerBound) to \(parameter.range.upperBound)\(given)"
                )
            }
            kind = .lab(.tune(name: name, value: value))
        default:
            throw ScriptError(
                message:
                    "unknown type \"\(type)\" (expected down, move, up, drag, tap, key, wheel, resize, capture, dump, "
                    + "quit, slow, pause, resume, step, scrub, record, tune or inspect)"
            )
        }
    }
}
