import Graphics
import Platform
import Scenes
import Tools

/// The events whose fields take more than a line to read and check, one reader each.
extension ScriptEvent {
    /// A drag from one point to another over `duration`, ending within the script's hour.
    static func drag(_ object: JSONValue, at: Double) throws(ScriptError) -> Kind {
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
        return .drag(
            from: try ScriptValue.checked(from, "\"drag\" \"from\""),
            to: try ScriptValue.checked(to, "\"drag\" \"to\""), duration: duration)
    }

    /// A key by its script name.
    static func key(_ object: JSONValue) throws(ScriptError) -> Kind {
        guard case .string(let name) = object["key"],
            let key = Key(scriptName: name)
        else {
            throw ScriptError(
                message: "\"key\" must be one of \(Key.scriptNames)")
        }
        return .key(key)
    }

    /// A wheel turn by `dx` and/or `dy` points.
    static func wheel(_ object: JSONValue) throws(ScriptError) -> Kind {
        let dx = ScriptValue.number(object["dx"]) ?? 0
        let dy = ScriptValue.number(object["dy"]) ?? 0
        if object["dx"] == nil && object["dy"] == nil {
            throw ScriptError(message: "\"wheel\" needs \"dx\" and/or \"dy\"")
        }
        return .wheel(try ScriptValue.checked(Point(x: dx, y: dy), "\"wheel\""))
    }

    /// A PNG of the scene, or of the whole window with `"window": true`.
    static func capture(_ object: JSONValue, file: String) throws(ScriptError) -> Kind {
        var window = false
        switch object["window"] {
        case nil, .null: break
        case .bool(let value): window = value
        default: throw ScriptError(message: "\"capture\" takes \"window\": true or false")
        }
        return .capture(file: file, window: window)
    }

    /// The scene resized, within the window limits.
    static func resize(_ object: JSONValue) throws(ScriptError) -> Kind {
        guard let width = ScriptValue.number(object["width"]), let height = ScriptValue.number(object["height"]),
            InputLimits.isValidWindow(Size(width: width, height: height))
        else {
            throw ScriptError(message: "\"resize\" needs \"width\" and \"height\": \(InputLimits.sizeRule)")
        }
        return .resize(Size(width: width, height: height))
    }

    /// The lab's slow motion by a factor.
    static func slow(_ object: JSONValue) throws(ScriptError) -> Kind {
        guard let factor = ScriptValue.number(object["factor"]), InputLimits.slowdown.contains(factor) else {
            throw ScriptError(message: "\"slow\" needs a \"factor\": \(InputLimits.slowdownRule)")
        }
        return .tool(.lab(.slow(factor: factor)))
    }

    /// The lab's timeline scrubbed to a progress from 0 to 1.
    static func scrub(_ object: JSONValue) throws(ScriptError) -> Kind {
        guard let progress = ScriptValue.number(object["progress"]), (0...1).contains(progress) else {
            throw ScriptError(message: "\"scrub\" needs a \"progress\" from 0 to 1")
        }
        return .tool(.lab(.scrub(progress: progress)))
    }

    /// A recording: its duration, and optionally its folder, format and scale.
    static func record(_ object: JSONValue) throws(ScriptError) -> Kind {
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
        var format = RecordingFormat.png
        if let value = object["format"] {
            guard case .string(let name) = value, let named = RecordingFormat(rawValue: name) else {
                throw ScriptError(message: "\"record\" \"format\" must be \"gif\", \"mp4\" or \"png\"")
            }
            format = named
        }
        var scale: Double?
        if let value = object["scale"] {
            guard let number = ScriptValue.number(value), InputLimits.recordingScale.contains(number) else {
                throw ScriptError(message: "\"record\" \"scale\" must be a number from 1 to 4")
            }
            scale = number
        }
        return .tool(.lab(.record(folder: folder, duration: duration, format: format, scale: scale)))
    }

    /// The inspector: its mode, angles, spacing and the view selected.
    static func inspect(_ object: JSONValue) throws(ScriptError) -> Kind {
        var mode: InspectorMode?
        if let value = object["mode"] {
            guard case .string(let name) = value, let named = InspectorMode(rawValue: name) else {
                throw ScriptError(message: "\"inspect\" \"mode\" must be \"3d\", \"2d\" or \"off\"")
            }
            mode = named
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
        return .tool(.inspector(.inspect(mode: mode, yaw: yaw, pitch: pitch, spacing: spacing, select: select)))
    }

    /// A tuning parameter set to a value in its range.
    /// `reference`: a video to load (`file`), the onion skin's opacity (`onion`, 0–1), or both;
    /// or the difference over the scene (`difference`, true or false).
    static func reference(_ object: JSONValue) throws(ScriptError) -> Kind {
        if let value = object["track"] {
            guard case .array(let items) = value, items.count == 4,
                case let numbers = items.compactMap({ ScriptValue.number($0) }), numbers.count == 4,
                numbers.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 100_000 }), numbers[2] >= 1, numbers[3] >= 1
            else {
                throw ScriptError(
                    message:
                        "\"reference\" \"track\" is a box [x, y, width, height] in the video's pixels (at least 1×1)")
            }
            var at: Double?
            if let value = object["video_at"] {
                guard let seconds = ScriptValue.number(value), seconds >= 0, seconds <= 3600 else {
                    throw ScriptError(message: "\"reference\" \"video_at\" is seconds into the video (0–3600)")
                }
                at = seconds
            }
            return .tool(
                .reference(.track(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3], at: at)))
        }
        if object["apply"] != nil {
            guard case .bool(true) = object["apply"] else {
                throw ScriptError(message: "\"reference\" \"apply\" is true")
            }
            return .tool(.reference(.apply))
        }
        if let value = object["start"] {
            guard let seconds = ScriptValue.number(value), seconds >= 0, seconds <= 3600, object["file"] == nil,
                object["onion"] == nil, object["difference"] == nil
            else {
                throw ScriptError(message: "\"reference\" \"start\" is seconds into the video (0–3600), on its own")
            }
            return .tool(.reference(.start(seconds)))
        }
        if let value = object["difference"] {
            guard case .bool(let on) = value, object["file"] == nil, object["onion"] == nil else {
                throw ScriptError(message: "\"reference\" \"difference\" is true or false, on its own")
            }
            return .tool(.reference(.difference(on)))
        }
        var onion: Double?
        if let value = object["onion"] {
            guard let number = ScriptValue.number(value), (0...1).contains(number) else {
                throw ScriptError(message: "\"reference\" \"onion\" must be an opacity from 0 to 1")
            }
            onion = number
        }
        switch object["file"] {
        case .string(let file) where !file.isEmpty:
            return .tool(.reference(.load(file: file, onion: onion)))
        case nil:
            guard let onion else {
                throw ScriptError(
                    message: "\"reference\" needs a \"file\" (a screen recording) or an \"onion\" opacity")
            }
            return .tool(.reference(.onion(onion)))
        default:
            throw ScriptError(message: "\"reference\" \"file\" must be a non-empty path")
        }
    }

    static func tune(_ object: JSONValue) throws(ScriptError) -> Kind {
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
        return .tool(.tuning(.tune(name: name, value: value)))
    }
}
