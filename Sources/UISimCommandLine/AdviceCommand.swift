import ArgumentParser
import Foundation
import UISim

/// `uisim advice`: the seed notes' five pieces of advice and three of the render phase's (Apple's
/// Tech Talk 10857), each measured by one experiment (`Advice`).
struct AdviceCommand: @preconcurrency ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advice",
        abstract: "Measure fourteen pieces of advice (the seed notes' five, three of the render phase, two of Auto Layout's, one of text's, one of animation's, two of the seed notes' again on a collection view) on their built-in experiments, one verdict each.",
        discussion: "Runs from any folder: the traces it replays (\(Advice.traceNames.joined(separator: ", "))) come with uisim.")

    @Option(parsing: .unconditional, help: "Runs of each variant (\(runsAllowed.lowerBound) to \(runsAllowed.upperBound)).")
    var runs: Int = 3

    @Option(help: ArgumentHelp("A folder of traces to replay instead of the bundled ones, under the same names (\(Advice.traceNames.joined(separator: ", "))).",
                               valueName: "folder"))
    var traces: String?

    @Option(help: "The output folder.")
    var out: String = "out/advice"

    func validate() throws {
        try validateRuns(runs)
        try requireOutputPath(out, "--out")
        try requireOutputPath(traces, "--traces")
        guard let traces else { return }
        let missing = Advice.traceNames.filter {
            !FileManager.default.isReadableFile(atPath: URL(fileURLWithPath: traces).appendingPathComponent($0).path)
        }
        guard missing.isEmpty else {
            throw ValidationError("cannot read \(missing.map { "\(traces)/\($0)" }.joined(separator: ", ")): "
                                  + "give a folder that holds them, or leave --traces out to replay the bundled ones")
        }
    }

    @MainActor
    func run() throws {
        let folder = URL(fileURLWithPath: out)
        var bar = ProgressBar(total: nil, enabled: true)
        _ = try Advice.run(runs: runs, scenes: BuiltInScenes.catalog,   // the experiments are uisim's own
                           traces: traces.map { URL(fileURLWithPath: $0) } ?? Advice.bundledTraces, out: folder,
                           pendingInterruption: { Interruption.signal },
                           progress: { bar.update(frame: $0, time: 0) },
                           measured: { outcome in
                               bar.finish()
                               print("\(outcome.number). \(outcome.advice): \(outcome.verdict) — \(outcome.held ? "held" : "did not hold")")
                           })
        print("report: \(folder.appendingPathComponent("advice.html").path)")
    }
}

/// How many runs of each variant `compare` and `advice` take.
let runsAllowed = 1...50

/// A usage error unless `runs` is within `runsAllowed`.
func validateRuns(_ runs: Int) throws {
    guard runsAllowed.contains(runs) else {
        throw ValidationError("--runs must be between \(runsAllowed.lowerBound) and \(runsAllowed.upperBound), such as --runs 3")
    }
}
