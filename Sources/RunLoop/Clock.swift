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
}
