import Foundation
import QuartzCore
import RunLoop
import Traces
import Histogram
import Support

/// The distribution of one stage's time over frames, in microseconds.
public struct PhaseDistribution: Codable, Equatable, Sendable {
    public var p50 = 0.0, p90 = 0.0, p95 = 0.0, p99 = 0.0, max = 0.0, mean = 0.0
    public init() {}

    static func from(_ latency: Summary.Latency) -> PhaseDistribution {
        var d = PhaseDistribution()
        (d.p50, d.p90, d.p95, d.p99, d.max, d.mean) = (latency.p50, latency.p90, latency.p95, latency.p99, latency.max, latency.mean)
        return d
    }

    public subscript(statistic: Statistic) -> Double {
        switch statistic {
        case .p50: p50
        case .p90: p90
        case .p95: p95
        case .p99: p99
        case .max: max
        case .mean: mean
        }
    }

    /// One bucket of a distribution, in ascending order: the value its percentiles report (the
    /// bucket's highest, within the smallest and largest values recorded), the value its mean
    /// counts (the bucket's middle), and how many values it holds.
    struct Bucket {
        var value: Double, middle: Double, count: UInt64
    }

    /// The buckets of `h`, whose non-empty buckets, in order, are `recorded`; `negated`, the
    /// buckets of its values' negatives (in ascending order, so the largest of `h` first).
    static func buckets(_ h: Histogram<UInt64>, recorded: [(value: UInt64, count: UInt64)], negated: Bool = false) -> [Bucket] {
        guard h.totalCount > 0 else { return [] }
        // A percentile is never below the values it stands for: a bucket's highest value, and of
        // negated values the negative of a bucket's lowest. Unlike `valueAtPercentile`, the top
        // bucket's is not clamped to the largest value recorded: that value is lost when the
        // buckets are written to summary.json, and merged summaries must give the same figures
        // (a percentile in the top bucket is the maximum, as `max` reports it).
        guard negated else {
            return recorded.map { Bucket(value: Double($0.value), middle: Double(h.medianEquivalentForValue($0.value)), count: $0.count) }
        }
        return recorded.reversed().map {
            Bucket(value: -Double(h.lowestEquivalentForValue($0.value)), middle: -Double(h.medianEquivalentForValue($0.value)), count: $0.count)
        }
    }

    /// The distribution of `h` (nanoseconds) in microseconds, whose non-empty buckets, in order,
    /// are `recorded`: the figures HdrHistogram's `valueAtPercentile` (but in the top bucket, see
    /// `buckets`) and `mean` give, from one walk over those buckets (each of those calls walks every bucket through unspecialized
    /// generic code: 8 % of a fling's replay for 9 stages).
    init(_ h: Histogram<UInt64>, recorded: [(value: UInt64, count: UInt64)], divisor: Double = 1000) {
        self.init(Self.buckets(h, recorded: recorded), max: Double(h.max), divisor: divisor)
    }

    /// The distribution of the values in `buckets` (ascending), the largest `max`, each divided by
    /// `divisor`.
    init(_ buckets: [Bucket], max largest: Double, divisor: Double) {
        let total = buckets.reduce(0) { $0 + $1.count }
        guard total > 0 else { return }
        func percentile(_ p: Double) -> Double {
            // As valueAtPercentile: the count at `p` (less one ulp) rounded up, and the first
            // bucket that reaches it.
            let target = Swift.max(1, UInt64((p.nextDown * Double(total) / 100).rounded(.up)))
            var count: UInt64 = 0
            for bucket in buckets {
                count += bucket.count
                if count >= target { return bucket.value / divisor }
            }
            return 0
        }
        p50 = percentile(50)
        p90 = percentile(90)
        p95 = percentile(95)
        p99 = percentile(99)
        max = largest / divisor
        mean = buckets.reduce(0.0) { $0 + $1.middle * Double($1.count) } / Double(total) / divisor
    }
}

/// A set of bands for the hitch time ratio, as Apple names them.
public enum HitchBands: String, CaseIterable, Codable, Sendable {
    /// WWDC 2020 ("Eliminate animation hitches with XCTest"): good below 5 ms/s, warning from 5
    /// to 10, critical from 10.
    case wwdc2020 = "wwdc-2020"
    /// Xcode Organizer's scroll hitch rate: up to 10 ms/s, up to 25, up to 50, above 50.
    case organizer = "xcode-organizer"

    /// The band of `ratio` (ms/s): its name.
    public func band(for ratio: Double) -> String {
        switch self {
        case .wwdc2020: ["good", "warning", "critical"][min(severity(for: ratio), 2)]
        case .organizer: ["≤ 10 ms/s", "10–25 ms/s", "25–50 ms/s", "> 50 ms/s"][severity(for: ratio)]
        }
    }

    /// The bands in words.
    public var summary: String {
        switch self {
        case .wwdc2020: "WWDC 2020's bands: good below 5 ms/s, warning from 5 to 10, critical from 10"
        case .organizer: "Xcode Organizer's bands: ≤ 10, ≤ 25, ≤ 50, > 50 ms/s"
        }
    }

    /// How bad the band of `ratio` (ms/s) is, 0 (best) to 3 (worst), for colouring: WWDC 2020's
    /// good, warning and critical are 0, 1 and 3 (critical is as bad as the Organizer's worst).
    public func severity(for ratio: Double) -> Int {
        switch self {
        case .wwdc2020: ratio < 5 ? 0 : ratio < 10 ? 1 : 3
        case .organizer: ratio <= 10 ? 0 : ratio <= 25 ? 1 : ratio <= 50 ? 2 : 3
        }
    }
}

/// What a replay did, in one object: `summary.json`. Times in microseconds, from HDR histograms
/// (not from keeping every frame), over frames only (idle vsyncs are counted apart); counts are
/// exact.
public struct Summary: Codable, Equatable, Sendable {
    public static let schemaVersion = 4

    public var schema = Summary.schemaVersion
    public var trace: String
    public var scene: String
    /// The scene's variants, "name=on name=off".
    public var variant: String
    public var device: String
    /// The replay's clock: "virtual", "fixed" or "real".
    public var clock: String?
    /// What measured the app's work: "cpu" (the main thread's CPU time) or "wall"; nil in
    /// summaries of uisim before it said (wall time).
    public var appTime: String?
    /// Where the render stage's times come from: "estimated" (the cost model) or "measured" (cairo).
    public var render = "estimated"
    /// Frames: commits that had something to do.
    public var frames = 0
    /// Vsyncs with nothing to commit.
    public var idleVsyncs = 0
    /// When the last frame was presented, in seconds.
    public var durationSeconds = 0.0
    /// Seconds the UI was in motion: the union, over frames, of each frame's time from its vsync
    /// to its presentation (an interaction's first frame to its last frame on screen).
    public var activeSeconds = 0.0
    public var refreshRate: Int
    /// Frames presented late: in all, and by the stage that was late (`hitches.commit`).
    public var hitches = HitchCounts()
    /// Hitch time in all and by the stage that was late, in ms (each late frame counted once).
    public var hitchTimeMs = HitchTimes()
    /// Hitch time per second of active time, in ms/s (Apple's hitch time ratio): never above 1 000.
    public var hitchTimeRatio = 0.0
    public var hitchBands = HitchBands.wwdc2020
    public var hitchBand = "good"
    /// The user's text size the app ran at (`--content-size`: "large", "accessibility-medium"…);
    /// nil in summaries of uisim before it said (large).
    public var contentSize: String?
    /// Light or dark (`--appearance`); nil in summaries of uisim before it said (light).
    public var appearance: String?
    /// Whether the replay was interrupted before the end of the trace.
    public var interrupted = false
    public var touches = FrameRecord.Touches()
    public var counts = FrameRecord.Counts()
    /// The most backing-store bytes alive at once.
    public var backingStoreBytesPeak = 0
    public var stages = Stages()
    /// Problems with how the scene's views are built (see `UIView.hierarchyWarnings()`).
    public var warnings: [String] = []
    /// How many `warnings` there are.
    public var hierarchyWarnings = 0
    /// What Auto Layout reported while the scene was built and replayed, as UIKit logs it
    /// (unsatisfiable constraints and the one it broke, a constraint without a common ancestor);
    /// nil when nothing was.
    public var layoutIssues: [String]?
    /// The render server's estimated work over the whole replay; nil when it was measured.
    public var renderEstimate: RenderEstimate?
    /// The frames' overrun (ready minus expected presentation), ms: negative is headroom.
    public var overrunMs = PhaseDistribution()
    /// Frames whose work took longer than a frame interval.
    public var jankyFrames = JankyFrames()
    /// Input latency by touch phase, ms: from the oldest hardware sample a delivered touch reflects
    /// to the presentation of the frame that shows it (touches delivered in vsyncs that changed
    /// nothing on screen have none).
    public var inputLatencyMs = InputLatency()

    public struct JankyFrames: Codable, Equatable, Sendable {
        public var count = 0
        /// Of the frames, in %.
        public var share = 0.0
        public init() {}
    }

    /// A distribution of latencies and how many there were (none: every statistic is 0).
    public struct Latency: Codable, Equatable, Sendable {
        public var count = 0
        public var p50 = 0.0, p90 = 0.0, p95 = 0.0, p99 = 0.0, max = 0.0, mean = 0.0

        public init(count: Int = 0, _ d: PhaseDistribution = PhaseDistribution()) {
            self.count = count
            (p50, p90, p95, p99, max, mean) = (d.p50, d.p90, d.p95, d.p99, d.max, d.mean)
        }

        public subscript(statistic: Statistic) -> Double {
            PhaseDistribution.from(self)[statistic]
        }
    }

    /// Input latency by touch phase.
    public typealias InputLatency = ByTouchPhase<Latency>

    /// The layers that needed offscreen passes, costliest first (Xcode's "Optimization
    /// Opportunities").
    public var opportunities: [Opportunity] = []
    /// The traces the summary covers (one for a replay; several once merged).
    public var traces: [String]?
    /// The stage histograms themselves, so that summaries merge exactly (`uisim merge`).
    public var histograms: Histograms?
    /// How long the replay took, in seconds of wall time (the sum, once merged).
    public var replaySeconds: Double?
    /// Each trace's gated figures, in a summary of several traces (nil for one trace: its
    /// figures are the summary's own), so that `check` names the trace that changed.
    public var perTrace: [TraceFigures]?
    /// Each screen transition (push, pop, interactive pop, present, dismiss, tab switch) in the
    /// order they began, with the frames that showed it and their hitches; nil when there were none.
    public var transitions: [TransitionFigures]?

    /// One screen transition: the frames from the one whose event phase began it to the one
    /// that ended it, and their hitches (a commit hitch there is the incoming screen's first
    /// layout and draw, most often).
    public struct TransitionFigures: Codable, Equatable, Sendable {
        /// "push", "pop", "interactive pop", "present", "dismiss" or "tab switch".
        public var kind: String
        /// The type of the screen shown (pushed, popped to, presented, dismissed, selected).
        public var screen: String
        /// "finished", "cancelled", or "unfinished" (the replay ended first).
        public var outcome: String
        /// The trace it happened in (several once merged).
        public var trace: String?
        /// When its first frame's vsync came, and how long until its last frame was presented, s.
        public var startS: Double
        public var durationS: Double
        public var frames: Int
        public var hitches = Summary.HitchCounts(repeating: 0)
        public var hitchTimeMs = 0.0

        enum CodingKeys: String, CodingKey {
            case kind, screen, outcome, trace, frames, hitches
            case startS = "start_s", durationS = "duration_s", hitchTimeMs = "hitch_time_ms"
        }

        /// "push MessageViewController: 22 frames in 0.37 s, 1 commit hitch".
        public var sentence: String {
            let late = hitches.total == 0 ? "no hitch"
                : [hitches.commit > 0 ? "\(hitches.commit) commit hitch\(hitches.commit == 1 ? "" : "es")" : nil,
                   hitches.render > 0 ? "\(hitches.render) render hitch\(hitches.render == 1 ? "" : "es")" : nil]
                    .compactMap { $0 }.joined(separator: ", ") + String(format: " (%.1f ms)", hitchTimeMs)
            return "\(kind) \(screen)\(outcome == "finished" ? "" : " (\(outcome))"): \(frames) frame\(frames == 1 ? "" : "s") in "
                + String(format: "%.2f s, ", durationS) + late
        }
    }

    /// Hitches in all and by kind (`total` is `commit + render`).
    public typealias HitchCounts = ByHitchKind<Int>

    /// Hitch time in all and by kind, in ms.
    public typealias HitchTimes = ByHitchKind<Double>

    /// The render server's estimated work over the whole replay (`render_estimate_us.total`).
    public struct RenderEstimate: Codable, Equatable, Sendable {
        /// In µs: deterministic, gated exactly (a per-frame statistic would rise when fewer, larger
        /// frames do less work in all).
        public var total = 0.0
    }

    /// Each stage's distribution over frames.
    public struct Stages: Codable, Equatable, Sendable {
        private var values = [PhaseDistribution](repeating: PhaseDistribution(), count: Stage.allCases.count)
        public init() {}

        public subscript(stage: Stage) -> PhaseDistribution {
            get { values[Stage.allCases.firstIndex(of: stage)!] }
            set { values[Stage.allCases.firstIndex(of: stage)!] = newValue }
        }

        public var app: PhaseDistribution { self[.app] }
        public var render: PhaseDistribution { self[.render] }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: FrameRecord.Key.self)
            for stage in Stage.allCases { try container.encode(self[stage], forKey: FrameRecord.Key(stage.rawValue)) }
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: FrameRecord.Key.self)
            for stage in Stage.allCases { self[stage] = try container.decode(PhaseDistribution.self, forKey: FrameRecord.Key(stage.rawValue)) }
        }
    }

    /// The stage histograms (nanoseconds), by stage name, as their non-empty buckets: `[value,
    /// count]` pairs, each value recording into the same bucket of a histogram made like
    /// `SummaryBuilder`'s.
    public typealias Histograms = [String: [[UInt64]]]

    enum CodingKeys: String, CodingKey {
        case appTime = "app_time"
        case schema, trace, scene, variant, device, clock, render, frames, hitches, interrupted, touches, counts, warnings, traces, opportunities
        case idleVsyncs = "idle_vsyncs", durationSeconds = "duration_s", activeSeconds = "active_s", refreshRate = "refresh_hz"
        case hitchTimeMs = "hitch_time_ms"
        case hitchTimeRatio = "hitch_time_ratio_ms_per_s", hitchBands = "hitch_bands", hitchBand = "hitch_band"
        case backingStoreBytesPeak = "backing_store_bytes_peak", stages = "stages_us", histograms = "histograms_ns"
        case hierarchyWarnings = "hierarchy_warnings", renderEstimate = "render_estimate_us"
        case overrunMs = "overrun_ms", jankyFrames = "janky_frames", inputLatencyMs = "input_latency_ms"
        case replaySeconds = "replay_s", perTrace = "per_trace", layoutIssues = "layout_issues"
        case contentSize = "content_size", transitions, appearance
    }

    public init(trace: String, scene: String, variant: String, device: String, refreshRate: Int) {
        self.trace = trace
        self.scene = scene
        self.variant = variant
        self.device = device
        self.refreshRate = refreshRate
        traces = [trace]
    }
}

/// Builds a `Summary` frame by frame, in constant memory, or by merging summaries.
public struct SummaryBuilder: Sendable {
    public private(set) var summary: Summary
    /// Stage times in nanoseconds, in `Stage.allCases` order.
    public private(set) var histograms: [Histogram<UInt64>]
    /// The other distributions' histograms, by their name in `histograms_ns`: the overrun (ns) of
    /// frames late or on time, the headroom (ns, the overrun's negative) of frames early, and each
    /// touch phase's input latency (ns). The overrun takes two histograms as a histogram's
    /// precision is relative to its values: one histogram offset to hold negatives would keep
    /// a millisecond where these keep a microsecond.
    public private(set) var distributions: [String: Histogram<UInt64>] = [:]
    /// The names of the overrun's histograms and of a phase's input latency's.
    public static let overrunHistogram = "overrun", headroomHistogram = "headroom"
    public static func latencyHistogram(_ phase: TouchPhase) -> String { latencyHistograms[phase] }
    private static let latencyHistograms: ByTouchPhase<String> = {
        var names = ByTouchPhase(repeating: "")
        for phase in TouchPhase.allCases { names[phase] = "input_latency.\(phase.rawValue)" }
        return names
    }()
    /// The active interval being extended: [start, end].
    private var active: (start: Double, end: Double)?
    private var ledger = OpportunityLedger()
    /// Transitions begun and not yet ended, by their window's id, in the order they began.
    private var openTransitions: [(id: Int, figures: Summary.TransitionFigures)] = []

    public init(_ summary: Summary) {
        self.summary = summary
        histograms = Stage.allCases.map { _ in Self.makeHistogram() }
    }

    /// The largest stage time a histogram holds: 600 s, in nanoseconds.
    public static let highestTrackableNanoseconds: UInt64 = 600_000_000_000

    /// The names of the distributions beside the stages' in `histograms_ns`.
    public static let distributionNames = [overrunHistogram, headroomHistogram] + TouchPhase.allCases.map(latencyHistogram)

    private static func makeHistogram() -> Histogram<UInt64> {
        Histogram<UInt64>(highestTrackableValue: highestTrackableNanoseconds, numberOfSignificantValueDigits: .three)
    }

    /// Adds a record: a frame (its figures, histograms and offscreen passes), or idle vsyncs and
    /// the touches they delivered.
    public mutating func add(_ frame: FrameRecord) {
        if frame.kind == .idle {
            summary.idleVsyncs += frame.idleVsyncs
            summary.touches.add(frame.touches)
            return
        }
        if !frame.offscreen.isEmpty { ledger.add(frame.offscreen) }
        summary.frames += 1
        summary.hitches.count(frame)
        summary.hitchTimeMs.add(frame)
        for (index, stage) in Stage.allCases.enumerated() {
            _ = histograms[index].record(UInt64(min(max(0, frame.stages[stage] * 1000), 5e11).rounded()))
        }
        let overrun = frame.overrun * 1e6   // ns
        record(overrun < 0 ? Self.headroomHistogram : Self.overrunHistogram, UInt64(min(abs(overrun), 5e11).rounded()))
        if summary.refreshRate > 0, frame.stages[.frame] > 1e6 / Double(summary.refreshRate) { summary.jankyFrames.count += 1 }
        for input in frame.inputs {
            let phase: TouchPhase = switch input.phase {
            case .began: .began
            case .ended: .ended
            case .cancelled: .cancelled
            default: .moved
            }
            record(Self.latencyHistogram(phase), UInt64(min(max(0, (frame.presented - input.sampleTime) * 1e9), 5e11).rounded()))
        }
        if !frame.transitions.isEmpty || !openTransitions.isEmpty { addTransitions(frame) }
        summary.counts.add(frame.counts)
        summary.backingStoreBytesPeak = max(summary.backingStoreBytesPeak, frame.counts.backingStoreBytes)
        summary.touches.add(frame.touches)
        summary.durationSeconds = max(summary.durationSeconds, frame.presented)
        if let current = active, frame.vsync <= current.end + 1e-9 {
            active = (current.start, max(current.end, frame.presented))
        } else {
            if let current = active { summary.activeSeconds += current.end - current.start }
            active = (frame.vsync, frame.presented)
        }
    }

    /// Opens the transitions the frame began, counts the frame in every open one, and closes
    /// those it ended.
    private mutating func addTransitions(_ frame: FrameRecord) {
        for event in frame.transitions where event.phase == .began {
            openTransitions.append((event.id, Summary.TransitionFigures(kind: event.kind.rawValue, screen: event.name, outcome: "unfinished",
                                                                        trace: nil, startS: frame.vsync, durationS: 0, frames: 0)))
        }
        for index in openTransitions.indices {
            openTransitions[index].figures.frames += 1
            openTransitions[index].figures.durationS = frame.presented - openTransitions[index].figures.startS
            openTransitions[index].figures.hitches.count(frame)
            openTransitions[index].figures.hitchTimeMs += frame.hitchType == .none ? 0 : frame.hitch
        }
        for event in frame.transitions where event.phase != .began {
            guard let index = openTransitions.firstIndex(where: { $0.id == event.id }) else { continue }
            var figures = openTransitions.remove(at: index).figures
            figures.outcome = event.phase.rawValue
            summary.transitions = (summary.transitions ?? []) + [figures]
        }
    }

    /// Records `value` in the distribution called `name`.
    private mutating func record(_ name: String, _ value: UInt64, count: UInt64 = 1) {
        // In place: a copy taken out of the dictionary and put back copies the histogram's counts.
        _ = distributions[name, default: Self.makeHistogram()].record(value, count: count)
    }

    /// The first setting in which `summaries` differ, if any (scene, variant, device, refresh rate,
    /// clock, app time, render, hitch bands): summaries made differently do not add up to one
    /// run's, so `uisim merge` refuses them unless asked.
    public static func differingSetting(_ summaries: [Summary]) -> (name: String, first: String, other: String)? {
        guard let first = summaries.first else { return nil }
        let settings: [(String, (Summary) -> String)] = [
            ("scene", \.scene), ("variant", \.variant), ("device", \.device), ("refresh rate", { "\($0.refreshRate) Hz" }),
            ("clock", { $0.clock ?? "unknown" }), ("app time", { $0.appTime ?? AppTime.wall.rawValue }), ("render", \.render),
            ("hitch bands", \.hitchBands.rawValue), ("content size", { $0.contentSize ?? "large" }),
            ("appearance", { $0.appearance ?? "light" }),
        ]
        for (name, value) in settings {
            if let other = summaries.first(where: { value($0) != value(first) }) { return (name, value(first), value(other)) }
        }
        return nil
    }

    /// The merge of `summaries` (of replays of different traces, as shards make them): counts,
    /// frames, durations, active times and hitches added, histograms merged exactly, so that
    /// percentiles are those of all the frames together. Scene, variant, device and clock are
    /// kept when all agree ("mixed" otherwise).
    public static func merging(_ summaries: [Summary]) throws -> Summary {
        guard let first = summaries.first else { throw UsageError("nothing to merge") }
        func agreed(_ values: [String]) -> String { Set(values).count == 1 ? values[0] : "mixed" }
        let traces = summaries.flatMap { $0.traces ?? [$0.trace] }
        var seen = Set<String>()
        for trace in traces where !seen.insert(trace).inserted {
            throw UsageError("trace \(trace) is in two of the summaries: a shard was merged twice")
        }
        var header = Summary(trace: traces.count == 1 ? traces[0] : "\(traces.count) traces", scene: agreed(summaries.map(\.scene)),
                             variant: agreed(summaries.map(\.variant)), device: agreed(summaries.map(\.device)),
                             refreshRate: Set(summaries.map(\.refreshRate)).count == 1 ? first.refreshRate : 0)
        header.traces = traces.sorted()
        header.clock = agreed(summaries.map { $0.clock ?? "" })
        header.appTime = agreed(summaries.map { $0.appTime ?? AppTime.wall.rawValue })
        header.render = agreed(summaries.map(\.render))
        header.hitchBands = first.hitchBands
        header.contentSize = agreed(summaries.map { $0.contentSize ?? "large" })
        header.appearance = agreed(summaries.map { $0.appearance ?? "light" })
        header.replaySeconds = summaries.reduce(0.0) { $0 + ($1.replaySeconds ?? 0) }
        header.perTrace = summaries.flatMap(\.figuresPerTrace).sorted { $0.trace < $1.trace }
        var builder = SummaryBuilder(header)
        // Each summary counts at most 2^53 frames (`Summary.problems`); their sum must too, or the
        // histograms' counts would overflow.
        let frames = summaries.reduce(0.0) { $0 + Double($1.frames) }
        guard frames <= Double(Summary.maxCount) else {
            throw UsageError("the summaries count \(frames) frames in all, more than 2^53: merge fewer at once")
        }
        for s in summaries {
            guard let histograms = s.histograms else {
                throw FileError.malformed("the summary of \(s.trace)", "has no histograms_ns (made by an older uisim): replay it again")
            }
            var total = builder.summary
            // Counts read from files are at most 2^53 (`Summary.problems`); sums saturate.
            total.frames.addSaturating(s.frames)
            total.idleVsyncs.addSaturating(s.idleVsyncs)
            for kind in HitchKind.allCases {
                total.hitches[kind].addSaturating(s.hitches[kind])
                total.hitchTimeMs[kind] += s.hitchTimeMs[kind]
            }
            total.durationSeconds += s.durationSeconds
            total.activeSeconds += s.activeSeconds
            total.interrupted = total.interrupted || s.interrupted
            total.touches.add(s.touches)   // saturating
            let level = max(total.counts.backingStoreBytes, s.counts.backingStoreBytes)
            total.counts.add(s.counts)
            total.counts.backingStoreBytes = level   // a level, not a count: the largest
            total.backingStoreBytesPeak = max(total.backingStoreBytesPeak, s.backingStoreBytesPeak)
            total.warnings += s.warnings.filter { !total.warnings.contains($0) }
            for issue in s.layoutIssues ?? [] where !(total.layoutIssues ?? []).contains(issue) {
                total.layoutIssues = (total.layoutIssues ?? []) + [issue]
            }
            total.jankyFrames.count.addSaturating(s.jankyFrames.count)
            if let transitions = s.transitions {
                total.transitions = (total.transitions ?? []) + transitions.map { t in
                    var t = t
                    t.trace = t.trace ?? s.trace
                    return t
                }
            }
            total.opportunities = OpportunityLedger.merging([total.opportunities, s.opportunities])
            builder.summary = total
            for (index, stage) in Stage.allCases.enumerated() {
                for pair in histograms[stage.rawValue] ?? [] where pair.count == 2 {
                    _ = builder.histograms[index].record(pair[0], count: pair[1])
                }
            }
            for name in Self.distributionNames {
                for pair in histograms[name] ?? [] where pair.count == 2 { builder.record(name, pair[0], count: pair[1]) }
            }
        }
        return builder.finished(interrupted: builder.summary.interrupted)
    }

    /// The summary with its distributions, ratios and histograms filled in.
    public func finished(interrupted: Bool) -> Summary {
        var s = summary
        s.interrupted = interrupted
        // Transitions the replay ended in the middle of.
        if !openTransitions.isEmpty { s.transitions = (s.transitions ?? []) + openTransitions.map(\.figures) }
        if s.transitions != nil, let trace = s.traces?.first, s.traces?.count == 1 {
            for index in s.transitions!.indices where s.transitions![index].trace == nil { s.transitions![index].trace = trace }
        }
        if !ledger.isEmpty { s.opportunities = ledger.opportunities }
        if let current = active { s.activeSeconds += current.end - current.start }
        s.hitchTimeRatio = s.activeSeconds > 0 ? s.hitchTimeMs.total / s.activeSeconds : 0
        s.hierarchyWarnings = s.warnings.count
        s.hitchBand = s.hitchBands.band(for: s.hitchTimeRatio)
        var stored = Summary.Histograms()
        func recorded(_ h: Histogram<UInt64>) -> [(value: UInt64, count: UInt64)] {
            h.recordedValues().map { (value: $0.value, count: UInt64($0.count)) }
        }
        for (index, stage) in Stage.allCases.enumerated() {
            let recorded = recorded(histograms[index])
            s.stages[stage] = PhaseDistribution(histograms[index], recorded: recorded)
            stored[stage.rawValue] = recorded.map { [$0.value, $0.count] }
        }
        for name in Self.distributionNames {
            guard let histogram = distributions[name] else { continue }
            let recorded = recorded(histogram)
            stored[name] = recorded.map { [$0.value, $0.count] }
            if let phase = TouchPhase.allCases.first(where: { Self.latencyHistogram($0) == name }) {
                s.inputLatencyMs[phase] = Summary.Latency(count: Int(histogram.totalCount),
                                                          PhaseDistribution(histogram, recorded: recorded, divisor: 1e6))
            }
        }
        // The overrun: the headroom's values negated (most headroom first), then the late ones.
        let headroom = distributions[Self.headroomHistogram], late = distributions[Self.overrunHistogram]
        let buckets = headroom.map { PhaseDistribution.buckets($0, recorded: recorded($0), negated: true) } ?? []
        let lateBuckets = late.map { PhaseDistribution.buckets($0, recorded: recorded($0)) } ?? []
        if let largest = late.flatMap({ $0.totalCount > 0 ? Double($0.max) : nil }) ?? headroom.map({ -Double($0.min) }) {
            s.overrunMs = PhaseDistribution(buckets + lateBuckets, max: largest, divisor: 1e6)
        }
        s.jankyFrames.share = s.frames > 0 ? Double(s.jankyFrames.count) / Double(s.frames) * 100 : 0
        s.histograms = stored
        s.renderEstimate = s.render == RenderMode.estimated.rawValue ? Summary.RenderEstimate(total: (s.stages.render.mean * Double(s.frames)).rounded()) : nil
        return s
    }
}

extension ByHitchKind where Value == Int {
    /// Counts `frame`'s hitch, if it has one: in all, and as a commit or a render hitch.
    mutating func count(_ frame: FrameRecord) {
        guard frame.hitchType != .none else { return }
        total += 1
        self[frame.hitchType == .commit ? .commit : .render] += 1
    }
}

extension ByHitchKind where Value == Double {
    /// Adds `frame`'s hitch time (0 without a hitch): in all, and to its kind.
    mutating func add(_ frame: FrameRecord) {
        guard frame.hitchType != .none else { return }
        total += frame.hitch
        self[frame.hitchType == .commit ? .commit : .render] += frame.hitch
    }
}
