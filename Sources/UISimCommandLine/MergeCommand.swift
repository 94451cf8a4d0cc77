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

    func validate() throws {
        guard !results.isEmpty else { throw ValidationError("give the folders (or summary.json files) to merge") }
        let target = URL(fileURLWithPath: output).appendingPathComponent("summary.json").standardizedFileURL.path
        for result in results where try summaryFile(result).standardizedFileURL.path == target {
            throw ValidationError("-o \(output) is one of the summaries to merge: merging would overwrite it; give another folder")
        }
    }

    func run() throws {
        let summaries = try results.map { try Summary.read(from: summaryFile($0)) }
        let merged = try SummaryBuilder.merging(summaries)
        let url = URL(fileURLWithPath: output).appendingPathComponent("summary.json")
        try merged.write(to: url)
        if json {
            print(String(decoding: try JSONEncoder.sorted.encode(merged), as: UTF8.self))
        } else {
            print(ReplayCommand.table(merged, report: url.path))
        }
    }
}
