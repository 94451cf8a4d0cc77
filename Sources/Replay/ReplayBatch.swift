import Foundation
import Traces
import Views

/// Many traces replayed one after the other on the same scene and settings, each into its own
/// folder `out/<trace>/`, and a summary of them all in `out/summary.json` (what `uisim replay`
/// does with folders, `--list` and `--shard`). A trace that cannot be read is reported and
/// skipped; the others still run.
public struct ReplayBatch {
    /// The traces, in the order they run.
    public let traces: [URL]
    /// Each trace's folder name: its file name without the extension.
    public let names: [String]
    /// The replay every trace gets: its scene, settings, device, clock and outputs' options
    /// (its `trace` and `out` are set for each trace).
    public var job: ReplayJob
    public var out: URL

    /// The traces `urls` (in that order), or the share of them `shard` names.
    public init(traces urls: [URL], shard: Shard? = nil, job: ReplayJob, out: URL) throws {
        let urls = shard.map { shard in urls.filter(shard.contains) } ?? urls
        let names = urls.map { $0.deletingPathExtension().lastPathComponent }
        // Names equal once normalized (é composed or not) would share a folder on some file systems.
        if let twice = Dictionary(grouping: names, by: { $0.precomposedStringWithCanonicalMapping }).first(where: { $0.value.count > 1 }) {
            throw TraceError(file: twice.value[0], line: nil, "two traces are named '\(twice.key)': their outputs would share a folder")
        }
        traces = urls
        self.names = names
        self.job = job
        self.out = out
    }

    public struct Result {
        /// The summaries of the traces replayed, in order.
        public var summaries: [Summary]
        /// Their sum, as written to `out/summary.json`.
        public var total: Summary
        /// The traces that could not be read.
        public var failures: [TraceError]
        /// The signal that stopped the batch (during a trace, or between two), if one did.
        public var interruption: Int32?
        public var summaryURL: URL
    }

    /// Replays the traces. `willReplay(n, name)` is told which trace starts (from 0),
    /// `progress(frame, time)` follows each frame, `didReplay` gets each result, `didFail` each
    /// trace that could not be read.
    @MainActor
    public func run(willReplay: (Int, String) -> Void = { _, _ in }, progress: ((Int, Double) -> Void)? = nil,
                    didReplay: (ReplayJob.Result) -> Void = { _ in }, didFail: (TraceError) -> Void = { _ in }) throws -> Result {
        var summaries: [Summary] = []
        var failures: [TraceError] = []
        var interruption: Int32?
        for (n, url) in traces.enumerated() {
            if let signal = job.pendingInterruption?() {   // a signal between two traces: stop before the next
                interruption = signal
                break
            }
            var job = self.job
            job.trace = url
            job.out = out.appendingPathComponent(names[n])
            willReplay(n, names[n])
            do {
                let result = try job.run(progress: progress)
                summaries.append(result.summary)
                didReplay(result)
                if let signal = result.interruption {
                    interruption = signal
                    break
                }
            } catch let error as TraceError {
                failures.append(error)
                didFail(error)
            }
        }
        var header = Summary(trace: "0 traces", scene: job.scene.name, variant: "", device: job.model.identifier, refreshRate: 0)
        header.traces = []
        header.clock = job.clock.rawValue
        header.render = job.render.rawValue
        header.hitchBands = job.hitchBands
        let total = summaries.isEmpty ? SummaryBuilder(header).finished(interrupted: interruption != nil) : try SummaryBuilder.merging(summaries)
        let url = out.appendingPathComponent("summary.json")
        try total.write(to: url)
        return Result(summaries: summaries, total: total, failures: failures, interruption: interruption, summaryURL: url)
    }
}
