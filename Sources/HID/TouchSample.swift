import Foundation

/// One report of one contact from a touchscreen: where a finger (or pencil) was, and when. The one
/// sample type of the input seam: the trace readers (`Traces`) yield it, and the app's event system
/// (`DigitizerSource`, `TouchPackager` in `UIKit`) takes it as UIKit takes an IOHIDEvent.
public struct TouchSample: Hashable, Sendable {
    /// What happened to the contact.
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        /// The contact touched down.
        case down
        /// The contact moved (or its force changed).
        case move
        /// The contact lifted.
        case up
        /// The system took the contact away (the touch is cancelled, not ended).
        case cancel
        /// Keys were typed (format 1.1): `text` says which; the sample has no contact or
        /// position (`contact` 0, `location` zero), and goes to the app's first responder.
        case key
        /// The system's appearance changed (format 1.1): `text` is "light" or "dark"; no contact
        /// or position. The app's dynamic colours resolve again, as when the user switches.
        case appearance
    }

    /// Seconds from the start of the trace.
    public var time: TimeInterval
    /// Identifies the contact from its `down` to its `up` or `cancel`; may be reused after.
    public var contact: Int
    public var phase: Phase
    /// Position in screen points (origin top-left, y down).
    public var location: CGPoint
    /// Force, 1.0 being an average touch (`UITouch.force`); nil when not reported.
    public var force: Double?
    /// Radius of the contact in points (`UITouch.majorRadius`); nil when not reported.
    public var majorRadius: Double?
    /// Pencil altitude in radians (0 parallel to the screen, π/2 perpendicular); nil for fingers.
    public var altitude: Double?
    /// Pencil azimuth in radians in the screen plane; nil for fingers.
    public var azimuth: Double?
    /// What a `key` sample typed: text, `"\n"` for the return key, `"\u{8}"` for delete
    /// (backspace); nil for touches.
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

    /// Keys typed at `time`: `text` as the keyboard sends it (`"\n"` return, `"\u{8}"` delete).
    public static func key(time: TimeInterval, text: String) -> TouchSample {
        var sample = TouchSample(time: time, contact: 0, phase: .key, location: .zero)
        sample.text = text
        return sample
    }

    /// The appearance switched to `style` ("light" or "dark") at `time`.
    public static func appearance(time: TimeInterval, style: String) -> TouchSample {
        var sample = TouchSample(time: time, contact: 0, phase: .appearance, location: .zero)
        sample.text = style
        return sample
    }

    /// Whether the sample is keys typed, not a touch.
    public var isKey: Bool { phase == .key }

    /// Whether the sample is no touch (keys, an appearance change): it has no contact.
    public var isSystemEvent: Bool { phase == .key || phase == .appearance }

    /// Whether the sample comes from a pencil (it has an altitude).
    public var isPencil: Bool { altitude != nil }
}
