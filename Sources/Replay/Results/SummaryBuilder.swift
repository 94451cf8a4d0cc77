import Foundation
import QuartzCore
import RunLoop
import Traces
import Histogram
import Support

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
