import Foundation

/// What a trace holds, read as a stream (`uisim trace info`) in memory that does not grow with
/// its length.
public struct TraceInfo: Codable, Equatable, Sendable {
    /// What the input is ("uisim-trace 1.0", "evemu 1.1"…).
    public var format: String
    public var samples: Int
    /// Distinct touches (a contact id reused after lifting counts again).
    public var contacts: Int
    /// The most contacts down at the same time.
    public var maxSimultaneous: Int
    /// Time of the last sample, in seconds.
    public var duration: Double
    /// Median samples per second of a moving contact (0 when nothing moves), within 0.1 %
    /// (`IntervalMedian`).
    public var rate: Double
    /// Contacts the recording leaves down at its end (a replay cancels them), whether the reader
    /// cancelled them already (recordings of other tools) or the trace just ends (uisim's own).
    public var unfinished: Int
    /// Key samples (keys typed, format 1.1), counted among `samples`.
    public var keys: Int

    enum CodingKeys: String, CodingKey {
        case format, samples, contacts, unfinished, keys
        case maxSimultaneous = "max_simultaneous", duration = "duration_s", rate = "rate_hz"
    }

    /// Reads `stream` to its end.
    public init(reading stream: inout some TouchSampleStream) throws {
        var tracker = ContactTracker()
        var lastTime: [Int: TimeInterval] = [:]
        var intervals = IntervalMedian()
        while let sample = try stream.next() {
            try? tracker.accept(sample)
            if sample.isSystemEvent { continue }
            if sample.phase == .move, let previous = lastTime[sample.contact], sample.time > previous {
                intervals.add(sample.time - previous)
            }
            lastTime[sample.contact] = sample.phase == .up || sample.phase == .cancel ? nil : sample.time
        }
        format = stream.format
        samples = tracker.samples
        contacts = tracker.contacts
        maxSimultaneous = tracker.maxSimultaneous
        duration = tracker.lastTime ?? 0
        rate = intervals.median.map { 1 / $0 } ?? 0
        unfinished = tracker.down.count + stream.contactsCancelledAtEnd
        keys = tracker.keys
    }
}

extension TraceFile {
    /// Every problem in the file, each with its place (reading goes on past each bad line), up
    /// to `limit` of them. Throws only `ReadInterrupted`, when `options.interruption` stops it.
    public static func problems(in url: URL, options: TraceImportOptions = TraceImportOptions(), limit: Int = 1000) throws -> [TraceError] {
        var stream: any TouchSampleStream
        do {
            stream = try open(url, options: options)
        } catch let error as TraceError {
            return [error]
        } catch let interrupted as ReadInterrupted {
            throw interrupted
        } catch {
            return [TraceError(file: url.path, line: nil, "\(error)")]
        }
        var problems: [TraceError] = []
        var failuresInARow = 0
        while problems.count < limit {
            do {
                guard try stream.next() != nil else { break }
                failuresInARow = 0
            } catch let error as TraceError {
                problems.append(error)
                failuresInARow += 1
                if failuresInARow > 100 && problems.last?.line == problems.dropLast().last?.line { break }   // not moving on
            } catch let interrupted as ReadInterrupted {
                throw interrupted
            } catch {
                problems.append(TraceError(file: url.path, line: nil, "\(error)"))
                break
            }
        }
        return problems + stream.warnings
    }
}
