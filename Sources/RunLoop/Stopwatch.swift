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

/// What a replay measures the app's work with.
public enum AppTime: String, CaseIterable, Sendable {
    /// The main thread's CPU time (the default): the time another process had the core (a shared
    /// CI machine) is not the app's, so it never makes a commit late. Read twice a turn from the
    /// thread's CPU clock (a system call); the phases inside are timed by the wall clock and
    /// scaled to the turn's CPU share.
    case cpu
    /// Wall time (`CLOCK_MONOTONIC`): preemption counts as the app's, and so does waiting.
    case wall
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
