import Foundation
import Teardown

/// Slow work on a reference video (reading it, following an element through it) run off the frame
/// loop: it runs on a background queue while the window keeps drawing, and the frame loop takes
/// its result once it is there.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Value?
    private let done = DispatchGroup()

    /// Starts `work` on a background queue.
    init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            defer { done.leave() }
            let value = work()
            lock.lock()
            result = value
            lock.unlock()
        }
    }

    /// Blocks until the work is done (tests step frames after it instead of polling a clock).
    func waitUntilDone() { done.wait() }

    /// The result, once the work is done; nil while it runs.
    func take() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}

/// A reference video being read.
typealias ReferenceLoad = BackgroundWork<Result<ReferenceFilm, ReferenceVideo.Problem>>
/// An element being followed through it and fitted.
typealias ReferenceTrack = BackgroundWork<Result<VideoFit.Result, ReferenceVideo.Problem>>
