import Graphics
import Harness
import Platform
import Scenes

/// SplitMix64: small, fast and the same on every machine, so a seed names one exact run.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Makes a random script of `count` events the way a monkey would use the app: taps and double
/// taps, drags of every kind (zero-length, one frame, long, off the window, from the left edge),
/// downs without ups and ups without downs, wheel bursts, every key at any moment — often in the
/// middle of a transition — resizes, and trips through the gallery into every scene.
///
/// In lab mode one gesture in five also drives the motion lab and live tuning, as a designer
/// would: its keys (S, Space, ., G, H, R, T, ?) and its script events (slow, pause, resume, step,
/// scrub, short recordings, tuned constants).
struct RandomScript {
    var random: SeededRandom
    let size: Size
    let lab: Bool

    init(seed: UInt64, size: Size, lab: Bool = false) {
        random = SeededRandom(seed: seed)
        self.size = size
        self.lab = lab
    }

    mutating func make(count: Int, scene: SceneID?) -> InputScript {
        var events: [ScriptEvent] = []
        var time = 0.1
        var current = size
        while events.count < count {
            // Mostly quick succession (mid-transition), sometimes a pause that lets things settle.
            time += pick([0, 1.0 / 60, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.5])
            events += makeGesture(at: time, in: current, resized: &current)
        }
        return InputScript(scene: scene, size: size, events: Array(events.prefix(count)))
    }

    private mutating func makeGesture(at time: Double, in window: Size, resized: inout Size) -> [ScriptEvent] {
        if lab && Double.random(in: 0..<1, using: &random) < 0.2 { return makeLabGesture(at: time) }
        let roll = Double.random(in: 0..<1, using: &random)
        switch roll {
        case ..<0.2:
            return [ScriptEvent(at: time, kind: .tap(point(in: window)))]
        case ..<0.25:
            let spot = point(in: window)
            return [ScriptEvent(at: time, kind: .tap(spot)), ScriptEvent(at: time + 0.1, kind: .tap(spot))]
        case ..<0.45:
            let from =
                Double.random(in: 0..<1, using: &random) < 0.3
                ? Point(x: pick([0, 2, 8, 15]), y: coordinate(window.height)) : point(in: window)
            let to = Double.random(in: 0..<1, using: &random) < 0.1 ? from : point(in: window)
            let duration = pick([1.0 / 60, 0.05, 0.1, 0.25, 0.6, 1.5])
            return [ScriptEvent(at: time, kind: .drag(from: from, to: to, duration: duration))]
        case ..<0.5:
            return [ScriptEvent(at: time, kind: .pointer(.down, point(in: window)))]
        case ..<0.53:
            return [ScriptEvent(at: time, kind: .pointer(.up, point(in: window)))]
        case ..<0.56:
            return [ScriptEvent(at: time, kind: .pointer(.move, point(in: window)))]
        case ..<0.63:
            let notches = Int.random(in: 1...8, using: &random)
            let dy = pick([-40.0, 40, -120, 120])
            let dx = Double.random(in: 0..<1, using: &random) < 0.3 ? pick([-40.0, 40]) : 0
            var burst = [ScriptEvent(at: time, kind: .pointer(.move, point(in: window)))]
            for notch in 0..<notches {
                burst.append(ScriptEvent(at: time + Double(notch) * 0.02, kind: .wheel(Point(x: dx, y: dy))))
            }
            return burst
        case ..<0.9:
            // Not the motion lab's pause, slow motion or recording: a paused or slowed app is meant
            // not to settle, and a recording writes a file every frame; nor the window capture or
            // the code export (files) or a replay (P, L, B: the lab's own, in `--lab` runs).
            let excluded: Set<Key> = [.f12, .shiftF12, .space, .s, .r, .p, .l, .b, .c]
            let key = pick(
                Key.answered.filter { !excluded.contains($0) } + [.escape, .enter, .enter, .right, .left, .down])
            return [ScriptEvent(at: time, kind: .key(key))]
        case ..<0.93:
            // Back to the gallery, down to a row, open it: every scene gets its turn.
            var trip = [ScriptEvent(at: time, kind: .key(.escape))]
            let row = Int.random(in: 0...5, using: &random)
            for step in 0..<row {
                trip.append(ScriptEvent(at: time + 0.5 + Double(step) * 0.05, kind: .key(.down)))
            }
            trip.append(ScriptEvent(at: time + 0.5 + Double(row) * 0.05 + 0.05, kind: .key(.enter)))
            return trip
        case ..<0.95:
            resized = Size(
                width: pick([160, 320, 390, 600, 844, 1280]), height: pick([160, 480, 600, 800, 844, 1024]))
            return [ScriptEvent(at: time, kind: .resize(resized))]
        case ..<0.96:
            return [ScriptEvent(at: time, kind: .key(.f12))]
        case ..<0.975:
            return makeTouchGesture(at: time, in: window)
        case ..<0.98:
            return [ScriptEvent(at: time, kind: .tool(.reduceMotion(Double.random(in: 0..<1, using: &random) < 0.5)))]
        default:
            // A long press then a slow drag: pans that start late, sheets held mid-way.
            let from = point(in: window)
            return [
                ScriptEvent(at: time, kind: .pointer(.down, from)),
                ScriptEvent(at: time + 0.4, kind: .pointer(.move, from + Point(x: 3, y: 30))),
                ScriptEvent(at: time + 0.7, kind: .pointer(.move, from + Point(x: 5, y: 200))),
                ScriptEvent(at: time + 0.9, kind: .pointer(.up, from + Point(x: 5, y: 220))),
            ]
        }
    }

    /// Fingers: one dragging across a few frames, sometimes a second put down and lifted on the
    /// way, and sometimes the touch cancelled by the system instead of lifted.
    private mutating func makeTouchGesture(at time: Double, in window: Size) -> [ScriptEvent] {
        let from = point(in: window)
        let to = point(in: window)
        let frames = Int.random(in: 1...30, using: &random)
        var events = [ScriptEvent(at: time, kind: .touch(.down, id: 0, from))]
        let second = Double.random(in: 0..<1, using: &random) < 0.4 ? point(in: window) : nil
        for frame in 1...frames {
            let share = Double(frame) / Double(frames)
            let at = time + Double(frame) / 60
            let moved = Point(x: from.x + (to.x - from.x) * share, y: from.y + (to.y - from.y) * share)
            events.append(ScriptEvent(at: at, kind: .touch(.move, id: 0, moved)))
            if let second, frame == frames / 3 {
                events.append(ScriptEvent(at: at, kind: .touch(.down, id: 1, second)))
            }
            if let second, frame == frames * 2 / 3 {
                events.append(ScriptEvent(at: at, kind: .touch(.up, id: 1, second)))
            }
        }
        let end = time + Double(frames + 1) / 60
        let cancelled = Double.random(in: 0..<1, using: &random) < 0.2
        events.append(ScriptEvent(at: end, kind: .touch(cancelled ? .cancel : .up, id: 0, to)))
        return events
    }

    /// One use of the motion lab or live tuning: a key, or a lab event of the script format.
    private mutating func makeLabGesture(at time: Double) -> [ScriptEvent] {
        let roll = Double.random(in: 0..<1, using: &random)
        switch roll {
        case ..<0.45:
            let key = pick([
                Key.s, .space, .period, .period, .g, .h, .r, .t, .question, .comma, .up, .down, .left, .right,
                .p, .l, .b, .i,
            ])
            return [ScriptEvent(at: time, kind: .key(key))]
        case ..<0.55:
            return [ScriptEvent(at: time, kind: .tool(.lab(.slow(factor: pick([1.0, 2, 10, 100])))))]
        case ..<0.62:
            return [ScriptEvent(at: time, kind: .tool(.lab(pick([.pause, .resume, .resume]))))]
        case ..<0.7:
            return (0..<Int.random(in: 1...5, using: &random)).map { step in
                ScriptEvent(at: time + Double(step) / 60, kind: .tool(.lab(.step)))
            }
        case ..<0.8:
            let progress = pick([0, 0.26, 0.5, 1, Double.random(in: 0...1, using: &random)])
            return [ScriptEvent(at: time, kind: .tool(.lab(.scrub(progress: progress))))]
        case ..<0.85:
            return [ScriptEvent(at: time, kind: .tool(.lab(.record(folder: nil, duration: pick([0.1, 0.25, 0.5])))))]
        default:
            let parameter = pick(SceneTuning.all)
            let range = parameter.range
            let value = pick([
                range.lowerBound, range.upperBound, parameter.defaultValue,
                Double.random(in: range, using: &random),
            ])
            return [ScriptEvent(at: time, kind: .tool(.tuning(.tune(name: parameter.name, value: value))))]
        }
    }

    /// Mostly inside the window, sometimes just outside or far off (negative included).
    private mutating func point(in window: Size) -> Point {
        Point(x: coordinate(window.width), y: coordinate(window.height))
    }

    private mutating func coordinate(_ extent: Double) -> Double {
        let roll = Double.random(in: 0..<1, using: &random)
        let value: Double
        if roll < 0.85 {
            value = Double.random(in: 0...extent, using: &random)
        } else if roll < 0.97 {
            value = Double.random(in: -40...(extent + 40), using: &random)
        } else {
            value = Double.random(in: -5000...5000, using: &random)
        }
        return value.rounded()
    }

    private mutating func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &random)]
    }
}
