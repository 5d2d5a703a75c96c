import Motion

/// Wall time for the interactive window, read from the backend; only the app may hold one.
@MainActor
final class RealClock: Clock {
    private let read: () -> Double

    init(read: @escaping () -> Double) {
        self.read = read
    }

    var now: Double { read() }
}
