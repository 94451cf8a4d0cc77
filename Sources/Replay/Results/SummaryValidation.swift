import Foundation
import Traces
import QuartzCore

extension Summary {
    /// The largest count a summary may hold: what JSON numbers carry exactly (2^53).
    public static let maxCount = 1 << 53
    /// The largest time a summary may hold, in seconds or milliseconds (a week in ms, and more).
    public static let maxTime = 1e12

    /// The problems that make this summary unusable, each with the path of its value (none: it is
    /// valid). Counts are whole numbers from 0 to 2^53, times finite and not negative, histogram
    /// buckets `[value, count]` pairs that a summary's histogram can hold.
    public var problems: [FigureProblem] {
        var problems: [FigureProblem] = []
        func count(_ name: String, _ value: Int) {
            if value < 0 || value > Self.maxCount { problems.append(FigureProblem(name, "is \(value): expected 0 to 2^53")) }
        }
        func time(_ name: String, _ value: Double) {
            if !value.isFinite || value < 0 || value > Self.maxTime { problems.append(FigureProblem(name, "is \(value): expected a time from 0 to 10^12")) }
        }
        // Every figure the summary holds, by its declaration: counts whole, times and ratios finite.
        for figure in Figure.all {
            if let value = self.count(of: figure) {
                count(figure.name, value)
            } else if let value = self[figure] {
                problems += Self.problems(of: figure, value: value, at: figure.name)
            }
        }
        for (name, value) in [("duration_s", durationSeconds), ("active_s", activeSeconds), ("replay_s", replaySeconds ?? 0)] {
            time(name, value)
        }
        if hitches.total != hitches.commit + hitches.render {
            problems.append(FigureProblem("hitches.total", "is \(hitches.total): expected commit + render, \(hitches.commit + hitches.render)"))
        }
        if hierarchyWarnings != warnings.count {
            problems.append(FigureProblem("hierarchy_warnings", "is \(hierarchyWarnings): expected the \(warnings.count) warnings listed"))
        }
        for (index, o) in opportunities.enumerated() {
            for (name, value) in [("instances", o.instances), ("frames", o.frames), ("passes", o.passes), ("pixels", o.pixels)] {
                count("opportunities[\(index)].\(name)", value)
            }
            time("opportunities[\(index)].estimated_ms", o.estimatedMs)
        }
        // A transition spans at least the frame that began it, never more frames than the
        // summary has, and its hitches are some of those frames.
        for (index, t) in (transitions ?? []).enumerated() {
            let at = "transitions[\(index)]"
            if t.frames < 1 || t.frames > frames { problems.append(FigureProblem("\(at).frames", "is \(t.frames): expected 1 to the summary's \(frames) frames")) }
            time("\(at).start_s", t.startS)
            time("\(at).duration_s", t.durationS)
            time("\(at).hitch_time_ms", t.hitchTimeMs)
            if t.hitches.total != t.hitches.commit + t.hitches.render || t.hitches.total > t.frames || min(t.hitches.commit, t.hitches.render) < 0 {
                problems.append(FigureProblem("\(at).hitches", "are \(t.hitches.total) (\(t.hitches.commit) commit, \(t.hitches.render) render): expected commit + render, at most its frames"))
            }
            if !["finished", "cancelled", "unfinished"].contains(t.outcome) {
                problems.append(FigureProblem("\(at).outcome", "is \"\(t.outcome)\": expected finished, cancelled or unfinished"))
            }
        }
        for (name, pairs) in (histograms ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard Stage(rawValue: name) != nil || SummaryBuilder.distributionNames.contains(name) else {
                problems.append(FigureProblem("histograms_ns.\(name)", "is an unknown stage"))
                continue
            }
            var total: UInt64 = 0
            for (index, pair) in pairs.enumerated() {
                guard pair.count == 2, pair[0] <= SummaryBuilder.highestTrackableNanoseconds, pair[1] > 0, pair[1] <= UInt64(Self.maxCount) else {
                    problems.append(FigureProblem("histograms_ns.\(name)[\(index)]", "is \(pair): expected [value up to 6e11 ns, count from 1 to 2^53]"))
                    continue
                }
                total = total.addingReportingOverflow(pair[1]).overflow ? .max : total + pair[1]
            }
            // Each frame is recorded once per stage: the buckets count the summary's frames (and so
            // never more than 2^53, which merging many summaries must not overflow either). The
            // input latencies count touches, up to 64 a frame.
            if Stage(rawValue: name) != nil, total != UInt64(clamping: frames), problems.isEmpty {
                problems.append(FigureProblem("histograms_ns.\(name)", "counts \(total) frames, the summary \(frames)"))
            }
            let most = UInt64(clamping: frames).multipliedReportingOverflow(by: 64)
            if name.hasPrefix("input_latency."), total > (most.overflow ? .max : most.partialValue), problems.isEmpty {
                problems.append(FigureProblem("histograms_ns.\(name)", "counts \(total) touches, more than 64 for each of the summary's \(frames) frames"))
            }
        }
        // Each frame is recorded once as an overrun: late or on time, or early (headroom).
        let overruns = [SummaryBuilder.overrunHistogram, SummaryBuilder.headroomHistogram].reduce(UInt64(0)) { total, name in
            (histograms?[name] ?? []).reduce(total) { $1.count == 2 ? $0.addingReportingOverflow($1[1]).partialValue : $0 }
        }
        if histograms?[SummaryBuilder.overrunHistogram] != nil || histograms?[SummaryBuilder.headroomHistogram] != nil,
           overruns != UInt64(clamping: frames), problems.isEmpty {
            problems.append(FigureProblem("histograms_ns.overrun", "with the headroom counts \(overruns) frames, the summary \(frames)"))
        }
        for (index, entry) in (perTrace ?? []).enumerated() {
            problems += Baseline.problems(of: entry, at: "per_trace[\(index)]")
        }
        if let perTrace, Set(perTrace.map(\.trace)).count != perTrace.count {
            problems.append(FigureProblem("per_trace", "lists a trace twice"))
        }
        // A replay lists each trace it ran once: a name twice is a broken file (65), not a shard
        // merged twice, which only two summaries can be.
        var seen = Set<String>()
        if let twice = (traces ?? []).first(where: { !seen.insert($0).inserted }) {
            problems.append(FigureProblem("traces", "lists \(TraceEcho.quoted(twice)) twice"))
        }
        return problems
    }
}

extension Summary {
    /// What is wrong with `value` as `figure`'s (at `path`), by its unit: counts whole numbers from
    /// 0 to 2^53, times and ratios finite from 0 to 10^12.
    static func problems(of figure: Figure, value: Double, at path: String) -> [FigureProblem] {
        switch figure.unit {
        case .count, .pixels, .bytes:
            guard value.isFinite, value >= 0, value <= Double(maxCount), value == value.rounded() else {
                return [FigureProblem(path, "is \(Baseline.Finding.format(value)): expected a whole number from 0 to 2^53")]
            }
        case .percent:
            guard value.isFinite, value >= 0, value <= 100 else {
                return [FigureProblem(path, "is \(Baseline.Finding.format(value)): expected a share from 0 to 100 %")]
            }
        case .milliseconds where { if case .overrun = figure { return true } else { return false } }():
            // An overrun is negative when a frame was ready early (headroom).
            guard value.isFinite, abs(value) <= maxTime else {
                return [FigureProblem(path, "is \(Baseline.Finding.format(value)): expected a number within ±10^12 ms")]
            }
        case .microseconds, .milliseconds, .msPerSecond:
            guard value.isFinite, value >= 0, value <= maxTime else {
                return [FigureProblem(path, "is \(Baseline.Finding.format(value)): expected a number from 0 to 10^12 \(figure.unit.rawValue)")]
            }
        }
        return []
    }
}

extension Baseline {
    /// The problems that make this baseline unusable, each with the path of its value: a trace
    /// listed twice, a figure that is not a finite number from 0 (counts: whole, at most 2^53;
    /// times: at most 10^12 µs).
    public var problems: [FigureProblem] {
        var problems: [FigureProblem] = []
        var seen: Set<String> = []
        for (index, entry) in traces.enumerated() {
            if !seen.insert(entry.trace).inserted {
                problems.append(FigureProblem("traces[\(index)].trace", "is \(entry.trace), listed twice"))
            }
            problems += Self.problems(of: entry, at: "traces[\(index)]")
        }
        return problems
    }

    /// The problems of one trace's figures (`path` names the entry): each a finite number from 0;
    /// counts whole, at most 2^53; times at most 10^12 µs.
    static func problems(of entry: TraceFigures, at path: String) -> [FigureProblem] {
        var problems: [FigureProblem] = []
        for (name, value) in entry.figures.sorted(by: { $0.key < $1.key }) {
            let at = "\(path).figures.\(name)"
            guard let figure = Figure(name: name) else {
                problems.append(FigureProblem(at, "is not a figure uisim knows"))
                continue
            }
            problems += Summary.problems(of: figure, value: value, at: at)
        }
        if let seconds = entry.replaySeconds, !seconds.isFinite || seconds < 0 || seconds > Summary.maxTime {
            problems.append(FigureProblem("\(path).replay_s", "is \(seconds): expected a time from 0 to 10^12"))
        }
        return problems
    }
}
