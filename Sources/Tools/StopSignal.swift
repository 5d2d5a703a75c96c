/// The signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) that asked the app to stop, 0 until one does.
/// Written by the executable's signal handler, read between frames and by a recording's encoder
/// while it waits for ffmpeg: a plain store, as a C `sig_atomic_t` would be.
public enum StopSignal {
    nonisolated(unsafe) public static var received: Int32 = 0

    /// How the terminal says it ("Ctrl-C (SIGINT)").
    public static func name(_ signal: Int32) -> String {
        switch signal {
        case 2: return "Ctrl-C (SIGINT)"
        case 1: return "SIGHUP (the terminal closed)"
        case 3: return "SIGQUIT"
        case 15: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }
}
