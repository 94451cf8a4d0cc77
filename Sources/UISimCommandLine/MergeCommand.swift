import ArgumentParser
import Foundation
import UISim

/// `uisim merge`: one summary from the summaries of shards (or of any replays of different traces).
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge replays' summaries (such as the shards of `uisim replay --shard`) into one.",
        discussion: """
            Counters, frames, durations and hitch times are added; phase-time histograms are merged \
            exactly, so percentiles are those of all the frames together. A trace found in two \
            summaries is an error (a shard merged twice).
            """)

    @Argument(help: "Replay output folders (with summary.json) or summary.json files.")
    var results: [String]

    @Option(name: .shortAndLong, help: "The folder to write the merged summary.json into.")
    var output: String = "out/merged"

    @Flag(help: "Print the merged summary as JSON.")
    var json = false

    @Flag(help: "Merge summaries of different scenes, variants, devices, clocks or hitch bands (the merge says \"mixed\").")
    var allowMixed = false

    @Flag(help: "Merge summaries of replays that a signal interrupted (the merge is marked interrupted).")
    var allowInterrupted = false

    func validate() throws {
        guard !results.isEmpty else { throw ValidationError("give the folders (or summary.json files) to merge") }
        try requireOutputPath(output, "-o")
        // Compared once links are followed: -o through a link to a shard is that shard.
        let target = realPath(URL(fileURLWithPath: output).appendingPathComponent("summary.json").path)
        for result in results where realPath(try summaryFile(result).path) == target {
            throw ValidationError("-o \(output) is one of the summaries to merge: merging would overwrite it; give another folder")
        }
    }

    func run() throws {
        // The folder is the merge's from the start (as a replay's is): a replay or another merge
        // into it is refused at once, never overwritten by this one later.
        let folder = URL(fileURLWithPath: output)
        try makeOutputFolder(folder)
        let lock = try FolderLock(folder)
        defer { withExtendedLifetime(lock) {} }
        let files = try results.map(summaryFile)
        let summaries = try files.map { try Summary.read(from: $0) }
        for (file, summary) in zip(files, summaries) where summary.interrupted && !allowInterrupted {
            throw UsageError("\(file.path): the replay was interrupted, so its traces are not all there: replay it again, or give --allow-interrupted")
        }
        if !allowMixed, let mixed = SummaryBuilder.differingSetting(summaries) {
            throw UsageError("the summaries differ in \(mixed.name) ('\(mixed.first)' and '\(mixed.other)'): merge replays made alike, or give --allow-mixed")
        }
        let merged = try SummaryBuilder.merging(summaries)
        let url = folder.appendingPathComponent("summary.json")
        try merged.write(to: url)
        if json {
            print(String(decoding: try JSONEncoder.sorted.encode(merged), as: UTF8.self))
        } else {
            print(merged.table(report: url.path))
        }
    }
}
