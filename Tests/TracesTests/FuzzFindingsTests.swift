import Foundation
import Testing
@testable import Traces

/// What `make fuzz` found, kept as tests: every file under Fixtures/fuzz/READER/ is read through
/// its reader as the harness reads it, and must end (with errors, as broken input should) without
/// a crash or a hang. And the harness's in-memory path reads a file as `uisim replay` does.
@Suite struct FuzzFindingsTests {
    static let folder = ImporterTests.fixtures.appendingPathComponent("fuzz")

    static var findings: [(TraceFile.Format, URL)] {
        TraceFile.Format.allCases.flatMap { format in
            let files = (try? FileManager.default.contentsOfDirectory(at: folder.appendingPathComponent(format.rawValue),
                                                                      includingPropertiesForKeys: nil)) ?? []
            return files.filter { $0.lastPathComponent != "README.md" }.sorted { $0.path < $1.path }.map { (format, $0) }
        }
    }

    @Test func everyFindingIsReadToItsEnd() throws {
        for (format, url) in Self.findings {
            let (samples, problems) = TraceFuzzing.drain(format, Array(try Data(contentsOf: url)))
            #expect(samples <= TraceFuzzing.maxSamples && problems <= 1000, "\(url.lastPathComponent)")
        }
    }

    /// The key-line harness's seeds: valid texts type (each line of them a key, the tap before
    /// and after read too); bytes that are not UTF-8, stray quotes and bad escapes are errors at
    /// their line, after which reading goes on to the tap after them.
    @Test func everyKeyLineSeedIsReadToItsEnd() throws {
        for seed in TraceFuzzing.keySeeds {
            let (samples, problems) = TraceFuzzing.drain(.native, TraceFuzzing.keyLines(seed.bytes))
            // "long" passes the 1 024-byte limit of a key's text.
            let valid = ["plain", "escapes", "unicode"].contains(seed.name)
            // Two taps (four samples) and the appearance line around the keys.
            #expect(samples >= 5 && (problems == 0) == valid && problems <= 2, "\(seed.name): \(samples) samples, \(problems) problems")
        }
        // The lines of "one\ntwo\n\nthree" are four keys, the empty one an error ("types nothing").
        #expect(TraceFuzzing.drain(.native, TraceFuzzing.keyLines(Array("one\ntwo\n\nthree".utf8))) == (8, 1))
    }

    /// The seeds `make fuzz` generates are read to their end, as the harness reads them; the
    /// WebDriver grid's swipes each without a problem and with their number of samples (⌈D × 120 /
    /// 1000⌉ moves of a D ms move, and the press and lift).
    @Test(arguments: TraceFile.Format.allCases)
    func everyGeneratedSeedIsReadToItsEnd(_ format: TraceFile.Format) {
        let seeds = TraceFuzzing.seeds(format)
        #expect(seeds.count >= 90 && Set(seeds.map(\.name)).count == seeds.count)
        for seed in seeds {
            let (samples, problems) = TraceFuzzing.drain(format, Array(seed.text.utf8))
            #expect(samples <= TraceFuzzing.maxSamples && problems <= 100, "\(seed.name)")
            if seed.name.hasPrefix("grid-") {
                let duration = Int(seed.name.split(separator: "-")[2].dropLast(5))!
                #expect(problems == 0 && samples == 2 + max(1, (duration * 12 + 99) / 100), "\(seed.name)")
            }
        }
        #expect(seeds.filter { $0.name.hasPrefix("grid-") }.count == (format == .webDriverActions ? 41 * 41 : 0))
    }

    @Test func seedsAreWrittenAsFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-seeds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = try TraceFuzzing.writeSeeds(.evemu, to: folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == count && files.allSatisfy { $0.hasPrefix("seed-") })
    }

    @Test(arguments: [("spread.getevent", TraceFile.Format.getevent, 24), ("protocol-a.evemu", .evemu, 18),
                      ("two-devices.libinput.yml", .libinputRecord, 12), ("tap-and-pinch.webdriver.json", .webDriverActions, 126)])
    func theHarnessReadsAsTheFileReaderDoes(_ name: String, _ format: TraceFile.Format, _ expected: Int) throws {
        let bytes = Array(try Data(contentsOf: ImporterTests.fixtures.appendingPathComponent(name)))
        let (samples, problems) = TraceFuzzing.drain(format, bytes)
        #expect(samples == expected && problems == 0)
        #expect(TraceFuzzing.drain(format, Array(bytes.prefix(bytes.count / 2))).samples < expected)
    }
}
