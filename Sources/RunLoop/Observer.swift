/// A callback at points of each turn of a run loop, as `CFRunLoopObserver`.
@preconcurrency @MainActor
public final class LoopObserver {
    /// The points of a run loop's turn an observer can watch (`CFRunLoopActivity`).
    public struct Activity: OptionSet, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The loop starts running.
        public static let entry = Activity(rawValue: 1 << 0)
        /// The loop is about to fire timers.
        public static let beforeTimers = Activity(rawValue: 1 << 1)
        /// The loop is about to handle sources.
        public static let beforeSources = Activity(rawValue: 1 << 2)
        /// The loop is about to wait (Core Animation commits here).
        public static let beforeWaiting = Activity(rawValue: 1 << 5)
        /// The loop has woken up.
        public static let afterWaiting = Activity(rawValue: 1 << 6)
        /// The loop stops running.
        public static let exit = Activity(rawValue: 1 << 7)
        public static let allActivities: Activity = [.entry, .beforeTimers, .beforeSources, .beforeWaiting, .afterWaiting, .exit]

        public var description: String {
            let names: [(Activity, String)] = [(.entry, "entry"), (.beforeTimers, "beforeTimers"),
                (.beforeSources, "beforeSources"), (.beforeWaiting, "beforeWaiting"),
                (.afterWaiting, "afterWaiting"), (.exit, "exit")]
            return names.filter { contains($0.0) }.map(\.1).joined(separator: "|")
        }
    }

    /// Core Animation's commit observer order: after UIKit's own before-waiting work.
    public static let coreAnimationCommitOrder = 2_000_000

    /// The activities watched.
    public let activities: Activity
    /// Observers of one activity are called in ascending order (ties in the order they were added).
    public let order: Int
    /// Whether the observer stays after its first call.
    public let repeats: Bool
    /// Whether the observer will be called again.
    public private(set) var isValid = true

    var modes = ModeSet()
    var sequence = 0
    private let handler: (LoopObserver, Activity) -> Void

    public init(activities: Activity, repeats: Bool = true, order: Int = 0,
                handler: @escaping (LoopObserver, Activity) -> Void) {
        self.activities = activities
        self.repeats = repeats
        self.order = order
        self.handler = handler
    }

    /// Stops the observer for good.
    public func invalidate() {
        isValid = false
    }

    func call(_ activity: Activity) {
        handler(self, activity)
        if !repeats { isValid = false }
    }
}
