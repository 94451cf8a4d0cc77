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

    @Test(arguments: [("spread.getevent", TraceFile.Format.getevent, 24), ("protocol-a.evemu", .evemu, 18),
                      ("two-devices.libinput.yml", .libinputRecord, 12), ("tap-and-pinch.webdriver.json", .webDriverActions, 126)])
    func theHarnessReadsAsTheFileReaderDoes(_ name: String, _ format: TraceFile.Format, _ expected: Int) throws {
        let bytes = Array(try Data(contentsOf: ImporterTests.fixtures.appendingPathComponent(name)))
        let (samples, problems) = TraceFuzzing.drain(format, bytes)
        #expect(samples == expected && problems == 0)
        #expect(TraceFuzzing.drain(format, Array(bytes.prefix(bytes.count / 2))).samples < expected)
    }
}
