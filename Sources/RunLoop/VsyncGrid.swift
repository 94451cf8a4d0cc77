import Foundation

/// The display's vsync times `k / rate` on a run loop's timeline, computed one way everywhere
/// (display links, frame-aligned input) so that "the frame of a time" never disagrees by a
/// rounding error.
public struct VsyncGrid: Hashable, Sendable {
    /// Vsyncs per second.
    public let rate: Int

    /// Times within this fraction of a frame after a vsync count as at it (float noise only).
    private static let slack = 1e-6

    public init(rate: Int) {
        precondition(rate > 0, "refresh rate must be positive")
        self.rate = rate
    }

    /// Seconds between vsyncs.
    public var period: TimeInterval { 1 / Double(rate) }

    /// The time of vsync `frame`.
    public func time(ofFrame frame: Int) -> TimeInterval {
        Double(frame) / Double(rate)
    }

    /// The first vsync at or after `time`.
    public func frame(atOrAfter time: TimeInterval) -> Int {
        Int((time * Double(rate) - Self.slack).rounded(.up))
    }

    /// The last vsync at or before `time`.
    /// The time of the vsync at or before `time` (the frame a turn at `time` belongs to).
    public func time(atOrBefore time: TimeInterval) -> TimeInterval {
        self.time(ofFrame: frame(atOrBefore: time))
    }

    public func frame(atOrBefore time: TimeInterval) -> Int {
        Int((time * Double(rate) + Self.slack).rounded(.down))
    }
}
