import Foundation
import Testing
import UISim

/// What a user reads and types, run as a user runs it: `advice` runs from any folder; the
/// commands print what the library makes.
@Suite(.serialized) nonisolated struct HelpAndNamingTests {
    let cli = CommandLineTests()

    /// `uisim advice` from a folder with no traces in it: its traces come with uisim. A folder
    /// given with --traces must hold them.
    @Test func adviceRunsFromAnyFolder() throws {
        let empty = cli.temporary("anywhere")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let advice = try cli.uisim(["advice", "--runs", "1"], in: empty)
        #expect(advice.status == 0, "\(advice.stderr)")
        let verdicts = advice.stdout.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(verdicts.count == 8 && verdicts.allSatisfy { $0.hasSuffix("— held") }, "\(advice.stdout)")
        #expect(advice.stdout.hasSuffix("/out/advice/advice.html\n"))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: empty.appendingPathComponent("out/advice/advice.json"))) as? [String: Any]
        #expect((report?["experiments"] as? [Any])?.count == 8)

        let missing = try cli.uisim(["advice", "--runs", "1", "--traces", "nowhere"], in: empty)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("cannot read nowhere/fling.trace, nowhere/pinch.trace, nowhere/taps.trace"))
        #expect(missing.stderr.contains("leave --traces out to replay the bundled ones"))
        let help = try cli.uisim(["advice", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("Runs from any folder: the traces it replays (fling.trace, pinch.trace, taps.trace) come with uisim."))
    }

    /// The advice's traces in the library's resources are `Traces/`'s, byte for byte (the README's
    /// commands and the advice replay the same files).
    @Test func theBundledAdviceTracesAreThoseOfTraces() throws {
        #expect(Advice.traceNames == ["fling.trace", "pinch.trace", "taps.trace"])
        for name in Advice.traceNames {
            let bundled = try Data(contentsOf: Advice.bundledTraces.appendingPathComponent(name))
            #expect(bundled == (try Data(contentsOf: CommandLineTests.root.appendingPathComponent("Traces").appendingPathComponent(name))),
                    "\(name): copy Traces/\(name) to Sources/Replay/Jobs/AdviceTraces/")
        }
    }

    /// The commands print what the library makes: replay's table is `Summary.table(report:)` of
    /// the summary it wrote, and `--overlay` is read by `DebugOverlays(parsing:)`, whose message
    /// names the choices.
    @Test func theCommandsPrintWhatTheLibraryMakes() throws {
        let folder = try cli.folderWithAReplay("thin")
        defer { try? FileManager.default.removeItem(at: folder) }
        let replay = try cli.uisim(["replay", "tap.trace", "--clock", "fixed", "--snapshots", "none", "--out", "again"], in: folder)
        #expect(replay.status == 0)
        let summary = try Summary.read(from: folder.appendingPathComponent("again/summary.json"))
        let report = try #require(replay.stdout.split(separator: "\n").first { $0.hasPrefix("report ") }).dropFirst(6)
            .trimmingCharacters(in: .whitespaces)
        #expect(report.hasSuffix("/again/report.html"))
        #expect(replay.stdout == summary.table(report: report) + "\n")

        let overlay = try cli.uisim(["replay", "tap.trace", "--overlay", "blended,glow", "--out", "o"], in: folder)
        #expect(overlay.status == 64 && overlay.stderr.contains("unknown overlay 'glow': use blended, misaligned, offscreen, updates or none"))
        #expect(try DebugOverlays(parsing: " updates, blended ,none") == [.updates, .blended])
        #expect(try DebugOverlays(parsing: "none").isEmpty)
    }
}
