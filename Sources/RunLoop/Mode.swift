/// A run-loop mode: the set of timers, observers and sources a run of the loop watches, as
/// `RunLoop.Mode` (Foundation's names are left to Foundation; these belong to `EventRunLoop`).
public struct LoopMode: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The mode the loop normally runs in.
    public static let `default` = LoopMode("kCFRunLoopDefaultMode")
    /// The mode the loop runs in while a control or scroll view tracks a touch
    /// (`UITrackingRunLoopMode`): default-mode timers wait.
    public static let tracking = LoopMode("UITrackingRunLoopMode")
    /// Not a mode the loop runs in, but a set of modes: an item added for `.common` is active in
    /// every mode of the loop's `commonModes` (default and tracking unless more are added).
    public static let common = LoopMode("kCFRunLoopCommonModes")

    public var description: String { rawValue }
}

/// Something attached to a run loop for some modes.
struct ModeSet {
    private(set) var modes: Set<LoopMode> = []

    mutating func insert(_ mode: LoopMode) { modes.insert(mode) }
    mutating func remove(_ mode: LoopMode) { modes.remove(mode) }
    var isEmpty: Bool { modes.isEmpty }

    func isActive(in mode: LoopMode, commonModes: Set<LoopMode>) -> Bool {
        modes.contains(mode) || (modes.contains(.common) && commonModes.contains(mode))
    }
}
