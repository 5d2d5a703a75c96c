import Foundation
import Graphics
import Harness
import Scenes

/// The performance gauntlet (`tools/bench`). The parent runs every scenario at every size in a
/// child process of its own (so each peak RSS is that scenario's), then the scaling pairs, the
/// real-window session and start-up, and prints a table (and `--json FILE`).
///
///     teardowns-bench [--json FILE] [--only NAME] [--sizes 390x844,1280x800] [--window] [--assets DIR]
///                     [--app PATH] [--reference PATH]
///     teardowns-bench --child NAME WxH         (one headless scenario; prints its JSON)
///     teardowns-bench --child-window NAME WxH  (one real-window session; prints its JSON)
///     teardowns-bench --child-idle WxH         (the gallery idling in a real window; prints its JSON)

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let assets = option("--assets") ?? "Assets"

func parseSize(_ text: String) -> Size? {
    let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
    return parts.count == 2 ? Size(width: parts[0], height: parts[1]) : nil
}

@MainActor
func scenario(named name: String) -> Scenario? {
    if let found = Scenarios.all.first(where: { $0.name == name }) { return found }
    let parts = name.split(separator: "-")
    if parts.count == 2, let count = Int(parts[1]), ["table", "collection"].contains(String(parts[0])) {
        return Scenarios.scaling(String(parts[0]), count: count)
    }
    return nil
}

func emit<T: Encodable>(_ value: T) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    if let data = try? encoder.encode(value), let line = String(data: data, encoding: .utf8) { print(line) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
    exit(1)
}

if let index = arguments.firstIndex(of: "--child-idle") {
    guard index + 1 < arguments.count, let size = parseSize(arguments[index + 1]) else { fail("--child-idle WxH") }
    MainActor.assumeIsolated {
        do {
            emit(try measureIdleWindow(size: size, assets: assets))
        } catch {
            fail("\(error)")
        }
    }
    exit(0)
}

if let index = arguments.firstIndex(where: { $0 == "--child" || $0 == "--child-window" }) {
    guard index + 2 < arguments.count, let size = parseSize(arguments[index + 2]) else { fail("--child NAME WxH") }
    let window = arguments[index] == "--child-window"
    MainActor.assumeIsolated {
        guard let chosen = scenario(named: arguments[index + 1]) else { fail("no scenario \(arguments[index + 1])") }
        do {
            if window {
                emit(try measureWindow(chosen, size: size, assets: assets))
            } else {
                emit(try measureHeadless(chosen, size: size, assets: assets))
            }
        } catch {
            fail("\(error)")
        }
    }
    exit(0)
}

MainActor.assumeIsolated {
    Gauntlet(arguments: arguments, assets: assets).run()
}
