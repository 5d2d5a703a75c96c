import Foundation
import Graphics
import Motion
import Teardown

/// Following an element through the reference video and fitting its motion (`VideoFit`, as
/// `--fit` does), then putting the fitted spring into the scene's tunable constants (A): the next
/// run, B and C use them.
extension ReferenceTool {
    /// The tunable constants a fitted spring goes into, by scene: its damping ratio and its
    /// duration (UIKit's `usingSpringWithDamping` terms), where the scene has them.
    static let fittedParameters: [String: (damping: String?, duration: String?)] = [
        "rooms": ("rooms.present.damping", "rooms.present.duration"),
        "settings": ("settings.present.damping", nil),
        "inbox": (nil, "inbox.expand.duration"),
    ]

    /// A box drawn over the dock's picture (its points): the element there, in the frame shown.
    func trackDrawn(_ drawn: Rect) {
        guard let film, let frame = shownFrame else { return }
        let shown = panel.trackBox.bounds.size
        guard shown.width > 0, shown.height > 0 else { return }
        let across = Double(film.videoWidth) / shown.width
        let down = Double(film.videoHeight) / shown.height
        track(
            TrackedBox(
                x: drawn.minX * across, y: drawn.minY * down, width: drawn.width * across, height: drawn.height * down),
            at: film.times[frame])
    }

    /// Outlines the followed element in the dock where it is in the frame shown (the track's
    /// frame nearest it), or the box as drawn before the element is followed or outside its track.
    func outlineFollowed() {
        guard let film, let frame = shownFrame, let fit, let first = fit.track.first, let last = fit.track.last
        else { return }
        let time = film.times[frame]
        guard time >= first.time - 1e-6, time <= last.time + 1e-6,
            let nearest = fit.track.min(by: { abs($0.time - time) < abs($1.time - time) })
        else { return }
        let shown = panel.trackBox.bounds.size
        guard film.videoWidth > 0, film.videoHeight > 0 else { return }
        let across = shown.width / Double(film.videoWidth)
        let down = shown.height / Double(film.videoHeight)
        let box = nearest.box
        panel.trackBox.show(
            Rect(x: box.x * across, y: box.y * down, width: box.width * across, height: box.height * down))
    }

    /// Follows the element in `box` (the video's pixels at `at`, seconds into it) from there on.
    /// A box drawn after the transition's marked start (an element that shows only once it moves)
    /// is fitted from that start; one drawn at it lets the fit find the start between frames.
    func track(_ box: TrackedBox, at time: Double) {
        guard let film else {
            app.diagnostics.say(
                "No reference video to track in: start with --reference FILE, or drop one on the window.")
            return
        }
        let drawnLate = time > film.start + 1e-6
        let request = VideoFit.Request(file: film.file, box: box, at: time, start: drawnLate ? film.start : nil)
        trackedBox = (box, time)
        fitLine = "Following the element…"
        guard app.loadsInBackground else { return finishTracking(Self.fit(request)) }
        tracking = ReferenceTrack { Self.fit(request) }
    }

    private nonisolated static func fit(_ request: VideoFit.Request) -> Result<VideoFit.Result, ReferenceVideo.Problem>
    {
        do { return .success(try VideoFit.run(request)) } catch { return .failure(error) }
    }

    func finishTracking(_ result: Result<VideoFit.Result, ReferenceVideo.Problem>) {
        tracking = nil
        switch result {
        case .failure(let problem):
            // The reason stays in the dock where the fit would have been, not only in a toast.
            fitLine = "Not fitted: \(problem.description)."
            fit = nil
            panel.plot.show(nil)
            panel.trackBox.clear()
            app.diagnostics.say("The element could not be fitted: \(problem.description).")
        case .success(let fitted):
            fit = fitted
            panel.plot.show(fitted)
            panel.superview?.setNeedsLayout()
            let spring = fitted.spring
            let bezier = fitted.bezier
            fitLine =
                "Fit (\(fitted.property)): spring ζ \(String(format: "%.2f", spring.dampingRatio)) · "
                + "\(Self.seconds(spring.duration)) s, RMS \(String(format: "%.1f", spring.error)) px; "
                + "Bézier \(Self.seconds(bezier.duration)) s, RMS \(String(format: "%.1f", bezier.error)) px"
                + " — \(fitted.best == "spring" ? "the spring" : "the curve") fits better"
                + (fitted.lostAt.map {
                    " (lost at \(Self.seconds($0)) s: the fit covers the \(fitted.track.count) frames before)"
                } ?? "")
                + (fitted.edgeNote.map { " (\($0))" } ?? "")
            app.announce(fitLine ?? "")
            if Self.fittedParameters[app.sceneName] != nil { fitLine? += ". A puts the spring into this scene." }
        }
    }

    /// A: the fitted spring's damping ratio and duration into the scene's constants.
    func applyFit() {
        guard let fit else {
            app.diagnostics.say(
                fitLine?.hasPrefix("Not fitted") == true
                    ? "No fit to apply: the element last tracked could not be fitted (the dock says why)."
                    : "No fit to apply: track an element of the reference video first (a script's reference track).")
            return
        }
        guard let targets = Self.fittedParameters[app.sceneName] else {
            app.diagnostics.say("\(app.sceneName) has no spring to tune: the fit is only shown.")
            return
        }
        var applied: [String] = []
        for (name, value) in [(targets.damping, fit.spring.dampingRatio), (targets.duration, fit.spring.duration)] {
            guard let name, let parameter = app.tuning.parameter(named: name) else { continue }
            let clamped = min(max(value, parameter.range.lowerBound), parameter.range.upperBound)
            let rounded = (clamped * 100).rounded() / 100
            try? app.tuning.set(name, to: rounded)
            // A fitted value past the parameter's range is said, not passed over: the fit is
            // likely of something else than the scene's spring.
            let held = clamped == value ? "" : " (the fit's \(String(format: "%.2f", value)) is past its range)"
            applied.append("\(name) \(String(format: "%.2f", rounded))" + held)
        }
        app.announce(
            "Applied the fit: " + applied.joined(separator: ", ")
                + ". Close and open the scene's transition again (the new values take effect on the next run), then B "
                + "compares it with the one before; C exports the code")
    }

    /// The tracked element's sides that moved, in seconds from the video's marked start, for the
    /// lab's graph over the recreation's curves: the fitted side first, as progress between the
    /// better fit's ends (right even when the box was drawn mid-motion); then, when the element
    /// was followed from the start, any other side that moved at least a fifth as far.
    package var measuredMotions: [MeasuredMotion] {
        guard let fit, let film, let firstTime = fit.track.first?.time else { return [] }
        let times = fit.track.map { $0.time - film.start }
        let sides: [(name: String, path: KeyPath<TrackedBox, Double>)] = [
            ("x", \.x), ("y", \.y), ("width", \.width), ("height", \.height),
        ]
        func values(_ path: KeyPath<TrackedBox, Double>) -> [Double] { fit.track.map { $0.box[keyPath: path] } }
        let ends = fit.best == "spring" ? (fit.spring.from, fit.spring.to) : (fit.bezier.from, fit.bezier.to)
        var motions: [MeasuredMotion] = []
        if let side = sides.first(where: { $0.name == fit.property }) {
            motions += [
                MeasuredMotion(
                    name: "video \(side.name)", times: times, values: values(side.path), from: ends.0, to: ends.1)
            ].compactMap { $0 }
        }
        guard firstTime <= film.start + 1e-6 else { return motions }
        let ranges = sides.map { side in (values(side.path).max() ?? 0) - (values(side.path).min() ?? 0) }
        let largest = ranges.max() ?? 0
        for (side, range) in zip(sides, ranges) where side.name != fit.property && range >= largest / 5 {
            motions += [MeasuredMotion(name: "video \(side.name)", times: times, values: values(side.path))].compactMap
            {
                $0
            }
        }
        return motions
    }

    /// What the dump says of the last fit.
    var fitDump: ReferenceFitDump? {
        guard let fit else { return nil }
        return ReferenceFitDump(
            property: fit.property, best: fit.best, dampingRatio: NumberText.rounded(fit.spring.dampingRatio),
            duration: NumberText.rounded(fit.spring.duration), springError: NumberText.rounded(fit.spring.error),
            bezierDuration: NumberText.rounded(fit.bezier.duration), bezierError: NumberText.rounded(fit.bezier.error),
            samples: fit.track.count)
    }
}

/// The dump's `reference.fit`: the side that moved most, the better fit, the spring (damping
/// ratio, duration, RMS error in video pixels), the Bézier curve's duration and error, and how
/// many frames were followed.
struct ReferenceFitDump: Encodable, Equatable {
    var property: String
    var best: String
    var dampingRatio: Double
    var duration: Double
    var springError: Double
    var bezierDuration: Double
    var bezierError: Double
    var samples: Int

    enum CodingKeys: String, CodingKey {
        case property, best, duration, samples
        case dampingRatio = "damping_ratio"
        case springError = "spring_error"
        case bezierDuration = "bezier_duration"
        case bezierError = "bezier_error"
    }
}
