import ArgumentParser
import Foundation
import UISim

/// `uisim compare`: two variants of a scene, side by side.
struct CompareCommand: @preconcurrency ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Replay a trace on two variants of a scene, interleaved, and compare counters and times.",
        discussion: "Example: uisim compare Traces/fling.trace --scene feed --variant opaque=off --variant opaque=on --runs 5")

    @Argument(help: "The trace file.")
    var trace: String

    @OptionGroup(title: "Scene")
    var sceneOptions: SceneOptions

    @Option(name: .customLong("variant"), help: ArgumentHelp("Variant A, then variant B: name=on|off[,name=on|off…].", valueName: "variants"))
    var variants: [String] = []

    @Option(parsing: .unconditional, help: "Runs of each variant (\(runsAllowed.lowerBound) to \(runsAllowed.upperBound)).")
    var runs: Int = 3

    @Option(help: "The output folder (default: out/compare-<trace>-<scene>).")
    var out: String?

    @Flag(help: "Print the comparison as JSON.")
    var json = false

    func validate() throws {
        try requireReadable(trace, "the trace file")
        guard variants.count == 2 else { throw ValidationError("give two --variant options: A, then B (such as opaque=off and opaque=on)") }
        try validateRuns(runs)
        try requireOutputPath(out, "--out")
        _ = try sceneOptions.settings([variants[0]])
        _ = try sceneOptions.settings([variants[1]])
        _ = try sceneOptions.documentFolders()
    }

    @MainActor
    func run() throws {
        let url = URL(fileURLWithPath: trace)
        var experiment = Experiment(
            trace: url, scene: try sceneOptions.resolvedScene(), a: try sceneOptions.settings([variants[0]]).values,
            b: try sceneOptions.settings([variants[1]]).values, runs: runs, model: sceneOptions.device,
            out: URL(fileURLWithPath: out ?? "out/compare-\(url.deletingPathExtension().lastPathComponent)-\(sceneOptions.scene)"))
        experiment.contentSize = sceneOptions.contentSize
        experiment.appearance = sceneOptions.appearance
        experiment.documents = try sceneOptions.documentFolders()
        experiment.pendingInterruption = { Interruption.signal }
        var bar = ProgressBar(total: nil, enabled: !json)
        let comparison = try experiment.run { _ in bar.update(frame: 0, time: 0) }
        bar.finish()
        if json {
            print(String(decoding: try JSONEncoder.sorted.encode(comparison), as: UTF8.self))
        } else {
            print(comparison.table)
            print("report".padding(toLength: 28, withPad: " ", startingAt: 0) + experiment.out.appendingPathComponent("compare.html").path)
        }
        if !comparison.a.deterministic || !comparison.b.deterministic { throw Exit.checkFailed }
    }
}
