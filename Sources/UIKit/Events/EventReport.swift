import Foundation

/// What one event phase delivered: the touches of each phase, the views hit-tested to find the
/// new ones, and for each touch the hardware time of the oldest sample it reflects (where input
/// latency starts). The digitizer source hands one over for each event it sends.
public struct EventReport: Equatable, Sendable {
    public var began = 0, moved = 0, ended = 0, cancelled = 0
    /// Views visited by the default `hitTest(_:with:)` for this event's new touches.
    public var viewsHitTested = 0
    /// Each touch delivered (not stationary): its phase and the time of the oldest hardware sample
    /// it reflects.
    public var inputs: [Input] = []

    public struct Input: Equatable, Sendable {
        public var phase: UITouch.Phase
        public var sampleTime: TimeInterval

        public init(phase: UITouch.Phase, sampleTime: TimeInterval) {
            self.phase = phase
            self.sampleTime = sampleTime
        }
    }

    public init() {}

    /// Whether the event delivered anything.
    public var isEmpty: Bool { began + moved + ended + cancelled == 0 }

    /// `other`'s touches and hit tests added to these.
    public mutating func add(_ other: EventReport) {
        began += other.began
        moved += other.moved
        ended += other.ended
        cancelled += other.cancelled
        viewsHitTested += other.viewsHitTested
        inputs += other.inputs
    }
}
