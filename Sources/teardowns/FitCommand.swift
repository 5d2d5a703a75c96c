import Foundation
import Graphics
import Teardown

/// `teardowns --fit FILE --track X,Y,W,H [--at S] [--until S] [--start S]`: one JSON document on standard
/// output and exit 0; one line and exit 2 for a bad box, a file that is not a video, or an element
/// that never moves.
enum FitCommand {
    static func run(file: String, track: String?, at: Double?, until: Double?, start: Double?) -> Never {
        guard let track else {
            fail(
                "--fit needs the element's box: --track X,Y,W,H (in the video's pixels at --at, default 0 s).", code: 2)
        }
        let numbers = track.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
            [x, y, w, h].allSatisfy(\.isFinite)
        else {
            fail("--track must be four numbers X,Y,W,H (e.g. --track 120,300,600,400), not '\(track)'.", code: 2)
        }
        guard w > 0, h > 0 else {
            fail("--track \(track) is an empty box: its width and height must be above 0.", code: 2)
        }
        if let at, !(at.isFinite && at >= 0) { fail("--at must be a number of seconds from 0, not \(at).", code: 2) }
        if let until, !(until.isFinite && until > (at ?? 0)) {
            fail("--until must be a moment after --at (\(at ?? 0) s), not \(until).", code: 2)
        }
        if let start, !(start.isFinite && start >= 0) {
            fail("--start must be a number of seconds from 0, not \(start).", code: 2)
        }
        if let start, start > (at ?? 0) {
            fail(
                "--start (\(start) s) is after the box's moment --at (\(at ?? 0) s): the motion must begin at or before "
                    + "the frame the box is drawn on.", code: 2)
        }
        let request = VideoFit.Request(
            file: file, box: TrackedBox(x: x, y: y, width: w, height: h), at: at ?? 0, until: until, start: start)
        do {
            let result = try VideoFit.run(request)
            if let lost = result.lostAt {
                FileOutput.standardError.write(
                    "--fit: the element was lost at \(String(format: "%.2f", lost)) s (it changed its look or left the frame); "
                        + "the track and the fit end before it. A part of it that keeps its look follows further.\n")
            }
            if let note = result.edgeNote { FileOutput.standardError.write("--fit: \(note).\n") }
            let data = try JSONSerialization.data(
                withJSONObject: VideoFit.document(result), options: [.prettyPrinted, .sortedKeys])
            FileOutput.standardOutput.write(String(decoding: data, as: UTF8.self) + "\n")
            exit(0)
        } catch let problem as ReferenceVideo.Problem {
            fail("--fit: \(problem.description).", code: 2)
        } catch {
            fail("--fit: \(error.localizedDescription).", code: 2)
        }
    }
}
