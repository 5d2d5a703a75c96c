import Foundation
import Graphics
import Tools

extension InputScript {
    /// The script as JSON text in the format of docs/SCRIPTING.md, one event per line (the monkey writes
    /// the scripts that reproduce what it found with this; `parse` reads them back unchanged).
    public func jsonText() -> String {
        var header: [String] = []
        if let scene { header.append(#""scene":"\#(scene.rawValue)""#) }
        if let size { header.append(#""size":[\#(NumberText.json(size.width)),\#(NumberText.json(size.height))]"#) }
        let lines = events.map { "  " + $0.jsonText() }
        return "{" + (header + [#""events":["#]).joined(separator: ",") + "\n" + lines.joined(separator: ",\n")
            + "]}\n"
    }

}

extension ScriptEvent {
    func jsonText() -> String {
        let n = NumberText.json
        let at = #""at":\#(n(at))"#
        switch kind {
        case .pointer(let phase, let point):
            return #"{\#(at),"type":"\#(phase.rawValue)","x":\#(n(point.x)),"y":\#(n(point.y))}"#
        case .touch(let phase, let id, let point):
            return
                #"{\#(at),"type":"touch","phase":"\#(phase.rawValue)","id":\#(id),"x":\#(n(point.x)),"y":\#(n(point.y))}"#
        case .drag(let from, let to, let duration):
            return
                #"{\#(at),"type":"drag","from":[\#(n(from.x)),\#(n(from.y))],"to":[\#(n(to.x)),\#(n(to.y))],"duration":\#(n(duration))}"#
        case .tap(let point):
            return #"{\#(at),"type":"tap","x":\#(n(point.x)),"y":\#(n(point.y))}"#
        case .key(let key):
            return #"{\#(at),"type":"key","key":"\#(key.rawValue)"}"#
        case .wheel(let delta):
            return #"{\#(at),"type":"wheel","dx":\#(n(delta.x)),"dy":\#(n(delta.y))}"#
        case .resize(let size):
            return #"{\#(at),"type":"resize","width":\#(n(size.width)),"height":\#(n(size.height))}"#
        case .capture(let file, let window):
            return #"{\#(at),"type":"capture","file":\#(Self.quoted(file))\#(window ? #","window":true"# : "")}"#
        case .dump(let file):
            return #"{\#(at),"type":"dump","file":\#(Self.quoted(file))}"#
        case .quit:
            return #"{\#(at),"type":"quit"}"#
        case .tool(.tuning(.tune(let name, let value))):
            return #"{\#(at),"type":"tune","name":\#(Self.quoted(name)),"value":\#(n(value))}"#
        case .tool(.inspector(.inspect(let mode, let yaw, let pitch, let spacing, let select))):
            var fields = [#""type":"inspect""#]
            if let mode { fields.append(#""mode":\#(Self.quoted(mode.rawValue))"#) }
            if let yaw { fields.append(#""yaw":\#(n(yaw))"#) }
            if let pitch { fields.append(#""pitch":\#(n(pitch))"#) }
            if let spacing { fields.append(#""spacing":\#(n(spacing))"#) }
            if let select { fields.append(#""select":\#(Self.quoted(select))"#) }
            return "{\(at)," + fields.joined(separator: ",") + "}"
        case .tool(.reference(.load(let file, let onion))):
            return
                #"{\#(at),"type":"reference","file":\#(Self.quoted(file))\#(onion.map { #","onion":\#(n($0))"# } ?? "")}"#
        case .tool(.reference(.onion(let opacity))):
            return #"{\#(at),"type":"reference","onion":\#(n(opacity))}"#
        case .tool(.reference(.track(let x, let y, let width, let height, let videoAt))):
            let when = videoAt.map { #","video_at":\#(n($0))"# } ?? ""
            return #"{\#(at),"type":"reference","track":[\#(n(x)),\#(n(y)),\#(n(width)),\#(n(height))]\#(when)}"#
        case .tool(.reference(.apply)):
            return #"{\#(at),"type":"reference","apply":true}"#
        case .tool(.reference(.start(let seconds))):
            return #"{\#(at),"type":"reference","start":\#(n(seconds))}"#
        case .tool(.reference(.difference(let on))):
            return #"{\#(at),"type":"reference","difference":\#(on)}"#
        case .tool(.reduceMotion(let on)):
            return #"{\#(at),"type":"reduce_motion","on":\#(on)}"#
        case .tool(.lab(let command)):
            switch command {
            case .slow(let factor): return #"{\#(at),"type":"slow","factor":\#(n(factor))}"#
            case .pause: return #"{\#(at),"type":"pause"}"#
            case .resume: return #"{\#(at),"type":"resume"}"#
            case .step: return #"{\#(at),"type":"step"}"#
            case .scrub(let progress): return #"{\#(at),"type":"scrub","progress":\#(n(progress))}"#
            case .record(let folder, let duration, let format, let scale):
                let dir = folder.map { #","dir":\#(Self.quoted($0))"# } ?? ""
                let kind = format == .png ? "" : #","format":\#(Self.quoted(format.rawValue))"#
                let drawn = scale.map { #","scale":\#(n($0))"# } ?? ""
                return #"{\#(at),"type":"record"\#(dir),"duration":\#(n(duration))\#(kind)\#(drawn)}"#
            }
        }
    }

    static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data()
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }
}
