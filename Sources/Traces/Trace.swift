import Foundation

/// A stream of touch samples, read as they are needed (memory does not grow with its length).
/// `next()` throws a `TraceError` with its place when the input is broken.
public protocol TouchSampleStream {
    /// The screen the trace was recorded on; nil when it does not say (use the app's screen).
    var screen: TraceScreen? { get }
    /// What the input is ("uisim-trace 1.0", "evemu 1.1"…).
    var format: String { get }
    /// Problems skipped so far, with their places.
    var warnings: [TraceWarning] { get }
    /// The next sample, or nil at the end.
    mutating func next() throws -> TouchSample?
    /// Contacts the recording left down at its end, which the reader cancelled (the samples read
    /// so far say how many). Readers that cancel nothing leave the default, 0.
    var contactsCancelledAtEnd: Int { get }
}

extension TouchSampleStream {
    public var contactsCancelledAtEnd: Int { 0 }
}

/// A touch trace in memory: a screen description and time-ordered samples. Build one in code,
/// or read any supported file with `Trace(contentsOf:)`.
///
/// ```swift
/// var trace = Trace()                                   // default screen: UIScreen.main's
/// trace.down(1, at: CGPoint(x: 150, y: 150), time: 0)   // seconds, window points
/// trace.move(1, to: CGPoint(x: 160, y: 150), time: 0.1)
/// trace.up(1, time: 0.2)                                // where the contact last was
/// ```
/// The builder methods check each sample as a file reader would and stop the program on a
/// mistake (time going back, a contact moving before it went down): they are programming errors.
public struct Trace: Sendable {
    /// The recording screen; nil means "whatever screen replays it".
    public var screen: TraceScreen?
    /// The samples, in time order.
    public private(set) var samples: [TouchSample] = []
    private var tracker = ContactTracker()

    /// An empty trace for `screen` (nil: the replaying app's screen, `UIScreen.main`'s by default).
    public init(screen: TraceScreen? = nil) {
        self.screen = screen
    }

    /// Reads a trace file of any supported format, detected from its content; recordings of
    /// other tools are read as `options` say.
    public init(contentsOf url: URL, options: TraceImportOptions = TraceImportOptions()) throws {
        var stream = try TraceFile.open(url, options: options)
        self.init(screen: stream.screen)
        while let sample = try stream.next() {
            do {
                try tracker.accept(sample)
            } catch {
                throw TraceError(file: url.path, line: nil, error.message)
            }
            samples.append(sample)
        }
    }

    /// The samples of several traces interleaved by time (ties keep the order of `traces`), for
    /// fingers that move in parallel. Each trace's contacts must differ from the others'.
    public init(merging traces: [Trace], screen: TraceScreen? = nil) {
        self.init(screen: screen ?? traces.first?.screen)
        let tagged = traces.enumerated().flatMap { index, trace in trace.samples.enumerated().map { (index, $0.offset, $0.element) } }
        for (_, _, sample) in tagged.sorted(by: { ($0.2.time, $0.0, $0.1) < ($1.2.time, $1.0, $1.1) }) {
            append(sample)
        }
    }

    /// Appends a sample, checking it follows from the ones before.
    public mutating func append(_ sample: TouchSample) {
        do {
            try tracker.accept(sample)
        } catch {
            preconditionFailure("Trace: \(error.message)")
        }
        samples.append(sample)
    }

    /// Contact `contact` touches down at `point` (screen points) at `time` (seconds).
    public mutating func down(_ contact: Int, at point: CGPoint, time: TimeInterval, force: Double? = nil,
                              majorRadius: Double? = nil) {
        append(TouchSample(time: time, contact: contact, phase: .down, location: point, force: force, majorRadius: majorRadius))
    }

    /// Contact `contact` moves to `point` at `time`.
    public mutating func move(_ contact: Int, to point: CGPoint, time: TimeInterval, force: Double? = nil,
                              majorRadius: Double? = nil) {
        append(TouchSample(time: time, contact: contact, phase: .move, location: point, force: force, majorRadius: majorRadius))
    }

    /// Contact `contact` lifts at `time`, where it last was.
    public mutating func up(_ contact: Int, time: TimeInterval) {
        append(TouchSample(time: time, contact: contact, phase: .up, location: lastLocation(of: contact)))
    }

    /// The system cancels contact `contact` at `time`, where it last was.
    public mutating func cancel(_ contact: Int, time: TimeInterval) {
        append(TouchSample(time: time, contact: contact, phase: .cancel, location: lastLocation(of: contact)))
    }

    /// Time of the last sample (0 when empty).
    public var duration: TimeInterval { samples.last?.time ?? 0 }

    /// Contacts still down after the last sample.
    public var unfinishedContacts: [Int] { tracker.down.keys.sorted() }

    /// The samples as a stream, for a replay.
    public func makeStream() -> some TouchSampleStream {
        MemoryStream(screen: screen, samples: samples)
    }

    private func lastLocation(of contact: Int) -> CGPoint {
        guard let point = tracker.down[contact] else {
            preconditionFailure("Trace: contact \(contact) is not down")
        }
        return point
    }
}

struct MemoryStream: TouchSampleStream {
    let screen: TraceScreen?
    let samples: [TouchSample]
    var index = 0
    var format: String { "memory" }
    var warnings: [TraceWarning] { [] }

    mutating func next() throws -> TouchSample? {
        guard index < samples.count else { return nil }
        defer { index += 1 }
        return samples[index]
    }
}
