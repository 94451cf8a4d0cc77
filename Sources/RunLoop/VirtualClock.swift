import Foundation

/// A clock that jumps straight to the next due event instead of waiting.
///
/// With `measuresWork` (what replays use), the time the loop spends working between waits also
/// advances it, so a slow frame really misses its deadline; it is "real time with the idle gaps
/// cut out", as the stopwatch measures it (by default the loop thread's CPU time, so that other
/// work on the machine does not count). Work is counted only while a run loop runs the clock. Without
/// `measuresWork` (what tests use), time moves only by jumps and by `advance(by:)`, which
/// stands for a known, fake cost of work.
public final class VirtualClock: LoopClock {
    /// Whether measured work time advances the clock.
    public let measuresWork: Bool
    /// What measures the work (the loop thread's CPU time unless told otherwise, or a test's own).
    public let stopwatch: Stopwatch

    private var base: TimeInterval
    private var realBase: UInt64 = 0
    /// Whether real time is being counted now (a run loop is running the clock).
    private var counting = false

    /// A clock at `start` (seconds); with `measuresWork`, work timed by `stopwatch` advances it.
    public init(start: TimeInterval = 0, measuresWork: Bool = false, stopwatch: Stopwatch = ThreadCPUStopwatch()) {
        self.measuresWork = measuresWork
        self.stopwatch = stopwatch
        base = start
    }

    public var now: TimeInterval {
        guard counting else { return base }
        return base + Double(stopwatch.nanoseconds() &- realBase) / 1e9
    }

    public func loopDidStart() {
        guard measuresWork, !counting else { return }
        counting = true
        realBase = stopwatch.nanoseconds()
    }

    public func loopDidStop() {
        guard counting else { return }
        base = now
        counting = false
    }

    /// Runs `body` without its real time counting as work: for a profiler's own bookkeeping,
    /// which must not make the app's frames late.
    public func excludingWork<R>(_ body: () throws -> R) rethrows -> R {
        guard counting else { return try body() }
        let start = stopwatch.nanoseconds()
        defer { realBase &+= stopwatch.nanoseconds() &- start }
        return try body()
    }

    public func restart() {
        base = 0
        if counting { realBase = stopwatch.nanoseconds() }
    }

    /// Moves the clock forward by `seconds` of pretended work.
    public func advance(by seconds: TimeInterval) {
        precondition(seconds >= 0, "a clock cannot go back (advance by \(seconds))")
        base += seconds
    }

    /// Moves the clock to `time` if that is later than now.
    public func advance(to time: TimeInterval) {
        let current = now
        if time > current {
            base += time - current
        }
    }

    public func wait(until deadline: TimeInterval?, poll: (TimeInterval?) -> Bool) -> Bool {
        let current = now
        if poll(0) { return true }
        guard let deadline else { return false }
        // The wait itself is idle time: cut it out of the timeline.
        base = max(current, deadline)
        if counting { realBase = stopwatch.nanoseconds() }
        return true
    }
}
