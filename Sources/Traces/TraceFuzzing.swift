import Foundation

/// What the fuzzing harnesses (`Fuzz/`, `make fuzz`) run: one reader over bytes in memory, to
/// its end, reading on past errors as `uisim trace validate` does. Any crash or hang in here is
/// a bug; errors are the expected outcome of broken input.
package enum TraceFuzzing {
    /// The most samples read from one input: a short file may describe a week-long gesture,
    /// which is slow by request, not a hang.
    static let maxSamples = 100_000

    /// A reader of `format` over `bytes`.
    package static func stream(_ format: TraceFile.Format, bytes: [UInt8], name: String = "<fuzz>",
                               options: TraceImportOptions = TraceImportOptions()) throws -> any TouchSampleStream {
        try format.reader(of: .memory(name: name, bytes: bytes), options: options)
    }

    /// Reads `bytes` as `format` to the end; returns the samples read and the problems met.
    @discardableResult
    package static func drain(_ format: TraceFile.Format, _ bytes: [UInt8]) -> (samples: Int, problems: Int) {
        guard var stream = try? stream(format, bytes: bytes) else { return (0, 1) }
        var samples = 0, problems = 0, inARow = 0
        while samples < maxSamples && inARow < 100 {
            do {
                guard try stream.next() != nil else { break }
                samples += 1
                inARow = 0
            } catch {
                problems += 1
                inARow += 1
            }
        }
        _ = stream.warnings
        return (samples, problems)
    }

    /// A harness's plain build: reads each file named on the command line as `format` (to
    /// replay a fuzzer's finding without the fuzzer).
    package static func main(_ format: TraceFile.Format, arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
        for path in arguments {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                continue
            }
            let (samples, problems) = drain(format, Array(data))
            print("\(path): \(samples) samples, \(problems) problems")
        }
    }
}
