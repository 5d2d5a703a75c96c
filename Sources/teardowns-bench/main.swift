import Controllers
import Foundation
import Graphics
import Harness
import Motion
import Platform
import PlatformSDL
import Scenes
import Views

/// Benchmarks a scripted fling headless: a long list is dragged and flung up and down; every frame
/// is timed by phase with the wall clock (allowed here: this is a tool, not core code).
/// Prints p50 / p99 / max per phase in milliseconds.

/// A screen holding one long list of plain views (no cell reuse), the window's root in the list
/// scenario: the host starts from it instead of the gallery.
@MainActor
final class LongListController: ViewController {
    let rows: Int

    init(rows: Int) {
        self.rows = rows
        super.init(title: "List")
    }

    override func loadView() -> View {
        makeLongList(size: Size(width: benchSize.width, height: benchSize.height), rows: rows)
    }
}

@MainActor
func makeLongList(size: Size, rows: Int) -> ScrollView {
    let bounds = Rect(origin: .zero, size: size)
    let list = ScrollView(frame: bounds)
    list.backgroundColor = .systemGroupedBackground
    list.accessibilityIdentifier = "bench.list"
    let rowHeight = 64.0
    for index in 0..<rows {
        let row = View(
            frame: Rect(x: 0, y: Double(index) * rowHeight, width: bounds.width, height: rowHeight - 1))
        row.backgroundColor = .white
        let title = Label(text: "Row \(index): a line of text to measure", font: .bold(17), color: .black)
        title.frame = Rect(x: 72, y: 10, width: bounds.width - 88, height: 22)
        let detail = Label(text: "Secondary text, regular weight", font: .system(14), color: Color(hex: 0x6C6C70))
        detail.frame = Rect(x: 72, y: 34, width: bounds.width - 88, height: 18)
        let tile = ImageView(image: ImageRef(SceneID.effects[index % 5].previewImageName))
        tile.frame = Rect(x: 16, y: 8, width: 44, height: 44)
        tile.cornerRadius = 10
        tile.clipsToBounds = true
        for child in [tile, title, detail] { row.addSubview(child) }
        list.addSubview(row)
    }
    list.contentSize = Size(width: bounds.width, height: Double(rows) * rowHeight)
    return list
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

let arguments = CommandLine.arguments
let rows = arguments.count > 1 ? Int(arguments[1]) ?? 400 : 400
let assets = arguments.count > 2 ? arguments[2] : "Assets"
/// Window size in points, third argument as WxH (default 390x844).
let benchSize: Size = {
    let parts = (arguments.count > 3 ? arguments[3] : "390x844").split(separator: "x").compactMap { Double($0) }
    return parts.count == 2 ? Size(width: parts[0], height: parts[1]) : Size(width: 390, height: 844)
}()

/// Replays `events` headless in `scene` (after `prepare`) and prints per-frame phase times.
@MainActor
func runScenario(_ name: String, root: @autoclosure () -> ViewController, events: [ScriptEvent]) throws {
    let backend = try SDLBackend(
        mode: .headless, size: benchSize, scale: 1, assetsDirectory: assets)
    defer { backend.shutdown() }
    let clock = ManualClock()
    let host = AppHost(
        backend: backend, clock: clock, rootViewController: root(),
        captures: CaptureStore(directory: "/tmp") { "bench" })
    let timeline = Timeline(script: InputScript(events: events), windowSize: backend.pointSize)
    let wall = ContinuousClock()
    var marks: [AppHost.FramePhase: ContinuousClock.Instant] = [:]
    var kit: [Double] = []
    var draw: [Double] = []
    func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
    host.frameObserver = { phase in
        marks[phase] = wall.now
        if phase == .presented, let start = marks[.start], let built = marks[.displayListBuilt],
            let drawn = marks[.drawn]
        {
            kit.append(milliseconds(built - start))
            draw.append(milliseconds(drawn - built))
        }
    }
    let frames = ReplayRunner().run(timeline, host: host, clock: clock)
    func line(_ label: String, _ values: [Double]) -> String {
        String(
            format: "  %@ p50 %.3f ms  p99 %.3f ms  max %.3f ms", label, percentile(values, 0.5),
            percentile(values, 0.99), values.max() ?? 0)
    }
    print("bench: \(name), \(frames) frames at 60 Hz (virtual clock), \(Int(benchSize.width))×\(Int(benchSize.height))")
    print(line("kit (events + animation + layout + display list):", kit))
    print(line("draw (software renderer, headless):              ", draw))
}

var flings: [ScriptEvent] = []
for i in 0..<4 {
    let up = i % 2 == 0
    flings.append(
        ScriptEvent(
            at: 0.2 + Double(i) * 2.0,
            kind: .drag(from: Point(x: 200, y: up ? 700 : 200), to: Point(x: 200, y: up ? 250 : 650), duration: 0.15)))
}
let roomsJourney: [ScriptEvent] = [
    ScriptEvent(at: 0.2, kind: .drag(from: Point(x: 320, y: 422), to: Point(x: 240, y: 422), duration: 0.1)),
    ScriptEvent(at: 1.5, kind: .drag(from: Point(x: 100, y: 422), to: Point(x: 180, y: 422), duration: 0.1)),
    ScriptEvent(at: 3.0, kind: .key(.enter)),
    ScriptEvent(at: 4.5, kind: .drag(from: Point(x: 195, y: 300), to: Point(x: 195, y: 700), duration: 0.6)),
    ScriptEvent(at: 6.5, kind: .key(.escape)),
]

do {
    try MainActor.assumeIsolated {
        try runScenario(
            "scripted flings over a \(rows)-row list", root: LongListController(rows: rows), events: flings)
        try runScenario(
            "Rooms: swipe both ways, open a room, drag its sheet, close", root: AppController(initialScene: .rooms),
            events: roomsJourney)
    }
} catch {
    FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
    exit(1)
}
