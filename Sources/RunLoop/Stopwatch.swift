import Foundation

/// Where measured time comes from: the one dependency through which uisim reads how long the
/// app's work took. Replays use `MonotonicStopwatch`; tests pass a `ManualStopwatch` that their
/// views advance by known amounts, so stage times and hitches can be asserted exactly.
public protocol Stopwatch: AnyObject {
    /// Nanoseconds since an arbitrary fixed point; never decreases.
    func nanoseconds() -> UInt64
}

/// The machine's monotonic clock (`CLOCK_MONOTONIC`).
public final class MonotonicStopwatch: Stopwatch {
    public init() {}

    @inline(__always)
    public func nanoseconds() -> UInt64 { Monotonic.nanoseconds() }
}

/// The CPU time of the thread that reads it (`CLOCK_THREAD_CPUTIME_ID`): the app's work as its
/// main thread paid for it. Time the thread was preempted (another process on a shared CI machine)
/// does not count, nor time it waited (on a lock, on I/O). Read it on one thread: the run loop's.
public final class ThreadCPUStopwatch: Stopwatch {
    public init() {}

    @inline(__always)
    public func nanoseconds() -> UInt64 { Monotonic.threadCPUNanoseconds() }
}

/// What a replay measures the app's work with.
public enum AppTime: String, CaseIterable, Sendable {
    /// The main thread's CPU time (the default): preemption by other work on the machine is not
    /// the app's cost, so a busy CI machine does not make commits late.
    case cpu
    /// Wall time (`CLOCK_MONOTONIC`): counts waiting (locks, I/O) as the app's, and preemption too.
    case wall

    public func makeStopwatch() -> Stopwatch {
        switch self {
        case .cpu: ThreadCPUStopwatch()
        case .wall: MonotonicStopwatch()
        }
    }
}

/// A stopwatch that moves only when told: `advance(by:)` stands for work of a known duration.
public final class ManualStopwatch: Stopwatch {
    private var now: UInt64

    public init(start: UInt64 = 0) {
        now = start
    }

    public func nanoseconds() -> UInt64 { now }

    /// Lets `seconds` of work pass.
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "a stopwatch cannot go back (advance by \(seconds))")
        now += UInt64((seconds * 1e9).rounded())
    }
}
