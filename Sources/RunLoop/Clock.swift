import Foundation

/// The time a run loop lives by, in seconds on its own timeline (0 is where a replay starts).
///
/// Two clocks stand behind this protocol: `VirtualClock` (replays: jumps straight to the next
/// due event, so idle time costs nothing) and `RealClock` (`--realtime`: waits for real).
public protocol LoopClock: AnyObject {
    /// The current time on the loop's timeline.
    var now: TimeInterval { get }

    /// Lets time pass until `deadline` (nil: no deadline) or until input arrives. `poll(timeout)`
    /// waits up to `timeout` seconds for file-descriptor or signal input (0: only checks; nil:
    /// without limit) and says whether any arrived.
    ///
    /// Returns false when the clock cannot wait: a virtual clock with no deadline and no input.
    func wait(until deadline: TimeInterval?, poll: (TimeInterval?) -> Bool) -> Bool

    /// Whether `wait` really waits (so input must be able to wake it). False unless said.
    var waitsInRealTime: Bool { get }

    /// Runs `body` so that its real time does not count as the app's work (a virtual clock cuts
    /// it out; a real clock cannot).
    func excludingWork<R>(_ body: () throws -> R) rethrows -> R

    /// Starts the timeline again at 0 (a replay's first frame is at time 0, whatever it took
    /// to build the app before).
    func restart()

    /// Told by the run loop when it starts and stops running: a measuring virtual clock counts
    /// work only in between (building the app before is not a frame's work).
    func loopDidStart()
    func loopDidStop()
}

extension LoopClock {
    public var waitsInRealTime: Bool { false }

    public func excludingWork<R>(_ body: () throws -> R) rethrows -> R {
        try body()
    }

    public func loopDidStart() {}
    public func loopDidStop() {}
}
