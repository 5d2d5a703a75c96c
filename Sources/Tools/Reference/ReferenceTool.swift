import Foundation
import Graphics
import Platform
import Teardown
import Views

/// A screen recording of the real app beside the recreation and over it: loaded by
/// `--reference`, a script's `reference` event or a file dropped on the window; shown in the
/// dock, and as an onion skin over the scene (U: 25, 50, 75, 100 %, the difference, off). Both
/// show the video at the moment of the transition the scene shows — live, slowed, paused,
/// scrubbed or played again by P, L and B — counted from where the video's own motion begins
/// ([ and ] move that start). A box drawn over the video follows an element and fits its motion;
/// A applies the fit (`ReferenceTool+Fit`).
@MainActor
package final class ReferenceTool: Tool {
    unowned let app: any ObservedApp
    /// Seconds into the transition the scene shows now (the lab's), nil before any.
    private let moment: () -> Double?
    let panel = ReferencePanelView()
    /// The video over the scene (id `lab.reference.onion`).
    private let onion = ImageView(contentMode: .scaleAspectFit)
    package private(set) var film: ReferenceFilm?
    /// The onion skin's opacity over the scene: 0 shows the video beside the scene only.
    package private(set) var onionOpacity = 0.0
    /// Over the scene, the difference of the scene and the video instead (U after 100 %).
    package private(set) var showsDifference = false
    /// The name the difference shown now was provided under, the video frame's pixels (decoded
    /// once per frame shown), and how many differences were made (each under a name of its own).
    private var differenceName: String?
    private var decodedFrame: (index: Int, pixels: PixelImage)?
    private var differences = 0
    /// The frame shown now, and the name its picture was provided under.
    package private(set) var shownFrame: Int?
    private var shownName: String?
    /// Counts loads, so a new video's pictures never take an old one's names.
    private var loads = 0
    /// An element being followed and fitted off the frame loop (a window).
    var tracking: ReferenceTrack?
    /// The last fit of an element's motion, and what the dock says of it.
    var fit: VideoFit.Result?
    var fitLine: String?
    /// The box last drawn to follow, in the video's pixels, and the moment it was drawn at.
    var trackedBox: (box: TrackedBox, at: Double)?

    /// The onion skin's steps, U moving to the next.
    static let onionSteps = [0.0, 0.25, 0.5, 0.75, 1.0]

    package init(app: any ObservedApp, tools: ToolsLayer, moment: @escaping () -> Double?) {
        self.app = app
        self.moment = moment
        panel.isHidden = true
        tools.addToDock(panel)
        onion.accessibilityIdentifier = "lab.reference.onion"
        onion.isHidden = true
        tools.addOverScene(onion)
        panel.trackBox.onBox = { [weak self] drawn in self?.trackDrawn(drawn) }
        panel.strip.onStart = { [weak self] seconds in self?.markStart(near: seconds) }
    }

    package var keys: [Key] { [.u, .bracketLeft, .bracketRight, .a] }

    package func handle(_ key: Key) -> Bool {
        if key == .bracketLeft || key == .bracketRight {
            guard let film else {
                app.diagnostics.say(
                    "No reference video to line up: start with --reference FILE, or drop one on the window.")
                return true
            }
            // A frame earlier or later: by the interval between the frames there (a phone's rate
            // varies), keeping where between two frames the start sits.
            let at = film.frameIndex(atMoment: 0)
            let later = key == .bracketRight
            let neighbour = min(max(at + (later ? 1 : -1), 0), film.times.count - 1)
            let step = abs(film.times[neighbour] - film.times[at])
            setStart(film.start + (later ? step : -step))
            return true
        }
        if key == .a {
            applyFit()
            return true
        }
        guard key == .u else { return false }
        guard film != nil else {
            app.diagnostics.say(
                "No reference video to show over the scene: start with --reference FILE, or drop a screen recording "
                    + "on the window.")
            return true
        }
        if showsDifference {
            setDifference(false)
            setOnion(0)
        } else if onionOpacity >= 1 {
            setDifference(true)
        } else {
            setOnion(Self.onionSteps.first { $0 > onionOpacity + 1e-9 } ?? 0)
        }
        return true
    }

    package func perform(_ command: ToolCommand) -> ToolCommandOutcome {
        guard case .reference(let command) = command else { return .notMine }
        perform(command)
        return .done
    }

    package func perform(_ command: ReferenceCommand) {
        switch command {
        case .load(let file, let opacity):
            load(file)
            if let opacity { setOnion(opacity) }
        case .onion(let opacity):
            setDifference(false, quietly: true)
            setOnion(opacity)
        case .difference(let on):
            setDifference(on)
        case .start(let seconds):
            setStart(seconds)
        case .track(let x, let y, let width, let height, let at):
            // By default on the frame shown at the transition's start (where a box is drawn).
            let startFrame = film.map { $0.times[$0.frameIndex(atMoment: 0)] }
            track(TrackedBox(x: x, y: y, width: width, height: height), at: at ?? startFrame ?? 0)
        case .apply:
            applyFit()
        }
    }

    package func fileDropped(_ path: String) -> Bool {
        load(path)
        return true
    }

    /// Loads `file` in place of any video shown; a file that is not a video says so in one line
    /// and leaves what was shown as it was.
    func load(_ file: String) {
        let scale = app.pixelScale
        let scene = app.sceneFrame.size
        let fitting = (width: Int((scene.width * scale).rounded()), height: Int((scene.height * scale).rounded()))
        guard app.loadsInBackground else { return finishLoading(ReferenceFilm.load(file, fitting: fitting)) }
        loading = ReferenceLoad { ReferenceFilm.load(file, fitting: fitting) }
        panel.isHidden = false
        panel.show(summary: (file as NSString).lastPathComponent, frameLine: "Reading the video…")
    }

    /// A read running off the frame loop (a window), taken in by the frame that finds it done.
    private(set) var loading: ReferenceLoad?

    private func finishLoading(_ result: Result<ReferenceFilm, ReferenceVideo.Problem>) {
        loading = nil
        panel.isHidden = film == nil
        switch result {
        case .failure(let problem):
            app.diagnostics.say(
                "Reference video not loaded: \(problem.description). The recreation runs on without it.")
        case .success(let loaded):
            film = loaded
            loads += 1
            fit = nil
            trackedBox = nil
            fitLine = nil
            panel.plot.show(nil)
            withdrawShown()
            panel.aspect = Double(loaded.pictureHeight) / Double(loaded.pictureWidth)
            panel.isHidden = false
            app.announce("Reference video loaded: " + loaded.summary)
        }
    }

    /// Lines the video up anew: its motion begins at `seconds` (within the video).
    /// A click on the video's strip: the start at the frame nearest that moment (said once the
    /// pointer settles on a frame, not for every move between frames).
    private func markStart(near seconds: Double) {
        guard let film, !film.times.isEmpty else { return }
        let nearest = film.times.indices.min { abs(film.times[$0] - seconds) < abs(film.times[$1] - seconds) } ?? 0
        guard film.times[nearest] != film.start else { return }
        setStart(film.times[nearest])
    }

    private func setStart(_ seconds: Double) {
        guard var moved = film else { return }
        moved.start = min(max(seconds, 0), moved.times.last ?? 0)
        film = moved
        let frame = moved.frameIndex(atMoment: 0)
        app.announce(
            "The reference's motion starts at \(Self.seconds(moved.start)) s (its frame \(frame + 1)); [ and ] move it")
    }

    private func setDifference(_ on: Bool, quietly: Bool = false) {
        guard on != showsDifference else { return }
        showsDifference = on
        if !on, let differenceName {
            app.withdrawPicture(named: differenceName)
            self.differenceName = nil
        }
        if on, !quietly, film != nil {
            app.announce("Over the scene: where it differs from the reference (black where they agree; U: off)")
        }
    }

    private func setOnion(_ opacity: Double) {
        onionOpacity = min(max(opacity, 0), 1)
        if film != nil {
            app.announce(
                onionOpacity > 0
                    ? "Reference over the scene at \(Int((onionOpacity * 100).rounded())) % (U for more, then off)"
                    : "Reference beside the scene only (U shows it over the scene)")
        }
    }

    package func frameDrawn(shown: DisplayList) {
        if let result = loading?.take() { finishLoading(result) }
        if let result = tracking?.take() { finishTracking(result) }
        guard let film else { return }
        let moment = self.moment() ?? 0
        let index = film.frameIndex(atMoment: moment)
        if index != shownFrame {
            let name = "reference.\(loads).\(index)"
            app.providePicture(
                named: name, encoded: film.pictures[index], width: film.pictureWidth, height: film.pictureHeight)
            withdrawShown()
            shownFrame = index
            shownName = name
            panel.picture.image = ImageRef(name)
            onion.image = ImageRef(name)
        }
        panel.strip.show(duration: film.duration, start: film.start, shown: film.times[index])
        outlineFollowed()
        panel.show(
            summary: film.summary,
            frameLine: "frame \(index + 1) of \(film.pictures.count) · \(Self.seconds(film.times[index])) s · "
                + "transition \(Self.seconds(moment)) s", fitLine: fitLine)
        onion.frame = Rect(origin: .zero, size: app.sceneFrame.size)
        if showsDifference, let name = difference(at: index, of: film) {
            onion.image = ImageRef(name)
            onion.alpha = 1
            onion.isHidden = false
        } else {
            onion.image = shownName.map { ImageRef($0) }
            onion.alpha = onionOpacity
            onion.isHidden = onionOpacity <= 0
        }
    }

    /// The difference of the scene drawn this frame and the video's frame `index`, provided as a
    /// picture of its own each frame (the scene moves); its name, or nil when either cannot be read.
    private func difference(at index: Int, of film: ReferenceFilm) -> String? {
        if decodedFrame?.index != index {
            decodedFrame = app.decodePicture(film.pictures[index]).map { (index, $0) }
        }
        guard let video = decodedFrame?.pixels, let scene = app.readScenePixels() else { return nil }
        differences += 1
        let name = "reference.difference.\(differences)"
        app.providePicture(named: name, pixels: ReferenceDifference.image(scene: scene, video: video))
        if let differenceName { app.withdrawPicture(named: differenceName) }
        differenceName = name
        return name
    }

    private func withdrawShown() {
        if let shownName { app.withdrawPicture(named: shownName) }
        shownName = nil
        shownFrame = nil
    }

    static func seconds(_ value: Double) -> String { String(format: "%.2f", value) }

    /// What the dump says of the reference (nil while none is loaded).
    package var dump: ReferenceDump? {
        guard let film else { return nil }
        return ReferenceDump(
            file: film.file, width: film.videoWidth, height: film.videoHeight, fps: NumberText.rounded(film.fps),
            frames: film.pictures.count, duration: NumberText.rounded(film.duration),
            start: NumberText.rounded(film.start), onion: showsDifference ? 1 : onionOpacity,
            difference: showsDifference, frame: shownFrame,
            cut: film.isCut,
            track: trackedBox.map {
                TrackDump(
                    x: NumberText.rounded($0.box.x), y: NumberText.rounded($0.box.y),
                    width: NumberText.rounded($0.box.width), height: NumberText.rounded($0.box.height),
                    at: NumberText.rounded($0.at))
            }, fit: fitDump)
    }
}

/// The dump's `reference`: the video (its file, size in pixels, frame rate, frames kept and
/// length), where its motion begins, the onion skin's opacity and the frame shown (0-based).
package struct ReferenceDump: Encodable, Equatable {
    var file: String
    var width: Int
    var height: Int
    var fps: Double
    var frames: Int
    var duration: Double
    var start: Double
    var onion: Double
    var difference: Bool
    var frame: Int?
    var cut: Bool
    /// The box last drawn to follow (the video's pixels) and the moment it was drawn at.
    var track: TrackDump?
    var fit: ReferenceFitDump?
}

/// The dump's `reference.track`: the element's box in the video's pixels at `at` seconds.
package struct TrackDump: Encodable, Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var at: Double
}
