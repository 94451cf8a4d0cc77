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
