import Foundation
import Graphics
import Harness
import Motion
import Platform
import SDLBackend
import Scenes
import Views

/// Benchmarks a scripted fling headless: a long list is dragged and flung up and down; every frame
/// is timed by phase with the wall clock (allowed here: this is a tool, not core code).
/// Prints p50 / p99 / max per phase in milliseconds.

@MainActor
func makeLongList(in window: Window, rows: Int) -> ScrollView {
    for child in window.subviews { child.removeFromSuperview() }
    let list = ScrollView(frame: window.bounds)
    list.backgroundColor = .systemGroupedBackground
    list.accessibilityIdentifier = "bench.list"
    let rowHeight = 64.0
    for index in 0..<rows {
        let row = View(
            frame: Rect(x: 0, y: Double(index) * rowHeight, width: window.bounds.width, height: rowHeight - 1))
        row.backgroundColor = .white
        let title = Label(text: "Row \(index): a line of text to measure", font: .bold(17), color: .black)
        title.frame = Rect(x: 72, y: 10, width: window.bounds.width - 88, height: 22)
        let detail = Label(text: "Secondary text, regular weight", font: .system(14), color: Color(hex: 0x6C6C70))
        detail.frame = Rect(x: 72, y: 34, width: window.bounds.width - 88, height: 18)
        let tile = ImageView(image: ImageRef(SceneID.effects[index % 5].previewImageName))
        tile.frame = Rect(x: 16, y: 8, width: 44, height: 44)
        tile.cornerRadius = 10
        tile.clipsToBounds = true
        for child in [tile, title, detail] { row.addSubview(child) }
        list.addSubview(row)
    }
    list.contentSize = Size(width: window.bounds.width, height: Double(rows) * rowHeight)
    window.addSubview(list)
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

do {
    let backend = try SDLBackend(
        mode: .headless, size: Size(width: 390, height: 844), scale: 1, assetsDirectory: assets)
    let clock = ManualClock()
    let host = AppHost(
        backend: backend, clock: clock, scene: .gallery, captures: CaptureStore(directory: "/tmp") { "bench" })
    _ = makeLongList(in: host.window, rows: rows)
    var events: [ScriptEvent] = []
    for i in 0..<4 {
        let start = 0.2 + Double(i) * 2.0
        let up = i % 2 == 0
        events.append(
            ScriptEvent(
                at: start,
                kind: .drag(
                    from: Point(x: 200, y: up ? 700 : 200), to: Point(x: 200, y: up ? 250 : 650), duration: 0.15)))
    }
    let timeline = Timeline(script: InputScript(events: events), windowSize: backend.pointSize)
    let wall = ContinuousClock()
    var marks: [AppHost.FramePhase: ContinuousClock.Instant] = [:]
    var kit: [Double] = []
    var draw: [Double] = []
    host.frameObserver = { phase in
        marks[phase] = wall.now
        if phase == .presented, let start = marks[.start], let built = marks[.displayListBuilt],
            let drawn = marks[.drawn]
        {
            kit.append(
                Double((built - start).components.attoseconds) / 1e15 + Double((built - start).components.seconds)
                    * 1000)
            draw.append(
                Double((drawn - built).components.attoseconds) / 1e15 + Double((drawn - built).components.seconds)
                    * 1000)
        }
    }
    let frames = ReplayRunner().run(timeline, host: host, clock: clock)
    func line(_ name: String, _ values: [Double]) -> String {
        String(
            format: "%@ p50 %.3f ms  p99 %.3f ms  max %.3f ms", name, percentile(values, 0.5), percentile(values, 0.99),
            values.max() ?? 0)
    }
    print("bench: scripted flings over a \(rows)-row list at 390×844, \(frames) frames at 60 Hz (virtual clock)")
    print(line("kit (events + animation + layout + display list):", kit))
    print(line("draw (software renderer, headless):              ", draw))
    backend.shutdown()
} catch {
    FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
    exit(1)
}
