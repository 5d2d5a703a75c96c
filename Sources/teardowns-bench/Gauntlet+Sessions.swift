import Foundation
import Graphics
import Harness

/// The gauntlet's sessions beside the headless table: the hand-drawn reference and the real window.
extension Gauntlet {
    /// The hand-drawn reference (`../shared/rawfloor`) against the Rooms sessions, three rounds.
    func handDrawn(reference: String, beside results: [ScenarioResult]) -> [ReferenceResult] {
        var rows: [ReferenceResult] = []
        print("\nHand-drawn reference (../shared/rawfloor, smart mode; median of three interleaved rounds):")
        for size in sizes {
            // Both sides' p99s swing from run to run on a shared machine: three rounds, each
            // the reference and then our two Rooms sessions, and the median of each.
            var scrolls: [Double] = []
            var presents: [Double] = []
            var ours: [String: [Double]] = [:]
            for round in 0..<3 {
                guard
                    let output = runTool(reference, [String(Int(size.width)), String(Int(size.height)), "smart"])
                else { break }
                scrolls.append(p99(in: output, label: "scroll"))
                presents.append(p99(in: output, label: "present"))
                for name in ["rooms-fling", "rooms-open-sheet-close"] {
                    // The table's own runs count as the first round.
                    let earlier =
                        round == 0
                        ? results.first {
                            $0.name == name && $0.size == [Int(size.width), Int(size.height)] && $0.scale == 1
                        }
                        : nil
                    if let result = earlier ?? child(["--child", name, sizeText(size)], as: ScenarioResult.self) {
                        ours[name, default: []].append(result.frameMs.p99)
                    }
                }
            }
            guard !scrolls.isEmpty, let flings = ours["rooms-fling"], let opens = ours["rooms-open-sheet-close"]
            else { continue }
            let scroll = median(scrolls)
            let present = median(presents)
            let flingRatio = median(flings) / max(scroll, 1e-9)
            let openRatio = median(opens) / max(present, 1e-9)
            print(
                String(
                    format:
                        "  %@: reference scroll p99 %.2f ms, present p99 %.2f ms; ours %.2f and %.2f ms: %.2f× and %.2f× (target ≤ 0.75×)",
                    sizeText(size), scroll, present, median(flings), median(opens), flingRatio, openRatio))
            rows.append(
                ReferenceResult(
                    size: [Int(size.width), Int(size.height)], scrollP99: scroll, presentP99: present,
                    flingRatio: flingRatio, openRatio: openRatio))
        }
        return rows
    }

    /// Each scenario in a real window at vsync, per renderer, and the gallery idling.
    func windowSessions(only: String?) -> (sessions: [WindowResult], idle: [IdleResult]) {
        var sessionsRun: [WindowResult] = []
        var idle: [IdleResult] = []
        print("\nReal window at vsync (present-to-present; hitch time ratio, target 0 ms/s):")
        if scales.contains(where: { $0 != 1 }), sizes.count > 1 {
            print("  (scales other than 1 are measured at the first size only, the phone)")
        }
        // Every size at 1×, and the phone (the first size) at each other scale asked for.
        let sessions =
            sizes.map { ($0, 1.0) }
            + scales.filter { $0 != 1 }.compactMap { scale in sizes.first.map { ($0, scale) } }
        // Each session once per renderer asked for, one line each, side by side.
        for scenario in Scenarios.all where only == nil || scenario.name == only {
            for (size, scale) in sessions {
                for renderer in options.renderers {
                    let label = scale == 1 ? sizeText(size) : "\(sizeText(size))@\(Int(scale))x"
                    guard
                        let result = child(
                            ["--child-window", scenario.name, sizeText(size), "--child-scale", "\(scale)"],
                            as: WindowResult.self, environment: ["TEARDOWNS_RENDERER": renderer])
                    else {
                        print("  \(scenario.name) \(label) (\(renderer)): failed")
                        continue
                    }
                    sessionsRun.append(result)
                    print(
                        String(
                            format:
                                "  %@ %@: %d frames (%d drawn), interval p50 %.1f / p99 %.1f / max %.1f ms, present p50 %.1f / p99 %.1f ms, hitches %.1f ms/s (%@)",
                            scenario.name, label, result.frames, result.framesDrawn, result.intervalMs.p50,
                            result.intervalMs.p99, result.intervalMs.max, result.presentMs.p50,
                            result.presentMs.p99,
                            result.hitchMsPerS, "\(renderer): \(result.renderer)"))
                }
            }
        }
        print("\nIdle window (the gallery left open, nothing moving; an unchanged frame is not drawn):")
        for size in sizes {
            guard let result = child(["--child-idle", sizeText(size)], as: IdleResult.self) else {
                print("  \(sizeText(size)): failed")
                continue
            }
            idle.append(result)
            print(
                String(
                    format: "  %@: %.1f%% of a core over %.1f s, %d of %d frames drawn", sizeText(size),
                    result.cpuPercent, result.seconds, result.framesDrawn, result.frames))
        }
        return (sessionsRun, idle)
    }
}
