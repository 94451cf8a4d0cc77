import ArgumentParser
import Foundation
import UISim

/// `uisim baseline`: record what a replay did, to check later replays against.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline", abstract: "Write a baseline (counters and phase times) from a replay's output folder.")

    @Argument(help: "A replay's output folder (with summary.json).")
    var resultDirectory: String

    @Option(name: .shortAndLong, help: "The baseline file to write.")
    var output: String

    func run() throws {
        do {
            let summary = try Summary.read(from: URL(fileURLWithPath: resultDirectory).appendingPathComponent("summary.json"))
            try Baseline(summary: summary).write(to: URL(fileURLWithPath: output))
            print("wrote \(output)")
        } catch let error as ReplayOutputError {
            report(error.description)
            throw Exit.badData
        }
    }
}

/// `uisim check`: fail a build whose replay counts changed or whose times grew too much.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare a replay's results with a baseline: counters must match, times may grow by a ratio.",
        discussion: "Exits 1 when anything regressed, after printing what.")

    @Argument(help: "A replay's output folder (with summary.json).")
    var resultDirectory: String

    @Option(help: "The baseline file (from `uisim baseline`).")
    var baseline: String

    @Option(help: "How much times may grow: 1.5 allows +50 % on each phase's p50 and p99.")
    var timeTolerance: Double = 1.5

    @Option(help: "Also write the results as JUnit XML to this file.")
    var junit: String?

    func validate() throws {
        guard timeTolerance >= 1, timeTolerance.isFinite else {
            throw ValidationError("--time-tolerance must be a ratio of at least 1, such as 1.5")
        }
    }

    func run() throws {
        let summary: Summary, expected: Baseline
        do {
            summary = try Summary.read(from: URL(fileURLWithPath: resultDirectory).appendingPathComponent("summary.json"))
            expected = try Baseline.read(from: URL(fileURLWithPath: baseline))
        } catch let error as ReplayOutputError {
            report(error.description)
            throw Exit.badData
        }
        let findings = expected.check(summary, timeTolerance: timeTolerance)
        if let junit {
            let xml = Baseline.junit(findings, suite: "\(summary.trace) on \(summary.scene)")
            do {
                try Data(xml.utf8).write(to: URL(fileURLWithPath: junit), options: .atomic)
            } catch {
                report("\(junit): cannot write: \(error.localizedDescription)")
                throw Exit.cannotWrite
            }
        }
        let failed = findings.filter { !$0.passed }
        if expected.trace != summary.trace || expected.scene != summary.scene {
            report("warning: the baseline is for \(expected.trace) on \(expected.scene), the result for \(summary.trace) on \(summary.scene)")
        }
        if failed.isEmpty {
            print("ok: \(findings.count) checks passed (counters equal, times within ×\(timeTolerance))")
        } else {
            print("regressed: \(failed.count) of \(findings.count) checks")
            for finding in failed { print("  \(finding.message)") }
            throw Exit.checkFailed
        }
    }
}
