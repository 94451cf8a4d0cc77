import Foundation
import Traces
import UIKit
import Support

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
        var seen: [String: URL] = [:]
        for (name, url) in zip(names, urls) {
            if let other = seen.updateValue(url, forKey: name.precomposedStringWithCanonicalMapping) {
                throw TraceError(file: url.path, line: nil, "two traces are named '\(name.precomposedStringWithCanonicalMapping)' (this and \(other.path), equal once normalized): their outputs would share a folder")
            }
        }
        // A trace's folder would take the place of the batch's own summary.
        if let clash = zip(names, urls).first(where: { $0.0.precomposedStringWithCanonicalMapping == "summary.json" }) {
            throw TraceError(file: clash.1.path, line: nil, "its outputs would go to \(out.appendingPathComponent("summary.json").path), the folder's summary: rename the trace")
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
        // The whole folder is this batch's while it runs: another batch (a second shard given the
        // same --out) or a merge into it is refused at once, not mixed in.
        try makeOutputFolder(out)
        let lock = try FolderLock(out)
        defer { withExtendedLifetime(lock) {} }
        AtomicFile.removeStalePartials(in: out)
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
            } catch is ReadInterrupted {
                // A signal stopped the reading of this trace before its replay began.
                interruption = job.pendingInterruption?() ?? SIGINT
                break
            }
        }
        // A shard with no trace still says how it was made, as its traces' summaries would, so that
        // it merges with the other shards.
        var header = Summary(trace: "0 traces", scene: job.scene.name, variant: job.settings.description, device: job.model.name,
                             refreshRate: job.model.maximumFramesPerSecond)
        header.traces = []
        header.clock = job.clock.rawValue
        header.appTime = job.appTime.rawValue
        header.render = job.render.rawValue
        header.hitchBands = job.hitchBands
        var total = summaries.isEmpty ? SummaryBuilder(header).finished(interrupted: interruption != nil) : try SummaryBuilder.merging(summaries)
        // Stopped between two traces, the traces done are complete, but the batch is not.
        if interruption != nil { total.interrupted = true }
        let url = out.appendingPathComponent("summary.json")
        try total.write(to: url)
        return Result(summaries: summaries, total: total, failures: failures, interruption: interruption, summaryURL: url)
    }
}
