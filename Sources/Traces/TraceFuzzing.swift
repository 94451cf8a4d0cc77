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

    /// A native trace (format 1.1) typing `bytes` as they are: each line of them (split at
    /// newlines) the text of a key line, between its quotes, escapes, stray quotes and bytes that
    /// are not UTF-8 included; then an appearance line and a tap, so reading goes on after them.
    package static func keyLines(_ bytes: [UInt8]) -> [UInt8] {
        var trace = Array("uisim-trace 1.1\nscreen 390x844 scale=3 refresh=60\n0 1 down 10 10\n0.01 1 up\n".utf8)
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(10_000).enumerated() {
            trace += Array("\(0.02 + Double(index) * 0.001) key \"".utf8) + line + Array("\"\n".utf8)
        }
        trace += Array("20 appearance dark\n20.1 2 down 1 1\n20.2 2 up\n".utf8)
        return trace
    }

    /// The key harness's seeds: texts a key line may hold, and ones it must refuse.
    package static var keySeeds: [(name: String, bytes: [UInt8])] {
        [("plain", Array("Hello".utf8)), ("escapes", Array(#"a \"q\" \\ \n\b\t\u0023\u00e9"#.utf8)),
         ("unicode", Array("é€🙂 ok".utf8)), ("lines", Array("one\ntwo\n\nthree".utf8)),
         ("invalid", [0x61, 0xFF, 0xFE, 0x62]), ("overlong", [0xC0, 0xAF]), ("surrogate", [0xED, 0xA0, 0x80]),
         ("beyond", [0xF4, 0x90, 0x80, 0x80]), ("truncated", [0xE2, 0x82]), ("quote", Array("a\" b".utf8)),
         ("bad-escape", Array(#"\u12 \q \"#.utf8)), ("long", Array(repeating: 0x61, count: 1100))]
    }

    /// Writes `keySeeds` into `folder` (created if need be); returns how many.
    @discardableResult
    package static func writeKeySeeds(to folder: URL) throws -> Int {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for seed in keySeeds { try Data(seed.bytes).write(to: folder.appendingPathComponent("seed-\(seed.name)")) }
        return keySeeds.count
    }

    /// A harness's plain build: reads each file named on the command line as `format` (to
    /// replay a fuzzer's finding without the fuzzer); with `keyLines`, as the text of key lines.
    package static func main(_ format: TraceFile.Format, keyLines: Bool = false, arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
        for path in arguments {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                continue
            }
            let (samples, problems) = drain(format, keyLines ? self.keyLines(Array(data)) : Array(data))
            print("\(path): \(samples) samples, \(problems) problems")
        }
    }
}
