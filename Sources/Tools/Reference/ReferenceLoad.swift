import Foundation
import Teardown

/// A reference video read off the frame loop: ffmpeg decodes on a background queue while the
/// window keeps drawing, and the frame loop takes the film (or the problem) once it is there.
final class ReferenceLoad: @unchecked Sendable {
    let file: String
    private let lock = NSLock()
    private var result: Result<ReferenceFilm, ReferenceVideo.Problem>?
    private let done = DispatchGroup()

    /// Starts reading `file`, its frames fitted into `fitting` pixels.
    init(_ file: String, fitting: (width: Int, height: Int)) {
        self.file = file
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            defer { done.leave() }
            let loaded = ReferenceFilm.load(file, fitting: fitting)
            lock.lock()
            result = loaded
            lock.unlock()
        }
    }

    /// Blocks until the read is done (tests step frames after it instead of polling a clock).
    func waitUntilDone() { done.wait() }

    /// The film or the problem, once the read is done; nil while it runs.
    func take() -> Result<ReferenceFilm, ReferenceVideo.Problem>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}
