#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place in uisim that reads a real clock: a monotonic time in nanoseconds, used to
/// measure work and to pace real-time replays. Everything else asks the run loop's clock.
public enum Monotonic {
    /// Nanoseconds since an arbitrary fixed point (`CLOCK_MONOTONIC`).
    @inline(__always)
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// CPU time the calling thread has used, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`): what its
    /// work cost, without the time another process or thread had the core.
    @inline(__always)
    public static func threadCPUNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Seconds since an arbitrary fixed point.
    @inline(__always)
    public static func seconds() -> Double {
        Double(nanoseconds()) / 1e9
    }
}
