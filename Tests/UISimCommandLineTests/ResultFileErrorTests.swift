import Foundation
import Testing

/// Broken result files are bad data (exit 65), reported as `file:line: what`, by every command that
/// reads them (`merge`, `baseline`, `check`); whichever command it is and wherever the error is
/// caught, the exit code is the README's. (Unwritable outputs, 73: `OutputDestinationTests`.)
@Suite nonisolated struct ResultFileErrorTests {
    let cli = CommandLineTests()

    /// A folder with a tap's replay in `out/` and a baseline of it.
    func prepare() throws -> URL {
        let folder = try cli.folderWithAReplay("results")
        #expect(try cli.uisim(["baseline", "out", "-o", "baseline.json"], in: folder).status == 0)
        return folder
    }

    /// `file` with the first line containing `match` replaced by `edit(line)`; returns that line's number.
    @discardableResult
    func edit(_ file: URL, lineContaining match: String, _ edit: (String) -> String) throws -> Int {
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(match) }, "\(match) in \(file.lastPathComponent)")
        lines[index] = edit(lines[index])
        try lines.joined(separator: "\n").write(to: file, atomically: false, encoding: .utf8)
        return index + 1
    }

    @Test func aCountOutOfRangeInASummaryIsBadDataOnItsLineForEveryCommand() throws {
        let folder = try prepare()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = folder.appendingPathComponent("out/summary.json")
        let line = try edit(summary, lineContaining: "\"draws\" :") { $0.replacingOccurrences(of: #": \d+"#, with: ": -1", options: .regularExpression) }
        let expected = "\(summary.path):\(line): counts.draws is -1: expected 0 to 2^53"
        for arguments in [["merge", "out", "-o", "merged"], ["baseline", "out", "-o", "again.json"],
                          ["check", "out", "--baseline", "baseline.json"]] {
            let outcome = try cli.uisim(arguments, in: folder)
            #expect(outcome.status == 65 && outcome.stderr.contains(expected), "\(arguments[0]): \(outcome.status) \(outcome.stderr)")
        }
    }

    /// A summary without a counter does not read as 0 (which `check` took for an improvement).
    @Test func aMissingCounterInASummaryIsBadData() throws {
        let folder = try prepare()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = folder.appendingPathComponent("out/summary.json")
        try edit(summary, lineContaining: "\"draws\" :") { _ in "" }
        let check = try cli.uisim(["check", "out", "--baseline", "baseline.json"], in: folder)
        #expect(check.status == 65 && check.stderr.contains("summary.json:") && check.stderr.contains("counts has no 'draws'"), "\(check.stderr)")
    }

    @Test func aBaselineWithAFigureOutOfRangeOrATraceTwiceIsBadDataOnItsLine() throws {
        let folder = try prepare()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json")
        let pristine = try Data(contentsOf: baseline)
        for value in ["1e300", "-1", "18446744073709551616", "2.5"] {
            try pristine.write(to: baseline)
            let line = try edit(baseline, lineContaining: "\"counts.draws\" :") {
                $0.replacingOccurrences(of: #": [-0-9.e+]+"#, with: ": \(value)", options: .regularExpression)
            }
            let check = try cli.uisim(["check", "out", "--baseline", "baseline.json"], in: folder)
            #expect(check.status == 65 && check.stderr.contains("\(baseline.path):\(line): traces[0].figures.counts.draws is "),
                    "\(value): \(check.status) \(check.stderr)")
        }
        // The same trace listed twice.
        var document = try JSONSerialization.jsonObject(with: pristine) as! [String: Any]
        let traces = document["traces"] as! [Any]
        document["traces"] = traces + traces
        try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]).write(to: baseline)
        let twice = try cli.uisim(["check", "out", "--baseline", "baseline.json"], in: folder)
        #expect(twice.status == 65 && twice.stderr.contains("traces[1].trace is tap.trace, listed twice"), "\(twice.stderr)")
        // Not JSON: its line.
        try "{\n  \"schema\": 3,\n  oops\n}\n".write(to: baseline, atomically: false, encoding: .utf8)
        let broken = try cli.uisim(["check", "out", "--baseline", "baseline.json"], in: folder)
        #expect(broken.status == 65 && broken.stderr.contains("\(baseline.path):3: not a uisim baseline: bad JSON"), "\(broken.stderr)")
    }

    @Test func anUnreadableResultIsAUsageError() throws {
        let folder = try prepare()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try cli.uisim(["check", "out", "--baseline", "nowhere.json"], in: folder)
        #expect(missing.status == 64 && missing.stderr.contains("cannot read the baseline 'nowhere.json'"))
    }
}
