import Foundation

/// A clock that jumps straight to the next due event instead of waiting.
///
/// With `measuresWork` (what replays use), the real time the loop spends working between
/// waits also advances it, so a slow frame really misses its deadline; it is "real time with
/// the idle gaps cut out". Without it (what tests use), time moves only by jumps and by
/// `advance(by:)`, which stands for a known, fake cost of work.
public final class VirtualClock: LoopClock {
    /// Whether measured work time advances the clock.
    public let measuresWork: Bool

    private var base: TimeInterval
    private var realBase: UInt64

    /// A clock at `start` (seconds).
    public init(start: TimeInterval = 0, measuresWork: Bool = false) {
        self.measuresWork = measuresWork
        base = start
        realBase = measuresWork ? Monotonic.nanoseconds() : 0
    }

    public var now: TimeInterval {
        guard measuresWork else { return base }
        return base + Double(Monotonic.nanoseconds() &- realBase) / 1e9
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
        if measuresWork { realBase = Monotonic.nanoseconds() }
        return true
    }
}
