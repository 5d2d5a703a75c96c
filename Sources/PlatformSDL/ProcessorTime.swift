#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Processor time, for benchmarks: the work a thread did, without the moments the scheduler gave
/// its core to someone else. Read here, with the backend's other clocks, so no layer above reads
/// a clock of its own.
public enum ProcessorTime {
    /// Processor time the calling thread has used so far, in milliseconds.
    public static func thisThreadMilliseconds() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }
}
