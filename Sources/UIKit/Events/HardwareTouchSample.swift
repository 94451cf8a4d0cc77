import Foundation

/// One digitizer report as the app's event system receives it (uisim's stand-in for an
/// IOHIDEvent): what `Traces` samples become on their way into the run loop.
public struct HardwareTouchSample: Hashable, Sendable {
    public enum Phase: Sendable {
        case down, move, up, cancel
        /// Keys typed (`text`): no contact, no position; they go to the first responder.
        case key
        /// The system's appearance switched (`text`: "light" or "dark").
        case appearance
    }

    /// Seconds on the run loop's timeline.
    public var time: TimeInterval
    public var contact: Int
    public var phase: Phase
    /// Position in screen points.
    public var location: CGPoint
    /// Force (1.0 average), or nil when the digitizer does not report it.
    public var force: Double?
    public var majorRadius: Double?
    /// A pencil's altitude (nil for a finger) and azimuth, in radians.
    public var altitude: Double?
    public var azimuth: Double?
    /// What a key sample typed (`"\n"` return, `"\u{8}"` delete).
    public var text: String?

    public init(time: TimeInterval, contact: Int, phase: Phase, location: CGPoint, force: Double? = nil,
                majorRadius: Double? = nil, altitude: Double? = nil, azimuth: Double? = nil) {
        self.time = time
        self.contact = contact
        self.phase = phase
        self.location = location
        self.force = force
        self.majorRadius = majorRadius
        self.altitude = altitude
        self.azimuth = azimuth
    }
}
