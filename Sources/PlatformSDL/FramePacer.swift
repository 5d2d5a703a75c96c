import CSDL2

/// Keeps frames at the display's rate where vsync does not wait (software renderer, Xvfb): after a
/// present that returned early, sleeps until the next frame's deadline.
@MainActor
final class FramePacer {
    private let interval: Double
    private var deadline: Double = 0

    init(refreshRate: Double) {
        interval = refreshRate > 0 ? 1 / refreshRate : 0
    }

    private static func seconds() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }

    func waitAfterPresent() {
        guard interval > 0 else { return }
        let now = Self.seconds()
        if deadline == 0 || now > deadline + interval {
            // First frame, or we fell behind: restart the schedule instead of rushing to catch up.
            deadline = now + interval
            return
        }
        let remaining = deadline - now
        if remaining > 0.001 { SDL_Delay(UInt32(remaining * 1000)) }
        deadline += interval
    }
}
