import Foundation

/// A clock that jumps straight to the next due event instead of waiting.
///
/// With `measuresWork` (what replays use), the time the loop spends working between waits also
/// advances it, so a slow frame really misses its deadline; it is "real time with the idle gaps
/// cut out", as the stopwatch measures it. Work is counted only while a run loop runs the clock.
/// With `excludesPreemption` too, the time the loop's thread did not run during a turn (another
/// process had the core: a shared CI machine) is taken out at the turn's end, before the clock
/// decides where to wait to: found from the thread's CPU clock, read twice a turn (cheap wall-clock
/// readings everywhere else). Without `measuresWork` (what tests use), time moves only by jumps and
/// by `advance(by:)`, which stands for a known, fake cost of work.
public final class VirtualClock: LoopClock {
    /// Whether measured work time advances the clock.
    public let measuresWork: Bool
    /// Whether time the loop's thread was not running is left out of the work (see above).
    public let excludesPreemption: Bool
    /// What measures the work (the machine's monotonic clock unless a test drives its own).
    public let stopwatch: Stopwatch

    private var base: TimeInterval
    private var realBase: UInt64 = 0
    /// Whether real time is being counted now (a run loop is running the clock).
    private var counting = false
    /// Where this turn began, on the stopwatch and on the thread's CPU clock (`excludesPreemption`).
    private var turnWall: UInt64 = 0, turnCPU: UInt64 = 0

    /// A clock at `start` (seconds); with `measuresWork`, work timed by `stopwatch` advances it,
    /// without the time the thread was preempted if `excludesPreemption`.
    public init(start: TimeInterval = 0, measuresWork: Bool = false, excludesPreemption: Bool = false,
                stopwatch: Stopwatch = MonotonicStopwatch()) {
        self.measuresWork = measuresWork
        self.excludesPreemption = excludesPreemption
        self.stopwatch = stopwatch
        base = start
    }

    /// Starts a turn's measure of preemption.
    private func markTurn() {
        guard excludesPreemption else { return }
        turnWall = stopwatch.nanoseconds()
        turnCPU = Monotonic.threadCPUNanoseconds()
    }

    /// Seconds of this turn the thread was not running (wall time less CPU time), 0 without
    /// `excludesPreemption`.
    private func preemptedThisTurn() -> TimeInterval {
        guard excludesPreemption, counting else { return 0 }
        let wall = stopwatch.nanoseconds() &- turnWall, cpu = Monotonic.threadCPUNanoseconds() &- turnCPU
        return wall > cpu ? Double(wall - cpu) / 1e9 : 0
    }

    public var now: TimeInterval {
        guard counting else { return base }
        return base + Double(stopwatch.nanoseconds() &- realBase) / 1e9
    }

    public func loopDidStart() {
        guard measuresWork, !counting else { return }
        counting = true
        realBase = stopwatch.nanoseconds()
        markTurn()
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
        // The turn is over: the time its thread was preempted was not work.
        let preempted = preemptedThisTurn()
        let current = now - preempted
        if preempted > 0 {
            base = current
            realBase = stopwatch.nanoseconds()
        }
        defer { markTurn() }
        if poll(0) { return true }
        guard let deadline else { return false }
        // The wait itself is idle time: cut it out of the timeline.
        base = max(current, deadline)
        if counting { realBase = stopwatch.nanoseconds() }
        return true
    }
}
