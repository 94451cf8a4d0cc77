import Foundation

/// A problem in a trace file, with its place: `scroll.trace:42: time 0.5 is earlier than the
/// previous 0.7`.
public struct TraceError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file's name as given (its path), or a label such as "<memory>".
    public let file: String
    /// 1-based line number, or nil for a problem with the whole file.
    public let line: Int?
    public let message: String

    public init(file: String, line: Int?, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

/// Something odd but harmless in a trace file, skipped with a warning.
public typealias TraceWarning = TraceError

/// The limits every reader enforces, so that no input, however hostile, exhausts memory or time.
public enum TraceLimits {
    /// The longest line accepted, in bytes.
    public static let maxLineLength = 4096
    /// The most contacts down at once (people have ten fingers; digitizers report up to ~20).
    public static let maxSimultaneousContacts = 64
    /// The latest time accepted, in seconds (a week).
    public static let maxTime: TimeInterval = 7 * 24 * 3600
    /// The largest coordinate magnitude accepted, in points or device units.
    public static let maxCoordinate: Double = 1e7
    /// The most events one device report (up to its `SYN_REPORT`) may hold.
    public static let maxEventsPerReport = 4096
    /// The largest file read whole rather than streamed: WebDriver actions JSON, and each device
    /// description of a libinput recording (its events are streamed).
    public static let maxWholeFileBytes = 16 * 1024 * 1024
    /// The text one key sample types, in UTF-8 bytes.
    public static let maxKeyText = 1024
    /// The longest device description of a libinput recording (read through YAML, not streamed).
    public static let maxDescriptionBytes = 1024 * 1024
    /// The deepest nesting of JSON arrays and objects accepted.
    public static let maxJSONDepth = 32
    /// The most warnings a reader keeps; past it, one more says how many were left out.
    public static let maxWarnings = 100
    /// The most input devices one recording of Linux input events may hold (an Android phone
    /// lists about twenty).
    public static let maxDevices = 256
}
