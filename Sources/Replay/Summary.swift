import Foundation
import Histogram

/// The distribution of one phase's time, in microseconds.
public struct PhaseDistribution: Codable, Equatable, Sendable {
    public var p50 = 0.0, p90 = 0.0, p99 = 0.0, max = 0.0, mean = 0.0
    public init() {}
}

/// What a replay did, in one object: `summary.json`. Times in microseconds, from HDR histograms
/// (not from keeping every frame); counts are exact.
public struct Summary: Codable, Equatable, Sendable {
    public static let schemaVersion = 1

    public var schema = Summary.schemaVersion
    public var trace: String
    public var scene: String
    /// The scene's variants, "name=on name=off".
    public var variant: String
    public var device: String
    /// The replay's clock: "virtual", "fixed" or "real" (nil in summaries of uisim before 0.2).
    public var clock: String?
    public var frames = 0
    public var durationSeconds = 0.0
    public var refreshRate: Int
    public var hitches = 0
    /// Hitch time per second of replay, in ms/s (Apple's hitch time ratio).
    public var hitchTimeRatio = 0.0
    /// Apple's bands: good below 5 ms/s, warning 5–10, critical from 10.
    public var hitchBand = "good"
    /// Whether the replay was interrupted before the end of the trace.
    public var interrupted = false
    public var touches = FrameRecord.Touches()
    public var counts = FrameRecord.Counts()
    /// The most backing-store bytes alive at once.
    public var backingStoreBytesPeak = 0
    public var phases = Phases()
    /// Problems with how the scene's views are built (see `UIView.hierarchyWarnings()`).
    public var warnings: [String] = []
    /// The traces the summary covers (one for a replay; several once merged). Absent in
    /// summaries of uisim before 0.2.
    public var traces: [String]?
    /// Hitch time in all, in ms (the hitch time ratio's numerator).
    public var hitchTimeMs: Double?
    /// The phase histograms themselves, so that summaries merge exactly (`uisim merge`).
    public var histograms: Histograms?
    /// How long the replay took, in seconds of wall time (the sum, once merged).
    public var replaySeconds: Double?
    /// Each trace's gated figures, in a summary of several traces (nil for one trace: its
    /// figures are the summary's own), so that `check` names the trace that changed.
    public var perTrace: [TraceFigures]?

    /// The phase histograms (nanoseconds), as their non-empty buckets: `[value, count]` pairs,
    /// each value recording into the same bucket of a histogram made like `SummaryBuilder`'s.
    public struct Histograms: Codable, Equatable, Sendable {
        public var event: [[UInt64]] = [], timers: [[UInt64]] = [], layout: [[UInt64]] = []
        public var display: [[UInt64]] = [], render: [[UInt64]] = [], frame: [[UInt64]] = []
        public init() {}

        var all: [[[UInt64]]] {
            get { [event, timers, layout, display, render, frame] }
            set { (event, timers, layout, display, render, frame) = (newValue[0], newValue[1], newValue[2], newValue[3], newValue[4], newValue[5]) }
        }
    }

    public struct Phases: Codable, Equatable, Sendable {
        public var event = PhaseDistribution(), timers = PhaseDistribution(), layout = PhaseDistribution()
        public var display = PhaseDistribution(), render = PhaseDistribution(), frame = PhaseDistribution()
        public init() {}
    }

    enum CodingKeys: String, CodingKey {
        case schema, trace, scene, variant, device, clock, frames, hitches, interrupted, touches, counts, warnings, traces
        case replaySeconds = "replay_s", perTrace = "per_trace"
        case durationSeconds = "duration_s", refreshRate = "refresh_hz", hitchTimeMs = "hitch_time_ms", histograms = "histograms_ns"
        case hitchTimeRatio = "hitch_time_ratio_ms_per_s", hitchBand = "hitch_band"
        case backingStoreBytesPeak = "backing_store_bytes_peak", phases = "phases_us"
    }

    public init(trace: String, scene: String, variant: String, device: String, refreshRate: Int) {
        self.trace = trace
        self.scene = scene
        self.variant = variant
        self.device = device
        self.refreshRate = refreshRate
        traces = [trace]
    }

    /// Apple's band for a hitch time ratio.
    public static func band(forRatio ratio: Double) -> String {
        ratio < 5 ? "good" : ratio < 10 ? "warning" : "critical"
    }
}

/// Builds a `Summary` frame by frame, in constant memory, or by merging summaries.
public struct SummaryBuilder: Sendable {
    public private(set) var summary: Summary
    /// Phase times in nanoseconds: event, timers, layout, display, render, frame.
    public private(set) var histograms: [Histogram<UInt64>]
    private var hitchMilliseconds = 0.0

    public init(_ summary: Summary) {
        self.summary = summary
        histograms = (0..<6).map { _ in Self.makeHistogram() }
    }

    private static func makeHistogram() -> Histogram<UInt64> {
        Histogram<UInt64>(highestTrackableValue: 600_000_000_000, numberOfSignificantValueDigits: .three)
    }

    public mutating func add(_ frame: FrameRecord) {
        summary.frames += 1
        if frame.hitch > 0 {
            summary.hitches += 1
            hitchMilliseconds += frame.hitch
        }
        let p = frame.phases
        for (index, micros) in [p.event, p.timers, p.layout, p.display, p.render, p.total].enumerated() {
            _ = histograms[index].record(UInt64(max(0, micros * 1000).rounded()))
        }
        summary.counts.add(frame.counts)
        summary.backingStoreBytesPeak = max(summary.backingStoreBytesPeak, frame.counts.backingStoreBytes)
        summary.touches.add(frame.touches)
        summary.durationSeconds = frame.presented
    }

    /// The merge of `summaries` (of replays of different traces, as shards make them): counts,
    /// frames, durations and hitch times added, histograms merged exactly, so that percentiles
    /// are those of all the frames together. Scene, variant and device are kept when all agree
    /// ("mixed" otherwise).
    public static func merging(_ summaries: [Summary]) throws -> Summary {
        guard let first = summaries.first else { throw ReplayOutputError("nothing to merge") }
        func agreed(_ values: [String]) -> String { Set(values).count == 1 ? values[0] : "mixed" }
        let traces = summaries.flatMap { $0.traces ?? [$0.trace] }
        var seen = Set<String>()
        for trace in traces where !seen.insert(trace).inserted {
            throw ReplayOutputError("trace \(trace) is in two of the summaries: a shard was merged twice")
        }
        var header = Summary(trace: traces.count == 1 ? traces[0] : "\(traces.count) traces", scene: agreed(summaries.map(\.scene)),
                             variant: agreed(summaries.map(\.variant)), device: agreed(summaries.map(\.device)),
                             refreshRate: Set(summaries.map(\.refreshRate)).count == 1 ? first.refreshRate : 0)
        header.traces = traces.sorted()
        header.clock = Set(summaries.map { $0.clock ?? "" }).count == 1 ? first.clock : "mixed"
        header.replaySeconds = summaries.reduce(0.0) { $0 + ($1.replaySeconds ?? 0) }
        header.perTrace = summaries.flatMap(\.figuresPerTrace).sorted { $0.trace < $1.trace }
        var builder = SummaryBuilder(header)
        for s in summaries {
            guard let histograms = s.histograms, let hitchTime = s.hitchTimeMs else {
                throw ReplayOutputError("the summary of \(s.trace) has no histograms (made by an older uisim): replay it again")
            }
            builder.summary.frames += s.frames
            builder.summary.hitches += s.hitches
            builder.summary.durationSeconds += s.durationSeconds
            builder.summary.interrupted = builder.summary.interrupted || s.interrupted
            builder.summary.touches.add(s.touches)
            let level = max(builder.summary.counts.backingStoreBytes, s.counts.backingStoreBytes)
            builder.summary.counts.add(s.counts)
            builder.summary.counts.backingStoreBytes = level   // a level, not a count: the largest
            builder.summary.backingStoreBytesPeak = max(builder.summary.backingStoreBytesPeak, s.backingStoreBytesPeak)
            builder.summary.warnings += s.warnings.filter { !builder.summary.warnings.contains($0) }
            builder.hitchMilliseconds += hitchTime
            for (index, pairs) in histograms.all.enumerated() {
                for pair in pairs where pair.count == 2 {
                    _ = builder.histograms[index].record(pair[0], count: pair[1])
                }
            }
        }
        return builder.finished(interrupted: builder.summary.interrupted)
    }

    /// The summary with its distributions, ratios and histograms filled in.
    public func finished(interrupted: Bool) -> Summary {
        var s = summary
        s.interrupted = interrupted
        s.hitchTimeMs = hitchMilliseconds
        s.hitchTimeRatio = s.durationSeconds > 0 ? hitchMilliseconds / s.durationSeconds : 0
        s.hitchBand = Summary.band(forRatio: s.hitchTimeRatio)
        func distribution(_ h: Histogram<UInt64>) -> PhaseDistribution {
            var d = PhaseDistribution()
            guard h.totalCount > 0 else { return d }
            d.p50 = Double(h.valueAtPercentile(50)) / 1000
            d.p90 = Double(h.valueAtPercentile(90)) / 1000
            d.p99 = Double(h.valueAtPercentile(99)) / 1000
            d.max = Double(h.max) / 1000
            d.mean = h.mean / 1000
            return d
        }
        s.phases.event = distribution(histograms[0])
        s.phases.timers = distribution(histograms[1])
        s.phases.layout = distribution(histograms[2])
        s.phases.display = distribution(histograms[3])
        s.phases.render = distribution(histograms[4])
        s.phases.frame = distribution(histograms[5])
        var stored = Summary.Histograms()
        stored.all = histograms.map { h in h.recordedValues().map { [$0.value, UInt64($0.count)] } }
        s.histograms = stored
        return s
    }
}
