import Foundation

/// A clock that is real time since it was made: waiting really waits (in libevent, so that
/// file-descriptor and signal input wakes it). Used for `--realtime` replays.
public final class RealClock: LoopClock {
    private var start: UInt64

    public init() {
        start = Monotonic.nanoseconds()
    }

    public func restart() {
        start = Monotonic.nanoseconds()
    }

    public var now: TimeInterval { reading.now }

    public var waitsInRealTime: Bool { true }

    /// The clock's time as a value another thread can read (it does not follow a later restart).
    public var reading: Reading { Reading(start: start) }

    /// Real time since a start instant.
    public struct Reading: Sendable {
        let start: UInt64
        public var now: TimeInterval { Double(Monotonic.nanoseconds() &- start) / 1e9 }
    }

    public func wait(until deadline: TimeInterval?, poll: (TimeInterval?) -> Bool) -> Bool {
        _ = poll(deadline.map { max(0, $0 - now) })
        return true
    }
}
